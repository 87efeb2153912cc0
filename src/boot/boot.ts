/**
 * The page's first script, inlined into the built index.html (the `storefront:boot-script`
 * plugin in vite.config.ts; docs/performance.md, "boot script"), so it runs while the HTML is
 * parsed and the app's bundle has only just been asked for. On a shop's menu URL (`/{shopId}`,
 * the page a table's QR code opens) it starts the shop's and the first session's GETs and
 * preloads the language's menu catalog and, once the shop answer is here, the menu's first
 * image, so all are here by the time the app renders instead of a round trip after it. It only
 * starts requests the app would make anyway: the app adopts the shop and session answers by
 * exact URL (`takeEarlyGet`) and the catalog is the same module file; a guess that does not
 * match costs one unused request, never a wrong page. Never throws.
 */
import { platformUrl, startEarlyGet } from '@/api/early-requests'
import { readStoredLocale } from '@/i18n/activate'
import { detectLocale } from '@/i18n/locales'
import { firstImageOfWire, preloadImage } from './first-image'
import { menuShopId, sessionQueryGuess } from './menu-path'

try {
  const { pathname, search, href } = window.location
  const locale = detectLocale({ search, stored: readStoredLocale(), navigatorLanguages: navigator.languages })
  // The app's own rule, before the first paint: `<html lang>` names the language from the start.
  document.documentElement.lang = locale
  const shopId = menuShopId(pathname)
  if (shopId !== null) {
    const base = import.meta.env.VITE_API_BASE_URL ?? ''
    const shopPath = `api/v2/webshop/${encodeURIComponent(shopId)}`
    const shopAnswer = startEarlyGet(platformUrl(base, shopPath, href))
    // The menu's first image as soon as the shop answer names it, while the bundle is still
    // on its way: it is the page's largest paint. Registered before the app can
    // take the answer, so the copy is made before the app reads the body.
    shopAnswer
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((wire: unknown) => preloadImage(firstImageOfWire(wire)))
      .catch(() => undefined)
    // The first session too: the shop opens only once both are here (SPEC §2 gate).
    const sessionQuery = sessionQueryGuess(search)
    if (sessionQuery !== null) startEarlyGet(platformUrl(base, `${shopPath}/cart${sessionQuery}`, href))
  }
  // The build writes each language's menu catalog file on this script (`data-catalog-en`);
  // the app imports the same file, and reports a failure itself. In development the script is
  // a module (no `currentScript`) and the app loads its catalog alone.
  const catalog = document.currentScript?.getAttribute(`data-catalog-${locale}`)
  if (catalog) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = '' // as the app's module scripts: the import then reuses this fetch
    link.href = catalog
    document.head.append(link)
  }
} catch {
  // An optimisation only: the app makes every request itself.
}
