/**
 * The app's languages and how the active one is chosen (CONTRACT.md "Language", SPEC §9).
 * Pure functions: no DOM, no storage, so the choice rules are testable as a table.
 */

/** Languages the app ships catalogs for; the first match wins, English is the fallback. */
export const locales = ['sv', 'en', 'fi'] as const

/** An app language tag (BCP 47 primary subtag). */
export type Locale = (typeof locales)[number]

/** Fallback language when nothing matches (SPEC §1). */
const defaultLocale: Locale = 'en'

/** localStorage key that keeps the visitor's explicit choice. */
export const LOCALE_STORAGE_KEY = 'storefront.locale'

/** Native names shown by the language switcher; never translated, so a reader finds their own. */
export const localeNames: Record<Locale, string> = { sv: 'Svenska', en: 'English', fi: 'Suomi' }

/** True when `value` is one of {@link locales} exactly. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/**
 * Maps a language tag to an app locale, or null when it names none of them.
 * Accepts region and script subtags, `_` separators and any case (`sv-SE`, `fi_FI`, `EN-gb`).
 * The spec's key `se` is taken as Swedish unless `seIsSwedish` is false: the platform uses it,
 * although BCP 47 `se` is Northern Sami (CONTRACT.md "Language").
 * @internal exported for its unit tests (knip --production)
 */
export function normalizeLocale(tag: string | null | undefined, seIsSwedish = true): Locale | null {
  if (!tag) return null
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
  if (primary === 'se') return seIsSwedish ? 'sv' : null
  return isLocale(primary) ? primary : null
}

/**
 * The `?lang=` value as an app locale: exactly `sv`, `en` or `fi` in any case, or the spec's key
 * `se` (CONTRACT.md "Language": `?lang=sv|en|fi`). A region-tagged value is not the customer's
 * choice: Viva's checkout sends the customer back with `lang=en-GB`, its own page's language.
 */
export function localeFromParam(value: string | null | undefined): Locale | null {
  return value && /[-_]/.test(value) ? null : normalizeLocale(value)
}

/** Reads the `lang` query parameter of a `location.search` string (with or without `?`). */
export function localeFromSearch(search: string): Locale | null {
  return localeFromParam(new URLSearchParams(search).get('lang'))
}

/** What {@link detectLocale} looks at, in priority order. */
export interface LocaleSources {
  /** `location.search`, e.g. `?lang=fi`. */
  search: string
  /** The stored explicit choice (localStorage), or null. */
  stored: string | null
  /** `navigator.languages`, most preferred first. */
  navigatorLanguages: readonly string[]
}

/**
 * Picks the language for a page load (CONTRACT.md "Language"): the `lang` query parameter
 * wins, then the stored choice, then the first of the browser's languages that matches,
 * else English. The alias `se` counts in the query and the stored choice only: among the
 * browser's languages it means Northern Sami. Invalid values at any level are skipped.
 */
export function detectLocale({ search, stored, navigatorLanguages }: LocaleSources): Locale {
  const fromQuery = localeFromSearch(search)
  if (fromQuery) return fromQuery
  const fromStorage = normalizeLocale(stored)
  if (fromStorage) return fromStorage
  for (const tag of navigatorLanguages) {
    // A browser's `se` is Northern Sami (BCP 47), not the spec's key for Swedish.
    const match = normalizeLocale(tag, false)
    if (match) return match
  }
  return defaultLocale
}
