import type { I18n, Messages } from '@lingui/core'
import { LOCALE_STORAGE_KEY, type Locale } from './locales'

/** Options of {@link activateLocale}. */
export interface ActivateOptions {
  /**
   * Keep the choice in localStorage (default true). Pass false for a language merely guessed
   * from the browser, so a later browser-language change still takes effect.
   */
  persist?: boolean
}

/**
 * Loads the catalog of `locale`, activates it on `i18n`, points `<html lang>` at it and,
 * unless told otherwise, remembers the choice (CONTRACT.md "Language").
 * Storage failures (private mode, quota, disabled cookies) are ignored: the language still
 * switches for this page. Rejects only if the catalog chunk cannot be loaded.
 */
export async function activateLocale(i18n: I18n, locale: Locale, options: ActivateOptions = {}): Promise<void> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
  if (options.persist ?? true) writeStoredLocale(locale)
}

/** The stored language choice as saved, or null when absent or storage is unavailable. */
export function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY)
  } catch {
    return null
  }
}

function writeStoredLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // Storage can be disabled or full; the choice then lasts only for this page.
  }
}
