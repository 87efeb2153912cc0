import * as v from 'valibot'
import { menuImagesSchema } from '@/api/schemas/shop.schema'
import { firstMenuImages } from '@/domain/menu'

/**
 * The URL of the menu's first image (`firstMenuImages`, SPEC §2 "Menu page") in a shop answer
 * (SPEC §7 `GET /api/v2/webshop/{shopId}`), for the boot script to preload before the app's
 * bundle has arrived: it is the page's largest paint. Read through `menuImagesSchema`, the
 * shop schema's own parts for the display type, the categories and the articles' ids and
 * images; the rest of the answer is the app's to check, and a wrong guess costs one unused
 * image request. Never throws; null for no image or an answer those parts do not fit.
 */
export function firstImageOfWire(wire: unknown): string | null {
  const parsed = v.safeParse(menuImagesSchema, wire)
  return parsed.success ? (firstMenuImages(parsed.output, 1)[0]?.image ?? null) : null
}

/**
 * Asks the browser to fetch the menu's first image now, at high priority
 * (`<link rel="preload" as="image" fetchpriority="high">`): as soon as the shop answer names
 * it, before React renders its `<img>` (docs/performance.md, "first image preload"). The
 * menu's next images load with the menu, at low priority, so they share no bandwidth with it
 * or the app's bundle. Only an http(s) URL (absolute or relative to the page); anything else is
 * skipped.
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
