import { z } from '../zod'
import { id, minorUnits, optionalId, optionalText, text } from './common.schema'
import { paymentStatuses } from '@/domain/types'
import type { Session } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId}/cart (SPEC §3 "Session response", §7). */

export const cartItemSchema = z.object({
  id,
  productId: id,
  count: z.number().check(z.int()),
  deviations: z.pipe(z.nullish(z.array(id)), z.transform((v) => v ?? [])),
  description: text,
})

export const tabItemRefSchema = z.object({ id, count: z.number().check(z.int()) })

export const tabLineSchema = z.object({
  id,
  count: z.number().check(z.int()),
  price: minorUnits,
  product: z.object({ id: optionalId, title: text, price: minorUnits }),
  deviations: z.pipe(
    z.nullish(z.array(z.object({ id: optionalId, name: text, price: z.pipe(z.nullish(minorUnits), z.transform((v) => v ?? 0)) }))),
    z.transform((v) => v ?? []),
  ),
  description: text,
})

export const activeTabSchema = z.object({
  id: optionalId,
  customerReference: text,
  cart: z.pipe(z.nullish(z.array(tabLineSchema)), z.transform((v) => v ?? [])),
})

export const sessionResponseSchema = z.pipe(
  z.object({
    cart: z.pipe(z.nullish(z.array(cartItemSchema)), z.transform((v) => v ?? [])),
    tabItems: z.pipe(z.nullish(z.array(tabItemRefSchema)), z.transform((v) => v ?? [])),
    activeTab: z.pipe(z.nullish(activeTabSchema), z.transform((v) => v ?? null)),
    paymentStatus: z.pipe(z.nullish(z.enum(paymentStatuses)), z.transform((v) => v ?? null)),
    paymentId: optionalId,
    paymentIntentId: optionalId,
    receiptId: optionalId,
    paymentMethodId: optionalId,
    message: optionalText,
    // A table number may arrive as a number; the app shows it as text.
    orderReference: optionalId,
  }),
  z.transform((s): Session => s),
)

export type SessionResponseWire = z.input<typeof sessionResponseSchema>

/** Body of PUT /api/v2/webshop/{shopId}/cart. */
export interface PutCartBody {
  cart: { id: string; productId: string; count: number; deviations: string[]; description: string }[]
  tabItems: { id: string; count: number }[]
}

/**
 * Answer of POST …/cart/startPayment on success (SPEC §7): `paymentId` is the provider's
 * reference (Swish token, Viva order code, Stripe client secret).
 */
export const startPaymentResponseSchema = z.object({ paymentId: id })

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
export const apiErrorBodySchema = z.object({
  name: z.nullish(z.string()),
  message: z.nullish(z.string()),
  errorCode: z.nullish(z.string()),
})

export const outOfStockListSchema = z.array(z.object({ id, stock: z.number().check(z.int()) }))
