import type { ErrorEvent } from '@sentry/react'

/**
 * What error reports must not carry (SPEC §9; CONTRACT.md "Error reporting"): customer
 * e-mail addresses, phone numbers, names, card numbers, user and request data. Loaded with
 * the Sentry SDK by `./error-reporting`, so a page without reporting never loads it.
 */

/** Messages of errors that are never reported: the browser's own words for a dropped request. */
export const IGNORED_ERRORS: readonly string[] = ['Failed to fetch', 'Load failed']

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu
// 13–19 digits, optionally grouped by spaces or dashes: the shape of a card number.
const CARD = /(?<![\p{L}\p{N}])\d(?:[ -]?\d){12,18}(?![\p{L}\p{N}])/gu
// 7–15 digits with an optional + or 00 prefix, parentheses, spaces or dashes: Swedish and
// Finnish numbers in any usual writing (070-123 45 67, +46 70 123 45 67, 040 1234567).
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00)?\(?\d(?:[ ()-]{0,2}\d){6,14}(?![\p{L}\p{N}])/gu

/** Replaces e-mail addresses, card-like digit runs and phone numbers in a text with placeholders. @internal exported for its tests */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(CARD, '[card]').replace(PHONE, '[phone]')
}

// Keys whose values are personal whatever they look like (customer info of SPEC §3).
const PERSONAL_KEY = /^(name|email|e-mail|phone|phonenumber|address|postalcode|city|extrainfo|customerinfo|customer|cardnumber|card|password|newpassword|oobcode|code|authcode|authorizationcode)$/i
// Parts of an event that describe the software, not the visitor; scrubbing them would only lose
// the information needed to find the bug (stack frames hold file names and line numbers).
const SOFTWARE_KEYS = new Set(['stacktrace', 'sdk', 'debug_meta', 'sdkProcessingMetadata', 'modules'])

function scrubValue(value: unknown, key: string | null): unknown {
  if (key !== null && PERSONAL_KEY.test(key)) return '[redacted]'
  if (typeof value === 'string') return scrubText(value)
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, null))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = SOFTWARE_KEYS.has(k) ? v : scrubValue(v, k)
    return out
  }
  return value
}

/** A URL without query and fragment: those carry reset codes, auth codes and e-mails. */
function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}

/**
 * The `beforeSend` of the SDK: drops user and request data (keeping only the page URL without
 * its query), strips queries from breadcrumb URLs, redacts personal keys anywhere, and scrubs
 * every remaining text with {@link scrubText}. Stack frames are kept as they are. Pure: the
 * event passed in is not changed.
 */
export function scrubEvent<T extends ErrorEvent>(event: T): T {
  const { user: _user, request, breadcrumbs, ...rest } = event
  const scrubbed = scrubValue(rest, null) as T
  if (request?.url) scrubbed.request = { url: scrubText(withoutQuery(request.url)) }
  if (breadcrumbs) {
    scrubbed.breadcrumbs = breadcrumbs.map((crumb) => {
      const data = crumb.data ? { ...crumb.data } : undefined
      if (data) for (const k of ['url', 'from', 'to']) if (typeof data[k] === 'string') data[k] = withoutQuery(data[k])
      return scrubValue({ ...crumb, ...(data ? { data } : {}) }, null) as typeof crumb
    })
  }
  return scrubbed
}
