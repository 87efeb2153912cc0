/**
 * Browser effects the payment flows need (SPEC §2 "Payment method sections", §7 "External"):
 * device detection, the Swish deep link and the Viva checkout redirect. URLs are built with the
 * URL API and checked before the browser is sent anywhere (issue 5: no hostile redirects).
 */

/** Live provider checkout (CONTRACT.md "Viva checkout"). */
export const DEFAULT_VIVA_CHECKOUT_URL = 'https://www.vivapayments.com/web/checkout'

/**
 * True on a phone or tablet: Swish then opens the app by deep link instead of asking for a
 * phone number (SPEC §2). Uses User-Agent Client Hints where the browser has them.
 */
export function isMobileDevice(nav: Pick<Navigator, 'userAgent'> & { userAgentData?: { mobile?: boolean } } = navigator): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean' && nav.userAgentData.mobile) return true
  return /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(nav.userAgent)
}

/**
 * The Swish app link: `swish://paymentrequest?token={token}&callbackurl={callbackUrl}` (SPEC §7).
 * The callback must be an http(s) URL; anything else throws a TypeError.
 */
export function swishDeepLink(token: string, callbackUrl: string): string {
  const callback = new URL(callbackUrl)
  if (callback.protocol !== 'https:' && callback.protocol !== 'http:') throw new TypeError('Swish callback must be an http(s) URL')
  const url = new URL('swish://paymentrequest')
  url.searchParams.set('token', token)
  url.searchParams.set('callbackurl', callback.href)
  return url.href
}

/**
 * The Viva checkout URL: `{base}?ref={orderCode}&color={hex without #}` (CONTRACT.md).
 * `base` may be root-relative (the sandbox's simulated page); it must resolve to https, or to
 * the app's own origin, else a TypeError is thrown.
 */
export function vivaCheckoutUrl(base: string, orderCode: string, color: string, origin: string): string {
  const url = new URL(base, origin)
  if (url.protocol !== 'https:' && url.origin !== origin) throw new TypeError(`Refusing to redirect to ${url.origin}`)
  url.searchParams.set('ref', orderCode)
  url.searchParams.set('color', color.replace(/^#/, ''))
  return url.href
}

/** Where a payment provider sends the customer back: the shop's cart page. */
export function cartUrl(shopId: string, origin: string = window.location.origin): string {
  return new URL(`/${encodeURIComponent(shopId)}/cart`, origin).href
}

/** Sends the browser to a URL (a separate function so tests can replace it). */
export function navigateTo(url: string): void {
  window.location.assign(url)
}

/**
 * Asks the browser to fetch images now, at high priority (`<link rel="preload" as="image">`):
 * the menu's first-screen images as soon as the shop answer names them, before React renders
 * their `<img>` (issue 6: LCP). Only http(s) URLs (absolute or relative to the page), each
 * once; anything else is skipped.
 */
export function preloadImages(urls: readonly string[], doc: Document = document): void {
  for (const url of urls) {
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
    link.setAttribute('fetchpriority', 'high')
    doc.head.append(link)
  }
}
