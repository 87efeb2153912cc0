import { assign, sendParent, setup } from 'xstate'
import type { PaymentError, ProviderInput, ProviderOutput } from '../../shared/payment-types'
import { promiseNotProvided } from '../../shared/not-provided'

/**
 * What a card confirmation answers (a subset of Stripe's PaymentIntent statuses). `requires_capture`
 * is a card authorised for a platform that captures later: paid, as far as the customer goes.
 */
export type CardConfirmResult =
  | { status: 'succeeded' | 'processing' | 'requires_capture' }
  | { status: 'requires_action' }
  | { status: 'failed'; message: string | null }

/** A payment intent's status as Stripe.js names it (`PaymentIntent.status`). */
export type CardIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded'

/** What reading a resumed card payment's intent answers. */
export interface CardIntentAnswer {
  status: CardIntentStatus
}

/** The payment intent the card actors work on: the client secret startPayment answered. */
const intentOf = ({ context }: { context: ProviderInput }) => ({ clientSecret: context.paymentId, stripeAccountId: context.stripeAccountId })

/**
 * Card payment (STRIPE) after startPayment answered a client secret (SPEC §2, §4 "Card"):
 * the payment element is shown with a Pay button; Pay submits the element and confirms the
 * payment without redirect (connected account of the shop; services load Stripe.js in Swedish and
 * show the element in the page's language, Swedish on the company page); `requires_action`
 * confirms again; a provider error shows its message, or the unknown-error text without one;
 * success shows a success message while the parent keeps polling until the receipt exists.
 * A payment resumed after a reload first reads its intent (`checking`): Pay may have been
 * confirmed before the reload, so `succeeded`/`processing`/`requires_capture` shows the success message (as after
 * Pay); any other status, or a failure to read it, shows the form with Pay. Before the parent
 * cancels a payment this page has not confirmed (a change, SPEC §4), it asks `card.verify`:
 * Pay may have gone through in another tab, so the intent is read again (`verifying`) and the
 * answer is `provider.charging` (charged: keep it) or `provider.notCharged` (cancel it).
 *
 * States: `starting` (transient) → `checking` (a resumed payment's intent) or `ready` (the form
 * and Pay) → `confirming` → `confirmingAgain` (requires_action) → `succeeded` or `failed` (Pay
 * again); `verifying` answers `card.verify`. No state is final: the outcome is the parent's.
 *
 * Actors: `confirmCardPayment` ({clientSecret, stripeAccountId, again} → CardConfirmResult) and
 * `retrieveCardIntent` ({clientSecret, stripeAccountId} → CardIntentAnswer; rejects when the
 * intent cannot be read) — provided by services (Stripe.js or the simulated provider). Events:
 * `card.submit` (Pay), `card.verify` (from the parent). Tags: `busy` while checking, confirming
 * or confirming again, `verifying` while `card.verify` reads the intent. Tells
 * its parent `provider.charging` once Pay confirms, as a resumed payment is checked (from then on
 * the card may be charged) or when `card.verify` finds it charged, and `provider.notCharged`
 * when the confirmation failed (`failed: true`: the parent may offer other methods, SPEC §4
 * "error … restartable") or a check found no charge (actions `reportCharging`,
 * `reportNotCharged`; run alone, provide them).
 */
export const cardPaymentMachine = setup({
  types: {
    context: {} as ProviderInput & { error: PaymentError | null },
    input: {} as ProviderInput,
    events: {} as { type: 'card.submit' } | { type: 'card.verify' },
    output: {} as ProviderOutput,
  },
  actors: {
    confirmCardPayment: promiseNotProvided<CardConfirmResult, { clientSecret: string; stripeAccountId: string | null; again: boolean }>(
      'confirmCardPayment',
    ),
    retrieveCardIntent: promiseNotProvided<CardIntentAnswer, { clientSecret: string; stripeAccountId: string | null }>('retrieveCardIntent'),
  },
  guards: {
    wasResumed: ({ context }) => context.resumed,
    // A confirmation's or an intent's status once Pay went through (authorised only, with manual capture).
    isSucceeded: ({ event }) => {
      const status = 'output' in event ? (event.output as CardConfirmResult | CardIntentAnswer).status : null
      return status === 'succeeded' || status === 'processing' || status === 'requires_capture'
    },
    needsAction: ({ event }) => 'output' in event && (event.output as CardConfirmResult).status === 'requires_action',
  },
  actions: {
    reportCharging: sendParent({ type: 'provider.charging' }),
    // `failed`: Pay's confirmation failed (declined or an error), not a check that found no charge.
    reportNotCharged: sendParent(({ context }, params?: { failed: boolean }) => ({
      type: 'provider.notCharged' as const,
      failed: params?.failed ?? false,
      message: context.error?.message ?? null,
    })),
    assignProviderError: assign({
      error: ({ event }) => {
        const out = ('output' in event ? event.output : null) as CardConfirmResult | null
        const message = out && out.status === 'failed' ? out.message : 'error' in event && event.error instanceof Error ? event.error.message : null
        return message ? { code: 'providerError' as const, message } : { code: 'unknownProviderError' as const, message: null }
      },
    }),
  },
}).createMachine({
  id: 'cardPayment',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'wasResumed', target: 'checking' }, { target: 'ready' }],
    },
    /**
     * A payment resumed after a reload: Pay may have gone through before it. Until the intent
     * says, the card may be charged, so the parent already keeps changes from cancelling it.
     */
    checking: {
      tags: ['busy'],
      entry: 'reportCharging',
      invoke: {
        id: 'retrieveCardIntent',
        src: 'retrieveCardIntent',
        input: intentOf,
        onDone: [
          { guard: 'isSucceeded', target: 'succeeded' },
          { target: 'ready', actions: 'reportNotCharged' },
        ],
        onError: { target: 'ready', actions: 'reportNotCharged' },
      },
    },
    ready: {
      on: { 'card.submit': { target: 'confirming', actions: assign({ error: null }) }, 'card.verify': 'verifying' },
    },
    /**
     * The parent would cancel this unconfirmed payment, but another tab of the same cart may have
     * paid it. Pay waits; the answer tells the parent which way to go.
     */
    verifying: {
      tags: ['verifying'],
      invoke: {
        id: 'verifyCardIntent',
        src: 'retrieveCardIntent',
        input: intentOf,
        onDone: [
          { guard: 'isSucceeded', target: 'succeeded', actions: 'reportCharging' },
          { target: 'ready', actions: 'reportNotCharged' },
        ],
        // Unreadable: as at a resume, it counts as not charged (the platform refuses a late cancel with 409).
        onError: { target: 'ready', actions: 'reportNotCharged' },
      },
    },
    confirming: {
      tags: ['busy'],
      entry: 'reportCharging',
      invoke: {
        id: 'confirmCardPayment',
        src: 'confirmCardPayment',
        input: ({ context }) => ({ clientSecret: context.paymentId, stripeAccountId: context.stripeAccountId, again: false }),
        onDone: [
          { guard: 'isSucceeded', target: 'succeeded' },
          { guard: 'needsAction', target: 'confirmingAgain' },
          { target: 'failed', actions: 'assignProviderError' },
        ],
        onError: { target: 'failed', actions: 'assignProviderError' },
      },
    },
    confirmingAgain: {
      tags: ['busy'],
      invoke: {
        id: 'confirmCardPaymentAgain',
        src: 'confirmCardPayment',
        input: ({ context }) => ({ clientSecret: context.paymentId, stripeAccountId: context.stripeAccountId, again: true }),
        onDone: [{ guard: 'isSucceeded', target: 'succeeded' }, { target: 'failed', actions: 'assignProviderError' }],
        onError: { target: 'failed', actions: 'assignProviderError' },
      },
    },
    failed: {
      entry: { type: 'reportNotCharged', params: { failed: true } },
      on: { 'card.submit': { target: 'confirming', actions: assign({ error: null }) }, 'card.verify': 'verifying' },
    },
    succeeded: {},
  },
})
