import type { I18n } from '@lingui/core'
import type { CatalogPart } from './catalog-parts'

/**
 * For route loaders, which stay in the app's chunk: loads a catalog part (`./catalog-parts`,
 * imported on use) so the route's components, its error page included, find their texts
 * loaded and render without suspending. Rejects when the catalog cannot be loaded.
 */
export async function preloadCatalogPart(i18n: I18n, part: CatalogPart): Promise<void> {
  await (await import('./catalog-parts')).loadCatalogPart(i18n, part)
}
