import { setup } from 'xstate'
import type { ProviderInput } from '../../shared/payment-types'
import { actionNotProvided } from '../../shared/not-provided'

/**
 * Viva Wallet web checkout (VIVA_WALLET_WEB) after startPayment answered an order code (SPEC §2,
 * §4 "Web checkout", CONTRACT.md): redirects the browser to the checkout with `ref` and the
 * primary colour at once, then waits for the response. While waiting on a non-mobile device an
 * 'open checkout' button sends `checkout.open` to redirect again. A resumed payment (the
 * customer came Back from the checkout, or reloaded) does not redirect on its own: Back must
 * not bounce the customer to the checkout again; the button is there on every device. The
 * outcome arrives through session polling in the parent when the customer comes back.
 *
 * States: `starting` (redirects, or waits when resumed), `redirecting`, then the wait for the
 * outcome: `awaitingResponse` (tag `opensCheckout`: the view shows 'Open checkout'; on a
 * desktop, or resumed on any device) or `redirected` (a phone sent to the checkout at once:
 * nothing to open again until it comes Back, as a resumed payment).
 * Actions: `redirectToViva` ({orderCode, color}) — provided by services (URL API, host checked).
 * Events: `checkout.open` redirects again (the 'Open checkout' button), in `awaitingResponse`.
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
  guards: {
    wasResumed: ({ context }) => context.resumed,
  },
}).createMachine({
  id: 'vivaPayment',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'wasResumed', target: 'awaitingResponse' }, { target: 'redirecting' }],
    },
    redirecting: {
      entry: { type: 'redirectToViva', params: ({ context }) => ({ orderCode: context.paymentId, color: context.primaryColor }) },
      // 'Open checkout' is offered on a desktop, and on any device once resumed (SPEC §4 "Web checkout").
      always: [{ guard: ({ context }) => !context.isMobile || context.resumed, target: 'awaitingResponse' }, { target: 'redirected' }],
    },
    // Both wait for the outcome, which comes through the checkout's session polling.
    awaitingResponse: {
      tags: ['opensCheckout'],
      on: { 'checkout.open': 'redirecting' },
    },
    redirected: {},
  },
})
