import { z } from '../zod'
import { id, minorUnits, optionalId, optionalText, text } from './common.schema'
import type { Receipt } from '@/domain/types'

/** Wire schema of GET /api/v2/webshop/{shopId}/receipt/{receiptId} (SPEC §3 "Receipt", §7). */

const receiptDeviation = z.object({
  id: optionalId,
  name: text,
  count: z.number().int().nullish().transform((v) => v ?? 1),
  price: minorUnits.nullish().transform((v) => v ?? 0),
})

const discount = z
  .object({ type: z.string(), amount: z.number() })
  .nullish()
  .transform((d) => (d == null ? null : { type: d.type === 'PERCENTAGE' ? ('PERCENTAGE' as const) : ('AMOUNT' as const), amount: d.amount }))

export const receiptProductSchema = z.object({
  id: optionalId,
  title: text,
  count: z.number().int(),
  price: minorUnits,
  description: optionalText,
  deviations: z.array(receiptDeviation).nullish().transform((v) => v ?? []),
  sizeOfItem: z.number().positive().nullish().transform((v) => v ?? 1),
  discount,
  tax: z.number().min(0).max(100).nullish().transform((v) => v ?? 0),
})

const dateCreated = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v == null) return null
    const ms = typeof v === 'number' ? v : Date.parse(v)
    return Number.isFinite(ms) ? ms : null
  })

export const receiptSchema = z
  .object({
    receiptId: id,
    id: optionalId,
    name: text,
    organizationnumber: text,
    street: text,
    postalcode: text,
    city: text,
    phone: text,
    products: z.array(receiptProductSchema),
    paymentMethods: z
      .array(z.object({ id: optionalId, type: z.string(), amount: minorUnits }))
      .nullish()
      .transform((v) => v ?? []),
    dateCreated,
    cashRegisterLabel: optionalText,
    controlUnitSerial: optionalText,
    controlUnitResponse: optionalText,
  })
  .transform((r): Receipt => r)

export type ReceiptWire = z.input<typeof receiptSchema>
