import { cardPaymentMachine } from '../payment/providers/card.machine'
import type { PaymentError } from '../shared/payment-types'
import type { CompanyPaymentIntent } from './company-card-payment.machine'

/** An open company payment of 1 250,00 kr (the sandbox's `pi_company_demo`). */
export const openIntent: CompanyPaymentIntent = {
  status: 'NOT_STARTED',
  clientSecret: 'pi_company_demo_secret_sandbox',
  stripeAccountId: 'acct_demo_cafe',
  amount: { amount: 125000, currency: 'SEK' },
  errorMessage: null,
}

/** The same payment once the platform has it as paid. */
export const completedIntent: CompanyPaymentIntent = { ...openIntent, status: 'COMPLETED' }

/** A snapshot the invoked card payment reports, in `value` with `error`. */
function cardSnapshot(value: 'checking' | 'ready' | 'confirming' | 'confirmingAgain' | 'failed' | 'succeeded', error: PaymentError | null = null) {
  return cardPaymentMachine.resolveState({
    value,
    context: {
      methodType: 'STRIPE',
      paymentId: openIntent.clientSecret ?? '',
      isMobile: false,
      stripeAccountId: openIntent.stripeAccountId,
      primaryColor: '',
      shopId: 'cafe',
      resumed: true,
      error,
    },
  })
}

/** Sample events for path tests of the company card payment machine (SPEC §4). */
export const companyCardPaymentSamples = {
  'card.submit': [{ type: 'card.submit' }],
  retry: [{ type: 'retry' }],
  'provider.charging': [{ type: 'provider.charging' }],
  'provider.notCharged': [{ type: 'provider.notCharged' }],
  'xstate.done.actor.fetchPaymentIntent': [
    { type: 'xstate.done.actor.fetchPaymentIntent', output: openIntent },
    { type: 'xstate.done.actor.fetchPaymentIntent', output: completedIntent },
    { type: 'xstate.done.actor.fetchPaymentIntent', output: { ...openIntent, clientSecret: null } },
    // Ended unpaid by the platform: cancelled, or an error after the card went through.
    { type: 'xstate.done.actor.fetchPaymentIntent', output: { ...openIntent, status: 'CANCELLED' } },
    { type: 'xstate.done.actor.fetchPaymentIntent', output: { ...openIntent, status: 'ERROR', errorMessage: 'Receipt could not be created' } },
  ],
  'xstate.error.actor.fetchPaymentIntent': [{ type: 'xstate.error.actor.fetchPaymentIntent', error: { kind: 'notFound', status: 404 } }],
  'xstate.snapshot.cardPayment': [
    { type: 'xstate.snapshot.cardPayment', snapshot: cardSnapshot('checking') },
    { type: 'xstate.snapshot.cardPayment', snapshot: cardSnapshot('ready') },
    { type: 'xstate.snapshot.cardPayment', snapshot: cardSnapshot('confirming') },
    { type: 'xstate.snapshot.cardPayment', snapshot: cardSnapshot('failed', { code: 'providerError', message: 'Your card was declined.' }) },
    { type: 'xstate.snapshot.cardPayment', snapshot: cardSnapshot('failed', { code: 'unknownProviderError', message: null }) },
    { type: 'xstate.snapshot.cardPayment', snapshot: cardSnapshot('succeeded') },
  ],
}
