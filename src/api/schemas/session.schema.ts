import { z } from '../zod'
import { id, minorUnits, optionalId, optionalText, text } from './common.schema'
import { paymentStatuses } from '@/domain/types'
import type { Session } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId}/cart (SPEC §3 "Session response", §7). */

export const cartItemSchema = z.object({
  id,
  productId: id,
  count: z.number().int(),
  deviations: z.array(id).nullish().transform((v) => v ?? []),
  description: text,
})

export const tabItemRefSchema = z.object({ id, count: z.number().int() })

export const tabLineSchema = z.object({
  id,
  count: z.number().int(),
  price: minorUnits,
  product: z.object({ id: optionalId, title: text, price: minorUnits }),
  deviations: z
    .array(z.object({ id: optionalId, name: text, price: minorUnits.nullish().transform((v) => v ?? 0) }))
    .nullish()
    .transform((v) => v ?? []),
  description: text,
})

export const activeTabSchema = z.object({
  id: optionalId,
  customerReference: text,
  cart: z.array(tabLineSchema).nullish().transform((v) => v ?? []),
})

export const sessionResponseSchema = z
  .object({
    cart: z.array(cartItemSchema).nullish().transform((v) => v ?? []),
    tabItems: z.array(tabItemRefSchema).nullish().transform((v) => v ?? []),
    activeTab: activeTabSchema.nullish().transform((v) => v ?? null),
    paymentStatus: z.enum(paymentStatuses).nullish().transform((v) => v ?? null),
    paymentId: optionalId,
    paymentIntentId: optionalId,
    receiptId: optionalId,
    paymentMethodId: optionalId,
    message: optionalText,
    // A table number may arrive as a number; the app shows it as text.
    orderReference: optionalId,
  })
  .transform((s): Session => s)

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
  name: z.string().nullish(),
  message: z.string().nullish(),
  errorCode: z.string().nullish(),
})

export const outOfStockListSchema = z.array(z.object({ id, stock: z.number().int() }))
