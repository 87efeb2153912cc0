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

/** Sample events for path tests of the company card payment machine (SPEC §4). */
export const companyCardPaymentSamples = {
  'card.submit': [{ type: 'card.submit' }],
  retry: [{ type: 'retry' }],
  'xstate.done.actor.fetchPaymentIntent': [
    { type: 'xstate.done.actor.fetchPaymentIntent', output: openIntent },
    { type: 'xstate.done.actor.fetchPaymentIntent', output: completedIntent },
    { type: 'xstate.done.actor.fetchPaymentIntent', output: { ...openIntent, clientSecret: null } },
  ],
  'xstate.error.actor.fetchPaymentIntent': [{ type: 'xstate.error.actor.fetchPaymentIntent', error: { kind: 'notFound', status: 404 } }],
  'xstate.done.actor.confirmCardPayment': [
    { type: 'xstate.done.actor.confirmCardPayment', output: { status: 'succeeded' } },
    { type: 'xstate.done.actor.confirmCardPayment', output: { status: 'requires_action' } },
    { type: 'xstate.done.actor.confirmCardPayment', output: { status: 'failed', message: 'Your card was declined.' } },
    { type: 'xstate.done.actor.confirmCardPayment', output: { status: 'failed', message: null } },
  ],
  'xstate.error.actor.confirmCardPayment': [{ type: 'xstate.error.actor.confirmCardPayment', error: new Error('Network down') }],
}
