import { z } from '../zod'
import { id, minorUnits, optionalId, optionalText, text } from './common.schema'
import type { Receipt } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId}/receipt/{receiptId} (SPEC §3 "Receipt", §7). */

const receiptDeviation = z.object({
  id: optionalId,
  name: text,
  count: z.pipe(z.nullish(z.number().check(z.int())), z.transform((v) => v ?? 1)),
  price: z.pipe(z.nullish(minorUnits), z.transform((v) => v ?? 0)),
})

const discount = z.pipe(
  z.nullish(z.object({ type: z.string(), amount: z.number() })),
  z.transform((d) => (d == null ? null : { type: d.type === 'PERCENTAGE' ? ('PERCENTAGE' as const) : ('AMOUNT' as const), amount: d.amount })),
)

export const receiptProductSchema = z.object({
  id: optionalId,
  title: text,
  count: z.number().check(z.int()),
  price: minorUnits,
  description: optionalText,
  deviations: z.pipe(z.nullish(z.array(receiptDeviation)), z.transform((v) => v ?? [])),
  sizeOfItem: z.pipe(z.nullish(z.number().check(z.positive())), z.transform((v) => v ?? 1)),
  discount,
  tax: z.pipe(z.nullish(z.number().check(z.gte(0), z.lte(100))), z.transform((v) => v ?? 0)),
})

const dateCreated = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((v) => {
    if (v == null) return null
    const ms = typeof v === 'number' ? v : Date.parse(v)
    return Number.isFinite(ms) ? ms : null
  }),
)

export const receiptSchema = z.pipe(
  z.object({
    receiptId: id,
    id: optionalId,
    name: text,
    organizationnumber: text,
    street: text,
    postalcode: text,
    city: text,
    phone: text,
    products: z.array(receiptProductSchema),
    paymentMethods: z.pipe(
      z.nullish(z.array(z.object({ id: optionalId, type: z.string(), amount: minorUnits }))),
      z.transform((v) => v ?? []),
    ),
    dateCreated,
    cashRegisterLabel: optionalText,
    controlUnitSerial: optionalText,
    controlUnitResponse: optionalText,
  }),
  z.transform((r): Receipt => r),
)

export type ReceiptWire = z.input<typeof receiptSchema>
