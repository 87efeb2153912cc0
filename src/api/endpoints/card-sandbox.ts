import * as v from 'valibot'
import type { Http } from '../http'

/**
 * The stand-in card provider's call (CONTRACT.md "External services without keys"): the
 * simulated Stripe.js (`src/services/card/simulated-stripe.ts`) confirms a card payment with
 * the platform stand-in instead of Stripe. A module of its own, loaded with the card form.
 */

const confirmAnswerSchema = v.object({
  status: v.picklist(['succeeded', 'requires_action', 'processing', 'failed']),
  id: v.nullish(v.string()),
  error: v.nullish(v.object({ message: v.nullish(v.string()) })),
})

/** The stand-in's verdict on a card: an intent status, with the failure's message when it failed. */
export type SimulatedCardAnswer = v.InferOutput<typeof confirmAnswerSchema>

/**
 * POST /sandbox/card/confirm `{clientSecret, cardNumber}`. A refused confirmation (400 bad
 * request, 404 unknown intent, 409 payment no longer active) still answers `{status: 'failed',
 * error}`, which resolves like a 2xx one; anything else rejects with ApiError (SPEC §8).
 */
export function confirmSimulatedCard(http: Http, clientSecret: string, cardNumber: string): Promise<SimulatedCardAnswer> {
  return http.json('post', 'sandbox/card/confirm', confirmAnswerSchema, { json: { clientSecret, cardNumber }, okStatuses: [400, 404, 409] })
}
