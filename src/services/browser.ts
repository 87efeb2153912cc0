/**
 * Browser effects of the shop (SPEC §2 "Payment method sections"): device detection,
 * navigation, the page leaving and coming back into view. The payment providers' links are in
 * `./payment-links`.
 */

/** Browser effects the shop flows use; tests pass recording fakes. */
export interface ShopBrowser {
  navigateTo(url: string): void
  origin: string
  /** The page's query now (`location.search`): a provider's way back keeps its table or tab. */
  search(): string
  /** Phone or tablet (Swish deep link instead of phone entry, SPEC §2). */
  isMobile(): boolean
  /**
   * Calls `listener` with `page.leaving` when the page is going away (pagehide), with
   * `page.returned` when it comes back into view (visibilitychange to visible), and with
   * `cart.pushedElsewhere` when another tab or window of this browser announces a cart of
   * `shopId` ({@link ShopBrowser.announceCartPushed}); returns the unsubscribe.
   */
  onPageChange(shopId: string, listener: (event: { type: PageEventType }) => void): () => void
  /** Tells this browser's other tabs and windows that the platform has this one's cart of `shopId`. */
  announceCartPushed(shopId: string): void
}

/** What {@link ShopBrowser.onPageChange} reports. */
type PageEventType = 'page.leaving' | 'page.returned' | 'cart.pushedElsewhere'

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

const cartPushedKey = (shopId: string) => `storefront.cartPushed.${shopId}`

/**
 * {@link ShopBrowser.onPageChange}: the window's `pagehide`, the document's return into view,
 * and the window's `storage` events for the shop's key ({@link announceCartPushed}).
 */
export function onPageChange(shopId: string, listener: (event: { type: PageEventType }) => void): () => void {
  const leaving = () => listener({ type: 'page.leaving' })
  const shown = () => {
    if (document.visibilityState === 'visible') listener({ type: 'page.returned' })
  }
  const stored = (event: StorageEvent) => {
    if (event.key === cartPushedKey(shopId)) listener({ type: 'cart.pushedElsewhere' })
  }
  window.addEventListener('pagehide', leaving)
  document.addEventListener('visibilitychange', shown)
  window.addEventListener('storage', stored)
  return () => {
    window.removeEventListener('pagehide', leaving)
    document.removeEventListener('visibilitychange', shown)
    window.removeEventListener('storage', stored)
  }
}

/**
 * {@link ShopBrowser.announceCartPushed} through localStorage: every other document of the
 * origin gets a `storage` event for the write (this one does not). A BroadcastChannel would do
 * the same with a channel held open for the page's life; a storage write needs none. Storage
 * failures (private mode, quota) are ignored: the other tabs then read the session when they
 * come back into view, as before.
 */
export function announceCartPushed(shopId: string): void {
  try {
    // A new value each time (pushes are at least the debounce apart): the same value fires no event.
    localStorage.setItem(cartPushedKey(shopId), '' + Date.now())
  } catch {
    // No storage: nothing to tell.
  }
}
