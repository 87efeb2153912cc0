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
  // Units sold: a register may sell by weight (1.5) and return (−1); any finite number. (The
  // bounds are valibot actions the entry has already; `finite` would join it.)
  count: v.pipe(v.number(), v.minValue(-Number.MAX_SAFE_INTEGER), v.maxValue(Number.MAX_SAFE_INTEGER)),
  price: minorUnits,
  description: optionalText,
  deviations: listOf(receiptDeviation),
  sizeOfItem: orElse(v.pipe(v.number(), v.gtValue(0)), 1),
  discount,
  tax: orElse(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0),
})

/** Below this an epoch number is in seconds (1e11 ms is 1973; 1e11 s is the year 5138). */
const SECONDS_BELOW = 1e11

/** A calendar day without a time of day (ISO 8601's date form). */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/

const finite = (ms: number): number | null => (Number.isFinite(ms) ? ms : null)

/**
 * A creation time as epoch milliseconds (CONTRACT.md: liberal at the boundary): milliseconds or
 * seconds (a number, or its digits as text), an ISO string, or a Firestore timestamp
 * (`{seconds|_seconds}`; its nanoseconds do not matter to a time shown in minutes). Anything
 * else is an unknown time (null), never a failed receipt. Only a number can be in seconds: an
 * ISO date is milliseconds whatever its year.
 */
function epochMs(value: unknown): number | null {
  if (typeof value === 'string') {
    // Digits alone are an epoch number sent as text ('1795961109000'), not a date Date.parse knows.
    const trimmed = value.trim()
    if (!/^\d+$/.test(trimmed)) return finite(Date.parse(trimmed))
    value = Number(trimmed)
  }
  if (typeof value === 'number') return finite(Math.abs(value) < SECONDS_BELOW ? value * 1000 : value)
  if (typeof value !== 'object' || value === null) return null
  const stamp = value as { seconds?: unknown; _seconds?: unknown }
  const seconds = stamp.seconds ?? stamp._seconds
  return typeof seconds === 'number' ? finite(seconds * 1000) : null
}

// Left out is unknown too, as null is: the receipt shows without its date row.
const dateCreated = v.pipe(
  v.optional(v.unknown(), null),
  v.transform((value) => {
    const ms = epochMs(value)
    return { ms, dayOnly: ms !== null && typeof value === 'string' && DAY_ONLY.test(value.trim()) }
  }),
)

/**
 * A receipt (SPEC §3 "Receipt"): seller, products, payment methods (amounts in minor units) and
 * `dateCreated` as epoch milliseconds or null (a day sent without a time of day is its UTC midnight,
 * with `dateCreatedIsDay`). Totals are computed by `src/domain/receipt-totals.ts`.
 */
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
  v.transform(({ dateCreated, ...r }): Receipt => ({ ...r, dateCreated: dateCreated.ms, dateCreatedIsDay: dateCreated.dayOnly })),
)

export type ReceiptWire = v.InferInput<typeof receiptSchema>
