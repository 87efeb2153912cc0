import { use } from 'react'
import { useLingui } from '@lingui/react'
import type { I18n, Messages } from '@lingui/core'
import { addCatalog } from './activate'
import type { Locale } from './locales'

/**
 * The owner pages' catalog (`locales/{locale}/owner.po`, SPEC §2 owner pages): their texts
 * are not the shop's, so the menu does not load them (issue 6). Imported by the owner pages
 * only, so this module comes with their chunks.
 */

/** Loads the compiled owner-pages catalog of `locale` (a chunk per language). Rejects when it cannot be loaded. */
export async function loadOwnerCatalog(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../../locales/${locale}/owner.po`)) as { messages: Messages }
  return messages
}

/** The load of the active language's owner catalog, per instance and language. */
const loads = new WeakMap<I18n, { locale: string; promise: Promise<void> }>()

/**
 * Adds the owner pages' catalog of the active language to `i18n`, and keeps it for later
 * language changes ({@link addCatalog}). One load per instance and language; a failed load is
 * tried again on the next call. Rejects when the catalog cannot be loaded.
 */
export function loadOwnerMessages(i18n: I18n): Promise<void> {
  const current = loads.get(i18n)
  if (current?.locale === i18n.locale) return current.promise
  addCatalog(i18n, loadOwnerCatalog)
  const locale = i18n.locale as Locale
  const promise = loadOwnerCatalog(locale).then(
    (messages) => i18n.load(locale, messages),
    (error: unknown) => {
      loads.delete(i18n)
      throw error
    },
  )
  loads.set(i18n, { locale, promise })
  return promise
}

/**
 * For owner pages' route components: suspends (the route's pending screen shows) until the
 * owner catalog of the active language is loaded; throws to the route's error page when it
 * cannot be loaded.
 */
export function useOwnerMessages(): void {
  const { i18n } = useLingui()
  use(loadOwnerMessages(i18n))
}
