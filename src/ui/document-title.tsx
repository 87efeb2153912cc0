import { createContext, use, useLayoutEffect, type ReactNode } from 'react'

/** The part of the title every page below shares (the shop's title). */
const TitleScope = createContext<string | null>(null)

/** Props of {@link DocumentTitleScope}. */
export interface DocumentTitleScopeProps {
  /** Shown after each page's own name, e.g. the shop's title. */
  title: string
  children: ReactNode
}

/** Gives every page below a common last part of its title (`Your cart – Café Söder`). */
export function DocumentTitleScope({ title, children }: DocumentTitleScopeProps) {
  return <TitleScope value={title}>{children}</TitleScope>
}

/**
 * Names the page in the browser's tab and history (WCAG 2.4.2 Page Titled): `{page} – {scope}`,
 * or either alone (`page` null: the scope's title, as on the menu). `page` may be several
 * visible texts, most specific first, so a state names what it shows before the page it is on
 * (`The link is too old. … – Reset password`). Call it in the view that is the page, not in a
 * layout: effects run child first, so a layout would overwrite its page.
 */
export function useDocumentTitle(page: string | readonly string[] | null): void {
  const scope = use(TitleScope)
  const title = [page, scope].flat().filter(Boolean).join(' – ')
  // A layout effect: React re-runs it when a suspended page shows again after its loading
  // fallback (which names itself 'Loading'); a passive effect would leave that name behind.
  useLayoutEffect(() => {
    if (title) document.title = title
  }, [title])
}
