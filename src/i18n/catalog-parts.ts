import { createElement, use, type ComponentType } from 'react'
import { useLingui } from '@lingui/react'
import type { I18n, Messages } from '@lingui/core'
import { addCatalog, type CatalogLoader } from './activate'
import type { Locale } from './locales'

/**
 * The catalogs besides the app's own `messages` (lingui.config.ts; the menu loads
 * only its own texts): `pages`, the customer's pages beyond the menu (product, cart, checkout,
 * payment, receipt, refund policy, table number, not-found pages), and `owner`, the owner pages
 * (SPEC §2). Imported by those pages only, so this module comes with their chunks.
 */
export type CatalogPart = 'pages' | 'owner'

/** Loads a part's compiled catalog of `locale` (a chunk per part and language). Rejects when it cannot be loaded. */
const partLoaders: Record<CatalogPart, CatalogLoader> = {
  pages: async (locale) => ((await import(`../../locales/${locale}/pages.po`)) as { messages: Messages }).messages,
  owner: async (locale) => ((await import(`../../locales/${locale}/owner.po`)) as { messages: Messages }).messages,
}

/** Loads `part`'s compiled catalog of `locale`, without adding it anywhere. Rejects when it cannot be loaded. */
export function loadPartCatalog(part: CatalogPart, locale: Locale): Promise<Messages> {
  return partLoaders[part](locale)
}

/** One part's catalog of one language on one instance: its load, and whether it is in. */
interface PartLoad {
  /** The catalog, once loaded and added to the instance (what a language change merges in). */
  messages: Promise<Messages>
  /** The same load without a value: what pages wait for, one promise per part and language. */
  done: Promise<void>
}

/** Per instance: the loads by part and language, and the parts added for language changes. */
const loads = new WeakMap<I18n, { byKey: Map<string, PartLoad>; added: Set<CatalogPart> }>()

/**
 * The load of `part`'s catalog of `locale` on `i18n`, started on first ask: the catalog goes
 * into `i18n` once here if `locale` is active, else the language change to it merges it in. One
 * load per part and language, shared by pages and language changes. A failed load is forgotten,
 * so the next ask tries again.
 */
function partLoad(i18n: I18n, part: CatalogPart, locale: Locale): PartLoad {
  const state = loads.get(i18n) ?? { byKey: new Map<string, PartLoad>(), added: new Set<CatalogPart>() }
  loads.set(i18n, state)
  if (!state.added.has(part)) {
    state.added.add(part)
    // From now on each language change loads this part (through here) before it switches.
    addCatalog(i18n, (next) => partLoad(i18n, part, next).messages)
  }
  const key = `${part}:${locale}`
  const current = state.byKey.get(key)
  if (current) return current
  const messages = partLoaders[part](locale).then(
    (catalog) => {
      // Into the active language only (a copy: the instance merges later catalogs into what it
      // holds, never into the module's). A language change merges it as it switches; loading it
      // now would re-render the page outside that transition, already reading the new language.
      if (i18n.locale === locale) i18n.load(locale, { ...catalog })
      return catalog
    },
    (error: unknown) => {
      if (state.byKey.get(key) === entry) state.byKey.delete(key)
      throw error
    },
  )
  const entry: PartLoad = { messages, done: messages.then(() => undefined) }
  // A language change waits on `messages` alone; its failure is reported there, not here too.
  entry.done.catch(() => undefined)
  state.byKey.set(key, entry)
  return entry
}

/**
 * Adds `part`'s catalog of the active language to `i18n` and keeps it for later language
 * changes ({@link addCatalog}). One load per instance, part and language (the same promise);
 * a failed load is tried again on the next call. Rejects when the catalog cannot be loaded.
 */
export function loadCatalogPart(i18n: I18n, part: CatalogPart): Promise<void> {
  return partLoad(i18n, part, i18n.locale as Locale).done
}

/**
 * For the components of pages whose texts are in `part`: suspends (the route's pending screen
 * or the nearest Suspense fallback shows) until that catalog of the active language is loaded;
 * throws to the route's error page when it cannot be loaded. It waits through React's `use`,
 * with the same promise per part and language: React remembers a promise it has read, so only
 * the first read of a load waits (within a transition, for a microtask, without a fallback). A
 * language change loads every added part through the same cache before it switches, and
 * switches in a transition (`activateLocale`), so the page keeps what it holds (such as the
 * card element with a typed number) instead of falling back.
 */
export function useCatalogPart(part: CatalogPart): void {
  const { i18n } = useLingui()
  use(partLoad(i18n, part, i18n.locale as Locale).done)
}

/**
 * `Component` rendered once `part`'s texts are here ({@link useCatalogPart}): for views a page
 * loads lazily, inside a Suspense boundary (the shop's footer and its rarer screens).
 */
export function withCatalogPart<P extends object>(part: CatalogPart, Component: ComponentType<P>): ComponentType<P> {
  function WithCatalogPart(props: P) {
    useCatalogPart(part)
    return createElement(Component, props)
  }
  WithCatalogPart.displayName = `WithCatalogPart(${Component.displayName ?? Component.name})`
  return WithCatalogPart
}
