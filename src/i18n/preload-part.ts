import type { I18n } from '@lingui/core'
import type { CatalogPart } from './catalog-parts'

/**
 * For route loaders, which stay in the app's chunk: loads a catalog part (`./catalog-parts`,
 * imported on use) so the route's components, its error page included, find their texts
 * loaded and render without suspending. Rejects when the catalog cannot be loaded.
 */
async function preloadCatalogPart(i18n: I18n, part: CatalogPart): Promise<void> {
  await (await import('./catalog-parts')).loadCatalogPart(i18n, part)
}

/**
 * `work` (a route loader's request), with `part`'s texts loaded alongside: resolves or rejects
 * as `work` does, but only once the texts have loaded (or failed to), so the route's page and
 * its error page both render at once; suspending in an error page makes React report an error.
 */
export async function alongsideCatalogPart<T>(i18n: I18n, part: CatalogPart, work: Promise<T>): Promise<T> {
  const texts = preloadCatalogPart(i18n, part).catch(() => undefined)
  try {
    return await work
  } finally {
    await texts
  }
}
