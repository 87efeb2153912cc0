import * as v from 'valibot'
import { id, listOf, minorUnits, notArray, optionalId, optionalText, orElse, text } from './common.schema'
import { paymentStatuses } from '@/domain/types'
import type { Session } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId}/cart (SPEC §3 "Session response", §7). */

const count = v.pipe(v.number(), v.safeInteger())

const cartItemSchema = v.object({
  id,
  productId: id,
  count,
  deviations: listOf(id),
  description: text,
})

/** A cart line as the platform answers it: a line some other client wrote may lack the client-generated id. */
const wireCartItemSchema = v.object({ ...cartItemSchema.entries, id: optionalId })

const tabItemRefSchema = v.object({ id, count })

const tabLineSchema = v.object({
  id,
  count,
  price: minorUnits,
  product: v.object({ id: optionalId, title: text, price: minorUnits }),
  deviations: listOf(v.object({ id: optionalId, name: text, price: orElse(minorUnits, 0) })),
  description: text,
})

const activeTabSchema = v.object({
  id: optionalId,
  customerReference: text,
  cart: listOf(tabLineSchema),
})

/**
 * The session answer (SPEC §3 "Session response"): cart lines, tab items, the open tab and the
 * payment fields. Missing fields read as empty or null; an array answer is refused.
 */
export const sessionResponseSchema = v.pipe(
  notArray(v.object({
    cart: listOf(wireCartItemSchema),
    tabItems: listOf(tabItemRefSchema),
    activeTab: orElse(activeTabSchema, null),
    // A status outside SPEC §4's list says nothing the checkout can act on: unknown, as none.
    paymentStatus: v.fallback(orElse(v.picklist(paymentStatuses), null), null),
    paymentId: optionalId,
    paymentIntentId: optionalId,
    receiptId: optionalId,
    paymentMethodId: optionalId,
    message: optionalText,
    // A table number may arrive as a number; the app shows it as text.
    orderReference: optionalId,
  })),
  // A line without an id gets one from its place in the cart: the same on every poll, so the
  // line keeps its identity until the next PUT gives the platform the id (SPEC §3 "Cart item").
  // A line or chosen tab item of no units is no line (SPEC §4: a count of 0 or less removes it).
  v.transform((s): Session => ({
    ...s,
    cart: s.cart.map((line, i) => ({ ...line, id: line.id ?? `line-${i + 1}` })).filter((line) => line.count > 0),
    tabItems: s.tabItems.filter((item) => item.count > 0),
  })),
)

export type SessionResponseWire = v.InferInput<typeof sessionResponseSchema>

/**
 * A cart this tab kept because the platform did not have it yet (src/services/cart-memory.ts),
 * as stored: its lines and tab items in the session answer's own shapes, and when it was saved
 * (ms since the epoch).
 */
export const storedCartSchema = v.object({
  savedAt: v.number(),
  cart: v.array(cartItemSchema),
  tabItems: v.array(tabItemRefSchema),
  merge: v.optional(v.boolean(), false),
})

/** Body of PUT /api/v2/webshop/{shopId}/cart. */
export interface PutCartBody {
  cart: { id: string; productId: string; count: number; deviations: string[]; description: string }[]
  tabItems: { id: string; count: number }[]
}

/**
 * Answer of POST …/cart/startPayment on success (SPEC §7): `paymentId` is the provider's
 * reference (Swish token, Viva order code, Stripe client secret).
 */
export const startPaymentResponseSchema = v.object({ paymentId: id })

/** Body of POST …/cart/startPayment (SPEC §7). */
export interface StartPaymentBody {
  paymentMethodId: string
  customerInfo: {
    name: string
    email: string
    phone: string
    extraInfo: string
    postalCode: string
    address: string
    city: string
    isMobile: boolean
  }
  orderReference: string | null
}

/**
 * Error body of a 400 answer (SPEC §8): `name` carries the message, `errorCode` the code.
 * For OUT_OF_STOCK the message is a JSON list of `{id, stock}`.
 */
export const apiErrorBodySchema = notArray(
  v.object({
    name: v.nullish(v.string()),
    message: v.nullish(v.string()),
    errorCode: v.nullish(v.string()),
  }),
)

/** The OUT_OF_STOCK message's list (SPEC §8): per article id, the units still in stock. */
export const outOfStockListSchema = v.array(v.object({ id, stock: count }))
