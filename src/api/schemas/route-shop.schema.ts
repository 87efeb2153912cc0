import * as v from 'valibot'
import { SHOP_ID_PATTERN } from '@/domain/ids'

/**
 * Route input schemas for the shop routes (STYLE.md §6). TanStack parses search values as
 * JSON, so `?table=5` arrives as a number: both are accepted and kept as strings. Malformed
 * values are dropped rather than failing the page.
 */
const idLike = v.pipe(v.union([v.string(), v.number()]), v.transform(String))

/** An {@link idLike} of 1–`max` characters; anything else (or nothing) becomes undefined. */
const optionalIdLike = (max: number) =>
  v.fallback(v.optional(v.pipe(idLike, v.minLength(1), v.maxLength(max))), undefined)

/** `/$shopId?table=&tabId=` (SPEC §2): table sets the order reference, tabId selects an open tab. */
export const shopSearchSchema = v.object({
  // Any table up to 256 characters goes to the platform, which answers "not found" for one it
  // does not know (SPEC §8): a mistyped or tampered QR link is told, not silently dropped.
  table: optionalIdLike(256),
  tabId: optionalIdLike(128),
})

/** A shop id from the URL: letters, digits, '-', '_' and '.', at most 64 characters. */
export const shopIdSchema = v.pipe(v.string(), v.regex(SHOP_ID_PATTERN))

/** `?product=&item=`: the product popup, opened with a product id and an optional cart item id (SPEC §2). */
export const productPopupSearchSchema = v.object({
  product: optionalIdLike(128),
  item: optionalIdLike(128),
})
