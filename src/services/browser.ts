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
   * Calls `listener` with `page.leaving` when the page is going away (pagehide) and with
   * `page.returned` when it comes back into view (visibilitychange to visible); returns the unsubscribe.
   */
  onPageChange(listener: (event: { type: 'page.leaving' | 'page.returned' }) => void): () => void
}

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

/** The window's `pagehide` and the document's return into view, for {@link ShopBrowser.onPageChange}. */
export function onPageChange(listener: (event: { type: 'page.leaving' | 'page.returned' }) => void): () => void {
  const leaving = () => listener({ type: 'page.leaving' })
  const shown = () => {
    if (document.visibilityState === 'visible') listener({ type: 'page.returned' })
  }
  window.addEventListener('pagehide', leaving)
  document.addEventListener('visibilitychange', shown)
  return () => {
    window.removeEventListener('pagehide', leaving)
    document.removeEventListener('visibilitychange', shown)
  }
}
