/**
 * The page's first script (issue 6): a few hundred bytes that run as soon as they arrive,
 * while the app's bundle is still downloading. On a shop's menu URL (`/{shopId}`, the page a
 * table's QR code opens) it starts the shop's and the first session's GETs and the language
 * catalog's import, so all
 * are here by the time the app renders instead of a round trip after it, and it builds the
 * first money format while the network is the bottleneck. It only starts
 * requests the app would make anyway: the app adopts the shop answer by exact URL
 * (`adoptingFetch`) and the catalog is the same module import; a guess that does not match
 * costs one unused request, never a wrong page. Never throws.
 */
import { platformUrl, startEarlyGet } from '@/api/early-requests'
import { prepareMoneyFormat } from '@/domain/money'
import { loadCatalog, readStoredLocale } from '@/i18n/activate'
import { detectLocale } from '@/i18n/locales'
import { menuShopId, sessionQueryGuess } from './menu-path'

try {
  const { pathname, search, href } = window.location
  const locale = detectLocale({ search, stored: readStoredLocale(), navigatorLanguages: navigator.languages })
  loadCatalog(locale).catch(() => undefined) // the app loads it again and reports a failure
  const shopId = menuShopId(pathname)
  if (shopId !== null) {
    const base = import.meta.env.VITE_API_BASE_URL ?? ''
    const shopPath = `api/v2/webshop/${encodeURIComponent(shopId)}`
    startEarlyGet(platformUrl(base, shopPath, href))
    // The first session too: the shop opens only once both are here (SPEC §2 gate).
    const sessionQuery = sessionQueryGuess(search)
    if (sessionQuery !== null) startEarlyGet(platformUrl(base, `${shopPath}/cart${sessionQuery}`, href))
  }
  // The page's first number format loads ICU's number data (~40 ms, 170 ms at 4× CPU): done
  // here, in its own task while the bundle downloads, it is off the menu's critical path.
  setTimeout(() => prepareMoneyFormat(), 0)
} catch {
  // An optimisation only: the app makes every request itself.
}
