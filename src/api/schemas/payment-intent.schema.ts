import * as v from 'valibot'
import { minorUnits, optionalText } from './common.schema'
import { currencies } from '@/domain/types'
import type { Currency, Money } from '@/domain/types'

/**
 * A company card payment as the card payment page needs it (SPEC §3 "Payment intent response").
 * `amount` is in minor units; `status` is the provider's intent status (e.g. `requires_payment_method`,
 * `succeeded`) or the platform's (`COMPLETED`), passed on verbatim.
 */
export interface PaymentIntentInfo {
  status: string
  clientSecret: string | null
  stripeAccountId: string | null
  amount: Money | null
  errorMessage: string | null
}

// The card provider writes currencies in lower case ('sek'); a missing one is SEK, the
// only currency of company card payments (SPEC §9).
const currency = v.pipe(
  v.nullish(v.string(), 'SEK'),
  v.transform((value) => (value ?? 'SEK').toUpperCase()),
  v.picklist(currencies),
)

const paymentData = v.nullish(
  v.object({
    clientSecret: optionalText,
    stripeAccountId: optionalText,
    pendingPaymentMethod: v.nullish(v.object({ amount: minorUnits, currency })),
    error: v.nullish(v.object({ message: optionalText })),
  }),
)

/**
 * Wire schema of GET /api/v1/company/{companyId}/payments/{paymentIntentId} (SPEC §7),
 * normalised to {@link PaymentIntentInfo}.
 */
export const paymentIntentResponseSchema = v.pipe(
  v.object({ paymentIntent: v.object({ status: v.pipe(v.string(), v.minLength(1)), paymentData }) }),
  v.transform(({ paymentIntent: { status, paymentData: d } }): PaymentIntentInfo => {
    const pending = d?.pendingPaymentMethod
    return {
      status,
      clientSecret: d?.clientSecret ?? null,
      stripeAccountId: d?.stripeAccountId ?? null,
      amount: pending ? { amount: pending.amount, currency: pending.currency as Currency } : null,
      errorMessage: d?.error?.message ?? null,
    }
  }),
)

export type PaymentIntentResponseWire = v.InferInput<typeof paymentIntentResponseSchema>
