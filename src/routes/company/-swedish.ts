import { setupI18n, type I18n, type Messages } from '@lingui/core'

let loading: Promise<I18n> | null = null
let loaded: I18n | null = null

/**
 * A Lingui instance fixed to Swedish, for pages whose labels are Swedish whatever the visitor's
 * language (SPEC §2 "Card payment page", §9). The catalogs are the app's own `sv` ones (the
 * shop's and the owner pages'), loaded once. Rejects when the chunk cannot be loaded (the next call tries again).
 */
export function loadSwedishI18n(): Promise<I18n> {
  loading ??= Promise.all([import('../../../locales/sv/messages.po'), import('../../../locales/sv/owner.po')]).then(
    ([app, owner]: [{ messages: Messages }, { messages: Messages }]) => {
      loaded = setupI18n({ locale: 'sv', messages: { sv: { ...app.messages, ...owner.messages } } })
      return loaded
    },
  )
  loading.catch(() => {
    loading = null
  })
  return loading
}

/**
 * The instance {@link loadSwedishI18n} made. Route loaders await that first (an I18n is no
 * loader data: the router's data types strip class instances).
 * @throws Error when it has not been loaded yet.
 */
export function swedishI18n(): I18n {
  if (!loaded) throw new Error('The Swedish catalog is not loaded: await loadSwedishI18n() in the loader')
  return loaded
}
