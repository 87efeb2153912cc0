import type { I18n, Messages } from '@lingui/core'
import { LOCALE_STORAGE_KEY, type Locale } from './locales'

/** Options of {@link activateLocale}. */
export interface ActivateOptions {
  /**
   * Keep the choice in localStorage (default true). Pass false for a language merely guessed
   * from the browser, so a later browser-language change still takes effect.
   */
  persist?: boolean
  /**
   * The catalog, already loading (from {@link loadCatalog}), so a caller that started the
   * request early does not start a second one. Default: loaded now.
   */
  messages?: Promise<Messages>
  /**
   * Runs the switch itself; a language change under a rendered page passes React's
   * `startTransition`, so pages reading a catalog part with `use` keep what they show (and hold,
   * such as the card element with a typed number) instead of falling back while they re-read.
   * Default: at once (the first activation, before anything renders).
   */
  transition?: (apply: () => void) => void
}

/**
 * Each language's compiled catalog, a lazily loaded chunk (TOOLCHAIN.md). Written out rather
 * than as one template import: that needed Vite's variable-import helper in the menu's bundle
 * (docs/performance.md, "smaller equivalents in the entry").
 */
const catalogChunks: Record<Locale, () => Promise<unknown>> = {
  sv: () => import('../../locales/sv/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  fi: () => import('../../locales/fi/messages.po'),
}

/**
 * Loads the compiled catalog of `locale` (a lazily loaded chunk per language, TOOLCHAIN.md).
 * Rejects when the chunk cannot be loaded (offline, stale build).
 */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages } = (await catalogChunks[locale]()) as { messages: Messages }
  return messages
}

/** Loads one more catalog of a language (see {@link addCatalog}). */
export type CatalogLoader = (locale: Locale) => Promise<Messages>

/** Catalogs added to an instance besides the app's own (see {@link addCatalog}). */
const addedCatalogs = new WeakMap<I18n, Set<CatalogLoader>>()

/**
 * Keeps the catalog `load` gives on `i18n` from now on: {@link activateLocale} loads it with
 * the app's own for every later language (the owner pages' texts, see
 * `./catalog-parts`). It does not load anything now.
 */
export function addCatalog(i18n: I18n, load: CatalogLoader): void {
  const added = addedCatalogs.get(i18n) ?? new Set<CatalogLoader>()
  added.add(load)
  addedCatalogs.set(i18n, added)
}

/**
 * Makes `locale` the active language at once, before its catalog is here, so code that reads
 * the language (route matching, a loader's catalog part) can run while {@link activateLocale}
 * loads it. Nothing should render until that resolves: a message without its catalog shows
 * its id. Keeps whatever of `locale` is loaded already.
 */
export function activatePending(i18n: I18n, locale: Locale): void {
  if (i18n.locale === locale) return
  // `load` merges (an empty catalog keeps what is there) and makes `activate` find one.
  i18n.load(locale, {})
  i18n.activate(locale)
}

/**
 * Loads the catalog of `locale` (and those added with {@link addCatalog}), activates it on
 * `i18n`, points `<html lang>` at it and,
 * unless told otherwise, remembers the choice (CONTRACT.md "Language").
 * Storage failures (private mode, quota, disabled cookies) are ignored: the language still
 * switches for this page. Rejects only if the catalog chunk cannot be loaded.
 */
export async function activateLocale(i18n: I18n, locale: Locale, options: ActivateOptions = {}): Promise<void> {
  const catalogs = await Promise.all([options.messages ?? loadCatalog(locale), ...[...(addedCatalogs.get(i18n) ?? [])].map((load) => load(locale))])
  const apply = () => i18n.loadAndActivate({ locale, messages: Object.assign({}, ...catalogs) as Messages })
  if (options.transition) options.transition(apply)
  else apply()
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
