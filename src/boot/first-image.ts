import { firstMenuImages } from '@/domain/menu'

/**
 * The URL of the menu's first image (`firstMenuImages`, SPEC §2 "Menu page") read straight
 * from the shop answer's JSON (SPEC §7 `GET /api/v2/webshop/{shopId}`), for the boot script to
 * preload before the app's bundle has arrived (issue 6: it is the page's largest paint). It
 * reads the wire shape as the shop schema does (categories and articles as an array or a map
 * by id, ids as text or numbers, '' for no image, an unknown display type as SMALL_IMAGE) but
 * validates nothing: the app still parses the answer, and a wrong guess costs one unused image
 * request. A property test holds it to the schema's reading. Never throws; null for no image or
 * anything unexpected.
 */
export function firstImageOfWire(wire: unknown): string | null {
  try {
    // A shape other than these throws below, and then nothing is preloaded.
    const { shop, categories, articles } = wire as ShopWire
    const list = <T>(value: T[] | Record<string, T> | null | undefined): T[] => (Array.isArray(value) ? value : Object.values(value ?? {}))
    const [first] = firstMenuImages({
      shop: { displayType: shop.displayType === 'NO_IMAGE' ? 'NO_IMAGE' : 'SMALL_IMAGE' },
      categories: list(categories).map((category) => ({ sortedProducts: (category.sortedProducts ?? []).map(String) })),
      // A map's items may leave out their id: the key stands in for it.
      articles: Object.fromEntries(Object.entries(articles ?? {}).map(([key, article]) => [String(article.id ?? key), { image: typeof article.image === 'string' && article.image !== '' ? article.image : null }])),
    }, 1)
    return first?.image ?? null
  } catch {
    return null
  }
}

/** The parts of the shop answer read here, as they may arrive (SPEC §7; not validated). */
interface ShopWire {
  shop: { displayType?: unknown }
  categories?: { sortedProducts?: unknown[] | null }[] | Record<string, { sortedProducts?: unknown[] | null }> | null
  articles?: { id?: unknown; image?: unknown }[] | Record<string, { id?: unknown; image?: unknown }> | null
}

/**
 * Asks the browser to fetch the menu's first image now, at high priority
 * (`<link rel="preload" as="image" fetchpriority="high">`): as soon as the shop answer names
 * it, before React renders its `<img>` (issue 6: LCP). The menu's next images load with the
 * menu, at low priority, so they share no bandwidth with it or the app's bundle. Only an
 * http(s) URL (absolute or relative to the page); anything else is skipped.
 */
export function preloadImage(url: string | null, doc: Document = document): void {
  if (url === null) return
  let href: string
  try {
    const parsed = new URL(url, doc.baseURI)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return
    href = parsed.href
  } catch {
    return
  }
  const link = doc.createElement('link')
  link.rel = 'preload'
  link.setAttribute('as', 'image')
  link.setAttribute('fetchpriority', 'high')
  link.href = href
  doc.head.append(link)
}
