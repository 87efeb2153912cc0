export { whenIdle } from '@/ui/when-idle'

/**
 * Browser effects of the shop (SPEC §2 "Payment method sections"): device detection,
 * navigation and image preloading. The payment providers' links are in `./payment-links`.
 */

/**
 * True on a phone or tablet: Swish then opens the app by deep link instead of asking for a
 * phone number (SPEC §2). Uses User-Agent Client Hints where the browser has them.
 */
export function isMobileDevice(nav: Pick<Navigator, 'userAgent'> & { userAgentData?: { mobile?: boolean } } = navigator): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true
  return /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(nav.userAgent)
}

/** Sends the browser to a URL (a separate function so tests can replace it). */
export function navigateTo(url: string): void {
  window.location.assign(url)
}

/**
 * Asks the browser to fetch images now (`<link rel="preload" as="image">`): the menu's
 * first-screen images as soon as the shop answer names them, before React renders their
 * `<img>` (issue 6: LCP). The first URL, the page's largest paint, at high priority; the rest
 * at the browser's own, so they do not share the bandwidth with it. Only http(s) URLs
 * (absolute or relative to the page), each once; anything else is skipped.
 */
export function preloadImages(urls: readonly string[], doc: Document = document): void {
  for (const [index, url] of urls.entries()) {
    let href: string
    try {
      const parsed = new URL(url, doc.baseURI)
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') continue
      href = parsed.href
    } catch {
      continue
    }
    const selector = `link[rel="preload"][as="image"][href="${CSS.escape(href)}"]`
    if (doc.head.querySelector(selector)) continue
    const link = doc.createElement('link')
    link.rel = 'preload'
    link.setAttribute('as', 'image')
    link.href = href
    if (index === 0) link.setAttribute('fetchpriority', 'high')
    doc.head.append(link)
  }
}
