import type { ReactNode } from 'react'
import { i18n as defaultI18n, type I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'

/** Props of {@link TestProvider}. */
export interface TestProviderProps {
  children: ReactNode
  /** Lingui instance to render with; defaults to the shared one, English by `tests/setup.ts`. */
  i18n?: I18n
}

/**
 * The one wrapper component tests render inside (STYLE.md §1): Lingui's provider. The
 * default theme's variables live on `:root`, so no theme class is needed.
 * Use as `render(ui, { wrapper: TestProvider })`.
 */
export function TestProvider({ children, i18n = defaultI18n }: TestProviderProps) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}
