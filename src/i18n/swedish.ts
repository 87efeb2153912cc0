import { setupI18n, type I18n } from '@lingui/core'
import { loadCatalog } from './activate'
import { loadPartCatalog } from './catalog-parts'

let loading: Promise<I18n> | null = null
let loaded: I18n | null = null

/**
 * A Lingui instance fixed to Swedish, for pages whose labels are Swedish whatever the visitor's
 * language (SPEC §2 "Card payment page", §9). Its catalogs are the app's own `sv` ones (the
 * app's and the owner pages'), loaded by the app's catalog loaders, once. Rejects when a chunk
 * cannot be loaded (the next call tries again).
 */
export function loadSwedishI18n(): Promise<I18n> {
  loading ??= Promise.all([loadCatalog('sv'), loadPartCatalog('owner', 'sv')]).then(([app, owner]) => {
    loaded = setupI18n({ locale: 'sv', messages: { sv: { ...app, ...owner } } })
    return loaded
  })
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
