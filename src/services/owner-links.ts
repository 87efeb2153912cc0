import type { BookkeepingCallbackInput, CallbackProvider } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'

/**
 * Links the owner pages build or accept (SPEC §2, §4 "Bookkeeping callback"), all through the
 * URL API and checked before the browser is sent anywhere.
 */

/** Custom URL scheme of the platform's mobile app. */
const APP_SCHEME = 'kassaapp'

/**
 * The mobile app's link for a bookkeeping callback: `kassaapp://integrate/{provider}` with the
 * callback's `code`, `state`, `error` and `error_description` as they came (absent ones left out),
 * so the app can finish what the web page could not.
 */
export function mobileAppLink(input: BookkeepingCallbackInput): string {
  const url = new URL(`${APP_SCHEME}://integrate/${encodeURIComponent(input.provider satisfies CallbackProvider)}`)
  const query: [string, string | null][] = [
    ['code', input.code],
    ['state', input.state],
    ['error', input.error],
    ['error_description', input.errorDescription],
  ]
  for (const [key, value] of query) if (value !== null) url.searchParams.set(key, value)
  return url.href
}

/**
 * A link the page may send the browser to: an absolute `https:` URL, or any URL of the app's
 * own origin over http(s) (relative ones resolve against it). Anything else — `javascript:`, `data:`,
 * `http:` elsewhere, or text that is no URL — gives null.
 */
export function safeLink(raw: string | null | undefined, origin: string): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null
  let url: URL
  try {
    url = new URL(raw.trim(), origin)
  } catch {
    return null
  }
  if (url.protocol === 'https:') return url.href
  // `blob:` URLs report their creator's origin too; only a plain http page of ours is ours.
  if (url.protocol === 'http:' && url.origin === new URL(origin).origin) return url.href
  return null
}
