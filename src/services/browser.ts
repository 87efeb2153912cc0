export { whenIdle } from '@/ui/when-idle'

/**
 * Browser effects of the shop (SPEC §2 "Payment method sections"): device detection and
 * navigation. The payment providers' links are in `./payment-links`.
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
