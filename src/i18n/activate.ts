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
}

/**
 * Each language's compiled catalog, a lazily loaded chunk (TOOLCHAIN.md). Written out rather
 * than as one template import: that needed Vite's variable-import helper in the menu's bundle
 * (issue 6: about 0.2 kB gzip).
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
 * the app's own for every later language (the owner pages' texts, issue 6, see
 * `./owner-catalog`). It does not load anything now.
 */
export function addCatalog(i18n: I18n, load: CatalogLoader): void {
  const added = addedCatalogs.get(i18n) ?? new Set<CatalogLoader>()
  added.add(load)
  addedCatalogs.set(i18n, added)
}

/**
 * Makes `locale` the active language at once, before its catalog is here: components can
 * render (and routes start their requests) while {@link activateLocale} loads it. Until then
 * every message renders as empty text, so the caller keeps that output out of sight (issue 6:
 * the catalog's round trip then overlaps the shop's instead of preceding it).
 */
export function activatePending(i18n: I18n, locale: Locale): void {
  pendingCatalogs.add(i18n)
  // Only messages missing from the loaded catalog reach the compiler (compiled ones are
  // arrays): empty text while the catalog is on its way, the id as before once it is here,
  // and no console warning per message either way.
  // The compiler Lingui set up itself (development and tests compile missing messages; a
  // production build has none and then shows the id as is).
  const own = (i18n as unknown as { _messageCompiler?: MessageCompiler })._messageCompiler
  if (!compilerWrapped.has(i18n)) {
    compilerWrapped.add(i18n)
    i18n.setMessagesCompiler((message) => (pendingCatalogs.has(i18n) ? [] : own ? own(message) : [message]))
  }
  if (i18n.locale !== locale) i18n.loadAndActivate({ locale, messages: {} })
}

/** Instances rendering before their catalog arrived (see {@link activatePending}). */
const pendingCatalogs = new WeakSet<I18n>()
/** Instances whose message compiler is already wrapped (wrap once, not per language change). */
const compilerWrapped = new WeakSet<I18n>()
type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0]

/**
 * Loads the catalog of `locale` (and those added with {@link addCatalog}), activates it on
 * `i18n`, points `<html lang>` at it and,
 * unless told otherwise, remembers the choice (CONTRACT.md "Language").
 * Storage failures (private mode, quota, disabled cookies) are ignored: the language still
 * switches for this page. Rejects only if the catalog chunk cannot be loaded.
 */
export async function activateLocale(i18n: I18n, locale: Locale, options: ActivateOptions = {}): Promise<void> {
  const catalogs = await Promise.all([options.messages ?? loadCatalog(locale), ...[...(addedCatalogs.get(i18n) ?? [])].map((load) => load(locale))])
  pendingCatalogs.delete(i18n)
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...catalogs) as Messages })
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
