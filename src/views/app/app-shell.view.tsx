import type { ReactNode } from 'react'
import { LanguageSwitcher } from './language-switcher.view'
import * as styles from './app-shell.css'

/**
 * Frame around every page: a slim bar with the language switcher (CONTRACT.md "Language":
 * visible on every page), then the page. Pages bring their own header and `<main>`.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <div className={styles.utilityBar}>
        <LanguageSwitcher />
      </div>
      {children}
    </>
  )
}
