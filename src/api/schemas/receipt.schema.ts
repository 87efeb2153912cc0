import * as v from 'valibot'
import { id, listOf, minorUnits, optionalId, optionalText, orElse, text } from './common.schema'
import type { Receipt } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId}/receipt/{receiptId} (SPEC §3 "Receipt", §7). */

const receiptDeviation = v.object({
  id: optionalId,
  name: text,
  count: orElse(v.pipe(v.number(), v.safeInteger()), 1),
  price: orElse(minorUnits, 0),
})

const discount = v.pipe(
  v.nullish(v.object({ type: v.string(), amount: v.number() }), null),
  v.transform((d) => (d == null ? null : { type: d.type === 'PERCENTAGE' ? ('PERCENTAGE' as const) : ('AMOUNT' as const), amount: d.amount })),
)

const receiptProductSchema = v.object({
  id: optionalId,
  title: text,
  count: v.pipe(v.number(), v.safeInteger()),
  price: minorUnits,
  description: optionalText,
  deviations: listOf(receiptDeviation),
  sizeOfItem: orElse(v.pipe(v.number(), v.gtValue(0)), 1),
  discount,
  tax: orElse(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0),
})

const dateCreated = v.pipe(
  v.nullish(v.union([v.number(), v.string()]), null),
  v.transform((value): number | null => {
    if (value == null) return null
    const ms = typeof value === 'number' ? value : Date.parse(value)
    return Number.isFinite(ms) ? ms : null
  }),
)

export const receiptSchema = v.pipe(
  v.object({
    receiptId: id,
    id: optionalId,
    name: text,
    organizationnumber: text,
    street: text,
    postalcode: text,
    city: text,
    phone: text,
    products: v.array(receiptProductSchema),
    paymentMethods: listOf(v.object({ id: optionalId, type: v.string(), amount: minorUnits })),
    dateCreated,
    cashRegisterLabel: optionalText,
    controlUnitSerial: optionalText,
    controlUnitResponse: optionalText,
  }),
  v.transform((r): Receipt => r),
)

export type ReceiptWire = v.InferInput<typeof receiptSchema>
