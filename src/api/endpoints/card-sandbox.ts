import type { Http } from '../http'

/**
 * The simulated card provider's notification to the platform stand-in (CONTRACT.md "External
 * services without keys"): the simulated Stripe.js (`src/services/card/simulated-stripe.ts`)
 * decides each card confirmation in the browser, then tells the sandbox, as Stripe's webhook
 * tells the real platform, so the session poll reports the outcome (SPEC §4 "Card"). Sandbox
 * only: any other server may answer 404, which the caller ignores (CONTRACT.md "Build and
 * serve"). A module of its own, loaded with the card form.
 */

/**
 * POST /sandbox/card/confirm `{clientSecret, cardNumber}` (card number as digits). The answer
 * is not read; rejects with ApiError on any non-2xx answer or transport failure (SPEC §8),
 * which the simulated provider ignores.
 */
export function notifySimulatedCardConfirmed(http: Http, clientSecret: string, cardNumber: string): Promise<void> {
  return http.send('post', 'sandbox/card/confirm', { json: { clientSecret, cardNumber } })
}
