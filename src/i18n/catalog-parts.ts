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

/** Loads of a part in the active language, per instance. */
const loads = new WeakMap<I18n, Map<CatalogPart, { locale: string; promise: Promise<void> }>>()

/**
 * Adds `part`'s catalog of the active language to `i18n` and keeps it for later language
 * changes ({@link addCatalog}). One load per instance, part and language (the same promise);
 * a failed load is tried again on the next call. Rejects when the catalog cannot be loaded.
 */
export function loadCatalogPart(i18n: I18n, part: CatalogPart): Promise<void> {
  const byPart = loads.get(i18n) ?? new Map<CatalogPart, { locale: string; promise: Promise<void> }>()
  loads.set(i18n, byPart)
  const current = byPart.get(part)
  if (current?.locale === i18n.locale) return current.promise
  const load = partLoaders[part]
  addCatalog(i18n, load)
  const locale = i18n.locale as Locale
  const promise = load(locale).then(
    (messages) => i18n.load(locale, messages),
    (error: unknown) => {
      if (byPart.get(part)?.promise === promise) byPart.delete(part)
      throw error
    },
  )
  byPart.set(part, { locale, promise })
  return promise
}

/**
 * For the components of pages whose texts are in `part`: suspends (the route's pending screen
 * or the nearest Suspense fallback shows) until that catalog of the active language is loaded;
 * throws to the route's error page when it cannot be loaded. Always through React's `use`, with
 * the same promise per part and language: React remembers a promise it has read, so only the
 * first read of a load waits (within a transition, for a microtask, without a fallback).
 */
export function useCatalogPart(part: CatalogPart): void {
  const { i18n } = useLingui()
  use(loadCatalogPart(i18n, part))
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
