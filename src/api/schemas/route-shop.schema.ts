import * as v from 'valibot'
import { SHOP_ID_PATTERN } from '@/domain/ids'

/**
 * Route input schemas for the shop routes (STYLE.md §6). The router keeps query values as text
 * (src/search-params.ts); malformed values (empty, too long, a repeated key) are dropped rather
 * than failing the page.
 */

/** Query text of 1–`max` characters; anything else (or nothing) becomes undefined. */
const optionalText = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(max))), undefined)

/** `/$shopId?table=&tabId=` (SPEC §2): table sets the order reference, tabId selects an open tab. */
export const shopSearchSchema = v.object({
  // Any table up to 256 characters goes to the platform, which answers "not found" for one it
  // does not know (SPEC §8): a mistyped or tampered QR link is told, not silently dropped. An
  // empty `?table=` is kept too: the session says 'You must enter a table number' (SPEC §5).
  table: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(256))), undefined),
  tabId: optionalText(128),
})

/** A shop id from the URL: letters, digits, '-', '_' and '.', at most 64 characters. */
export const shopIdSchema = v.pipe(v.string(), v.regex(SHOP_ID_PATTERN))

/** `?product=&item=`: the product popup, opened with a product id and an optional cart item id (SPEC §2). */
export const productPopupSearchSchema = v.object({
  product: optionalText(128),
  item: optionalText(128),
})

/**
 * A receipt id from the URL: opaque (CONTRACT.md "Wire shapes"), so any 1–256 characters but
 * control characters; the API call encodes it into its path.
 */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what it refuses
export const receiptIdSchema = v.pipe(v.string(), v.regex(/^[^\u0000-\u001f\u007f]{1,256}$/))
