import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { LanguageSwitcher } from './language-switcher.view'
import * as styles from './app-shell.css'

/**
 * Frame around every page: a slim bar with the language switcher (CONTRACT.md "Language":
 * visible on every page), then the page. Pages bring their own header and `<main>`.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  return (
    <>
      {/* A named region, so that all content sits in a landmark (axe "region"). */}
      <section className={styles.utilityBar} aria-label={t`Language settings`}>
        <LanguageSwitcher />
      </section>
      {children}
    </>
  )
}
