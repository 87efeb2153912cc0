import type { CardIntentAnswer, CardIntentStatus } from '@machines/payment/providers/card.machine'
import { loadCardProvider } from './load-stripe'

/** What Stripe.js's `retrievePaymentIntent` answers: the intent, or an error. @internal exported for its tests */
export interface RetrieveAnswer {
  paymentIntent?: { status: string } | undefined
  error?: { message?: string | undefined } | undefined
}

/** The part of Stripe.js (or the simulated provider) that reads an intent. */
interface RetrievingStripe {
  retrievePaymentIntent(clientSecret: string): Promise<RetrieveAnswer>
}

const intentStatuses: readonly CardIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]

/** The intent cannot be read: the card machine shows the form, as for an unpaid intent. */
class CardIntentUnreadableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CardIntentUnreadableError'
  }
}

/**
 * Maps `retrievePaymentIntent`'s answer to the card machine's {@link CardIntentAnswer}.
 * @throws CardIntentUnreadableError for an error answer, or a status Stripe.js does not document
 * @internal exported for its tests
 */
export function toCardIntentAnswer(answer: RetrieveAnswer): CardIntentAnswer {
  if (answer.error) throw new CardIntentUnreadableError(answer.error.message || 'The payment intent could not be read')
  const status = answer.paymentIntent?.status
  const known = intentStatuses.find((s) => s === status)
  if (!known) throw new CardIntentUnreadableError(`Unknown payment intent status: ${String(status)}`)
  return { status: known }
}

/**
 * The card machine's `retrieveCardIntent` (SPEC §4 "Card", §7): the status of a resumed card
 * payment's intent through Stripe.js's public `retrievePaymentIntent(clientSecret)`, on the card
 * provider of the shop's connected account (the simulated one without a key, CONTRACT.md). It
 * needs no card form, so it reads the intent wherever the page is (the menu, the cart).
 * `load` is {@link loadCardProvider} unless a test passes its own.
 * @throws CardIntentUnreadableError when the provider answers an error or an unknown status, or
 * is null; the provider's own failure to load rejects as it does
 */
export async function retrieveCardIntent(
  input: { clientSecret: string; stripeAccountId: string | null },
  load: (options: { stripeAccount: string | null }) => Promise<RetrievingStripe | null> = loadCardProvider,
): Promise<CardIntentAnswer> {
  const stripe = await load({ stripeAccount: input.stripeAccountId })
  if (!stripe) throw new CardIntentUnreadableError('The card provider is not available')
  return toCardIntentAnswer(await stripe.retrievePaymentIntent(input.clientSecret))
}
