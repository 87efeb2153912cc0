import * as v from 'valibot'
import { ApiError } from '../errors'
import { path } from '../http'
import type { Http } from '../http'
import { startPaymentResponseSchema } from '../schemas/session.schema'
import type { StartPaymentBody } from '../schemas/session.schema'
import type { CancelOutcome } from '@/domain/types'

/**
 * The payment calls of the cart (SPEC §7, /api/v2/webshop/{shopId}/cart/...). A module of its
 * own, loaded with the checkout. Each rejects only with ApiError (SPEC §8).
 */

// A 2xx answer may still carry `{name}` instead of a paymentId (SPEC §7 "{paymentId} or {name}").
const startPaymentAnswer = v.union([
  startPaymentResponseSchema,
  v.pipe(
    v.object({ name: v.pipe(v.string(), v.minLength(1)) }),
    v.transform((answer) => ({ refused: answer.name })),
  ),
])

/**
 * POST /api/v2/webshop/{shopId}/cart/startPayment. Resolves with the provider reference
 * (Swish token, Viva order code or Stripe client secret). A refusal (400 `{name, errorCode}`,
 * or a 2xx `{name}`) rejects with ApiError kind 'badRequest' (or 'outOfStock' with `stock`).
 */
export async function startPayment(http: Http, shopId: string, body: StartPaymentBody): Promise<{ paymentId: string }> {
  const answer = await http.json('post', path`api/v2/webshop/${shopId}/cart/startPayment`, startPaymentAnswer, { json: body })
  if ('refused' in answer) throw new ApiError({ kind: 'badRequest', status: 200, serverMessage: answer.refused })
  return { paymentId: answer.paymentId }
}

/**
 * POST /api/v2/webshop/{shopId}/cart/cancelPayment. 404 and 409 resolve, not errors (SPEC §8):
 * 'cancelled' (2xx), 'none' (404: no payment to cancel) or 'ended' (409: the payment can no
 * longer be cancelled, it has ended; the session says how).
 */
export async function cancelPayment(http: Http, shopId: string): Promise<CancelOutcome> {
  const status = await http.status('post', path`api/v2/webshop/${shopId}/cart/cancelPayment`, { okStatuses: [404, 409] })
  return status === 404 ? 'none' : status === 409 ? 'ended' : 'cancelled'
}
