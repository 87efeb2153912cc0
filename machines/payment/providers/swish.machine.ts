import { setup } from 'xstate'
import type { ProviderInput } from '../../shared/payment-types'
import { actionNotProvided } from '../../shared/not-provided'

/**
 * Swish (SWISH_TRADE) after startPayment answered a token (SPEC §2 "Payment method sections", §4
 * "Mobile payment"). On a phone it opens the Swish app by deep link with the token and a callback
 * URL (`openSwishApp`), then waits: the purchase has started in the app. On a desktop the customer
 * approves in the app on their phone. A resumed payment (after a reload) does not open the app
 * again on its own; the Open Swish button does. The outcome arrives through session polling in
 * the parent.
 *
 * States: `choosingFlow` (transient) → `redirectingToApp` (phone: opens the app) → `appOpened`;
 * a phone payment resumed goes straight to `appOpened`; a desktop waits in `awaitingApproval`.
 * No state is final: the outcome is the parent's, from polling.
 *
 * Actions: `openSwishApp` ({token, shopId}) — provided by services (builds `swish://` URL).
 * Events: `app.open` opens the app again (a button, in case the first redirect was blocked).
 */
export const swishPaymentMachine = setup({
  types: {
    context: {} as ProviderInput,
    input: {} as ProviderInput,
    events: {} as { type: 'app.open' },
  },
  actions: {
    openSwishApp: actionNotProvided as (_: unknown, params: { token: string; shopId: string }) => void,
  },
  guards: {
    isMobile: ({ context }) => context.isMobile,
    isMobileResumed: ({ context }) => context.isMobile && context.resumed,
  },
}).createMachine({
  id: 'swishPayment',
  context: ({ input }) => input,
  initial: 'choosingFlow',
  states: {
    choosingFlow: {
      always: [{ guard: 'isMobileResumed', target: 'appOpened' }, { guard: 'isMobile', target: 'redirectingToApp' }, { target: 'awaitingApproval' }],
    },
    redirectingToApp: {
      entry: { type: 'openSwishApp', params: ({ context }) => ({ token: context.paymentId, shopId: context.shopId }) },
      always: 'appOpened',
    },
    appOpened: {
      on: { 'app.open': 'redirectingToApp' },
    },
    awaitingApproval: {},
  },
})
