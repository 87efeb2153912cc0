import type { ProviderInput } from '../../shared/payment-types'

/** A provider input (the checkout's `providerInput`); override the method, device and resume flag. */
export function providerInput(overrides: Partial<ProviderInput> = {}): ProviderInput {
  return { methodType: 'SWISH_TRADE', paymentId: 'tok', isMobile: false, stripeAccountId: 'acct_1', primaryColor: '#1f6f50', shopId: 'cafe', resumed: false, ...overrides }
}

/** Sample events for path tests of the Swish provider (SPEC §4 "Mobile payment"). */
export const swishSamples = {
  'app.open': [{ type: 'app.open' }],
}

/** Sample events for path tests of the Viva provider (SPEC §4 "Web checkout"). */
export const vivaSamples = {
  'checkout.open': [{ type: 'checkout.open' }],
}

/** The card machine's reports to its parent, for running it alone (no checkout to tell). */
export const cardReportsAlone = { reportCharging: () => {}, reportNotCharged: () => {} }

/**
 * Sample events for path tests of the card provider (SPEC §4 "Card"): each Stripe answer, on the
 * first and the second confirmation, and each kind of intent status a resumed payment reads or
 * a change verifies before its cancel.
 */
export const cardSamples = {
  'xstate.done.actor.retrieveCardIntent': (['succeeded', 'processing', 'requires_payment_method', 'requires_action', 'canceled'] as const).map((status) => ({
    type: 'xstate.done.actor.retrieveCardIntent',
    output: { status },
  })),
  'xstate.error.actor.retrieveCardIntent': [{ type: 'xstate.error.actor.retrieveCardIntent', error: new Error('Failed to fetch') }],
  'card.submit': [{ type: 'card.submit' }],
  'card.verify': [{ type: 'card.verify' }],
  'xstate.done.actor.verifyCardIntent': (['succeeded', 'requires_payment_method'] as const).map((status) => ({
    type: 'xstate.done.actor.verifyCardIntent',
    output: { status },
  })),
  'xstate.error.actor.verifyCardIntent': [{ type: 'xstate.error.actor.verifyCardIntent', error: new Error('Failed to fetch') }],
  'xstate.done.actor.confirmCardPayment': (['succeeded', 'requires_action', 'failed'] as const).map((status) => ({
    type: 'xstate.done.actor.confirmCardPayment',
    output: status === 'failed' ? { status, message: 'Your card was declined.' } : { status },
  })),
  'xstate.error.actor.confirmCardPayment': [{ type: 'xstate.error.actor.confirmCardPayment', error: {} }],
  'xstate.done.actor.confirmCardPaymentAgain': [
    { type: 'xstate.done.actor.confirmCardPaymentAgain', output: { status: 'succeeded' } },
    { type: 'xstate.done.actor.confirmCardPaymentAgain', output: { status: 'failed', message: 'Authentication failed.' } },
  ],
  'xstate.error.actor.confirmCardPaymentAgain': [{ type: 'xstate.error.actor.confirmCardPaymentAgain', error: new Error('The 3-D Secure window was closed.') }],
}
