/**
 * The payment providers' links (SPEC §7 "External"): the Swish deep link and the Viva checkout
 * redirect. URLs are built with the URL API and checked before the browser is sent anywhere
 * (no hostile redirects).
 */

/** Live provider checkout (CONTRACT.md "Viva checkout"). */
export const DEFAULT_VIVA_CHECKOUT_URL = 'https://www.vivapayments.com/web/checkout'

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

/**
 * Where a payment provider sends the customer back: the shop's cart page, with the `?table=` and
 * `?tabId=` of `search` (the page's query) so the order comes back to its table or tab (SPEC §2);
 * nothing else of the query goes along.
 */
export function cartUrl(shopId: string, origin: string = window.location.origin, search = ''): string {
  const url = new URL(`/${encodeURIComponent(shopId)}/cart`, origin)
  const query = new URLSearchParams(search)
  for (const key of ['table', 'tabId']) {
    const value = query.get(key)
    if (value !== null) url.searchParams.set(key, value)
  }
  return url.href
}
