import type { CardConfirmResult } from '@machines/payment/providers/card.machine'
import type { CardConfirmer } from '../card-gateway'

/** A Stripe-shaped error: only the message is shown (SPEC §8). */
interface ProviderError {
  message?: string | undefined
}

/** What Stripe.js answers to a confirmation. @internal exported for its tests */
export interface ConfirmAnswer {
  error?: ProviderError | undefined
  paymentIntent?: { status: string } | undefined
}

/** The elements group the confirmer submits before confirming. */
export interface SubmittableElements {
  submit(): Promise<{ error?: ProviderError | undefined }>
}

/** The part of Stripe.js (or the simulated provider) the confirmer calls. */
export interface ConfirmingStripe<E extends SubmittableElements> {
  confirmPayment(options: { elements: E; clientSecret: string; redirect: 'if_required' }): Promise<ConfirmAnswer>
  confirmCardPayment(clientSecret: string): Promise<ConfirmAnswer>
}

/**
 * Maps a Stripe confirmation answer to what the card machine understands (SPEC §4 "Card"):
 * an error → failed with its message (null when it has none, shown as the unknown-error text);
 * succeeded / processing / requires_capture (authorised, captured later by the platform) /
 * requires_action as they are; any other status → failed without message.
 * @internal exported for its tests
 */
export function toCardConfirmResult(answer: ConfirmAnswer): CardConfirmResult {
  if (answer.error) return { status: 'failed', message: answer.error.message?.trim() ? answer.error.message : null }
  const status = answer.paymentIntent?.status
  if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return { status }
  if (status === 'requires_action') return { status: 'requires_action' }
  return { status: 'failed', message: null }
}

/**
 * A {@link CardConfirmer} over a mounted payment element (SPEC §4 "Card"): the first confirm
 * submits the element, then `confirmPayment` without redirect unless the method needs one; a
 * confirm `again` (after requires_action) calls `confirmCardPayment(clientSecret)`. Never
 * rejects for a refused card: failures resolve as `{status: 'failed'}`; a thrown provider error
 * resolves as failed with its message.
 */
export function createStripeConfirmer<E extends SubmittableElements>(stripe: ConfirmingStripe<E>, elements: E): CardConfirmer {
  return {
    async confirm({ clientSecret, again }) {
      try {
        if (again) return toCardConfirmResult(await stripe.confirmCardPayment(clientSecret))
        const submitted = await elements.submit()
        if (submitted.error) return toCardConfirmResult({ error: submitted.error })
        return toCardConfirmResult(await stripe.confirmPayment({ elements, clientSecret, redirect: 'if_required' }))
      } catch (error) {
        return { status: 'failed', message: error instanceof Error && error.message ? error.message : null }
      }
    },
  }
}
