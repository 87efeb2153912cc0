import { setup } from 'xstate'
import type { ProviderInput } from '../../shared/payment-types'
import { actionNotProvided } from '../../shared/not-provided'

/**
 * Viva Wallet web checkout (VIVA_WALLET_WEB) after startPayment answered an order code (SPEC §2,
 * §4 "Web checkout", CONTRACT.md): redirects the browser to the checkout with `ref` and the
 * primary colour at once, then waits for the response. While waiting on a non-mobile device an
 * 'open checkout' button sends `checkout.open` to redirect again. The outcome arrives through
 * session polling in the parent when the customer comes back.
 *
 * Actions: `redirectToViva` ({orderCode, color}) — provided by services (URL API, host checked).
 */
export const vivaPaymentMachine = setup({
  types: {
    context: {} as ProviderInput,
    input: {} as ProviderInput,
    events: {} as { type: 'checkout.open' },
  },
  actions: {
    redirectToViva: actionNotProvided as (_: unknown, params: { orderCode: string; color: string }) => void,
  },
}).createMachine({
  id: 'vivaPayment',
  context: ({ input }) => input,
  initial: 'redirecting',
  states: {
    redirecting: {
      entry: { type: 'redirectToViva', params: ({ context }) => ({ orderCode: context.paymentId, color: context.primaryColor }) },
      always: 'awaitingResponse',
    },
    awaitingResponse: {
      on: { 'checkout.open': 'redirecting' },
    },
  },
})
