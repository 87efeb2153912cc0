import * as v from 'valibot'
import type { Http } from '../http'

/** The simulated card provider's calls to the sandbox, over the platform API's HTTP layer; each rejects with ApiError (SPEC §8). */
export interface CardSandboxApi {
  /** See {@link notifySimulatedCardConfirmed}. */
  notifySimulatedCard(clientSecret: string, outcome: SimulatedCardOutcome): Promise<void>
  /** See {@link recordSimulatedCardIntent}. */
  recordSimulatedCardIntent(clientSecret: string, status: string): Promise<void>
  /** See {@link getSimulatedCardIntent}. */
  getSimulatedCardIntent(clientSecret: string): Promise<{ status: string }>
}

/**
 * The simulated card provider's calls to the platform stand-in (CONTRACT.md "External services
 * without keys"). The simulated Stripe.js (`src/services/card/simulated-stripe.ts`) decides each
 * card confirmation in the browser, records the intent's new status where Stripe would keep it,
 * then tells the sandbox, as Stripe's webhook tells the real platform, so the session poll
 * reports the outcome (SPEC §4 "Card"). Sandbox only: any other server may answer 404, which the
 * caller ignores or takes as an unreadable intent (CONTRACT.md "Build and serve"). No part of
 * the platform API (`../client`): only the simulated provider, loaded with the card code, calls it.
 */

/** The {@link CardSandboxApi} over `http` (the platform API's base URL and credentials). */
export function createCardSandboxApi(http: Http): CardSandboxApi {
  return {
    notifySimulatedCard: (clientSecret, outcome) => notifySimulatedCardConfirmed(http, clientSecret, outcome),
    recordSimulatedCardIntent: (clientSecret, status) => recordSimulatedCardIntent(http, clientSecret, status),
    getSimulatedCardIntent: (clientSecret) => getSimulatedCardIntent(http, clientSecret),
  }
}

/**
 * A confirmation's outcome, as Stripe's webhook tells the platform: `failed` with the refusal's
 * message (null without one). The card itself never leaves the browser.
 */
interface SimulatedCardOutcome {
  status: 'succeeded' | 'requires_action' | 'failed'
  message: string | null
}

/**
 * POST /sandbox/card/confirm `{clientSecret, status, message}`. The answer is not read; rejects
 * with ApiError on any non-2xx answer or transport failure (SPEC §8), which the simulated
 * provider ignores.
 */
function notifySimulatedCardConfirmed(http: Http, clientSecret: string, outcome: SimulatedCardOutcome): Promise<void> {
  return http.send('post', 'sandbox/card/confirm', { json: { clientSecret, ...outcome } })
}

/**
 * POST /sandbox/card/intent `{clientSecret, status}`: the simulated provider's own record of an
 * intent's status (Stripe's `PaymentIntent.status`), kept apart from the platform's notification.
 * Rejects with ApiError on any non-2xx answer or transport failure.
 */
function recordSimulatedCardIntent(http: Http, clientSecret: string, status: string): Promise<void> {
  return http.send('post', 'sandbox/card/intent', { json: { clientSecret, status } })
}

const intentAnswerSchema = v.object({ status: v.string() })

/**
 * GET /sandbox/card/intent?clientSecret=: the status the simulated provider recorded for an
 * intent (`requires_payment_method` for one never confirmed). Rejects with ApiError: 404 for a
 * client secret the sandbox never gave out, any other non-2xx, a transport failure, or an
 * answer without a status.
 */
function getSimulatedCardIntent(http: Http, clientSecret: string): Promise<{ status: string }> {
  return http.json('get', 'sandbox/card/intent', intentAnswerSchema, { searchParams: { clientSecret } })
}
