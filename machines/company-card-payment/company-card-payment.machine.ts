import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Money } from '../../src/domain/types'
import { cardPaymentMachine } from '../payment/providers/card.machine'
import type { PaymentError, ProviderInput } from '../shared/payment-types'
import { promiseNotProvided } from '../shared/not-provided'

/** Company payments poll every 5 seconds after a successful confirmation (SPEC §4, §9). @internal exported for its tests */
export const COMPANY_PAYMENT_POLL_MS = 5000

/** The company payment intent as the page needs it (SPEC §3 "Payment intent response"). */
export interface CompanyPaymentIntent {
  /** Provider or platform status, verbatim; `COMPLETED` ends the flow. */
  status: string
  clientSecret: string | null
  stripeAccountId: string | null
  /** Amount in minor units of its currency (öre, cent). */
  amount: Money | null
  /** Message of the last failed attempt, as the platform keeps it. */
  errorMessage: string | null
}

/** Input: the route's path parameters. */
export interface CompanyCardPaymentInput {
  companyId: string
  paymentIntentId: string
}

/** The page's state: the loaded intent (null until it loads) and why Pay did not go through (SPEC §8 "Payments"). */
export interface CompanyCardPaymentContext extends CompanyCardPaymentInput {
  intent: CompanyPaymentIntent | null
  error: PaymentError | null
}

/** The platform's statuses that end an intent without completing it (SPEC §3 "Payment states"). */
const ENDED_UNPAID = ['ERROR', 'FAILED', 'CANCELLED']

/**
 * The page's events: Pay (`card.submit`) and `retry` from the view; `provider.charging` and
 * `provider.notCharged` are the card payment child's reports of whether the card may be charged.
 */
export type CompanyCardPaymentEvent = { type: 'card.submit' } | { type: 'retry' } | { type: 'provider.charging' } | { type: 'provider.notCharged' }

/**
 * The card payment child's input for an intent: its client secret on the company's connected
 * account. Always `resumed`: the platform made the intent before this page opened, and Pay may
 * have gone through before a reload, so the card reads the intent before it offers Pay.
 */
function cardInput(context: CompanyCardPaymentContext): ProviderInput {
  return {
    methodType: 'STRIPE',
    paymentId: context.intent?.clientSecret ?? '',
    isMobile: false,
    stripeAccountId: context.intent?.stripeAccountId ?? null,
    primaryColor: '',
    shopId: context.companyId,
    resumed: true,
  }
}

/**
 * The company card payment page (SPEC §2 "Card payment page", §4 "Company card payment page"):
 * loads the intent (`loadFailed` on a non-ok answer, or an intent without the client secret it
 * must be paid with (CONTRACT.md: a missing required field is the error page): 'Failed to fetch
 * payment intent'; `retry` loads again). COMPLETED goes straight to `completed`, CANCELLED to
 * `stopped` (nothing can be paid on it). Otherwise `paying` invokes the `cardPayment`
 * machine (the cart's card flow: confirm with the client secret and the connected account,
 * confirm again on requires_action) and forwards Pay (`card.submit`) to it. The card first reads
 * the intent (`paying.checking`; Pay may have been confirmed before a reload while the platform
 * has not reported COMPLETED yet): paid (succeeded/processing/requires_capture) is success at
 * once, anything else or an unreadable intent shows the form (`idle`). Its snapshots then tell
 * this page `confirming` (tag `busy`), a refusal (`error`, Pay again allowed) or success, which
 * starts `polling` the intent every `pollInterval` (5000 ms) until its status is COMPLETED. A
 * failed poll is retried at the next tick. An intent the platform ends unpaid meanwhile (ERROR,
 * FAILED, CANCELLED) stops the wait in `stopped`, which says so with the platform's message;
 * `retry` reads the intent again, and the card checks it before offering Pay, so a card already
 * charged is never charged twice. The card's `provider.charging` / `provider.notCharged`
 * reports change nothing here: this page never cancels the intent, the platform completes it.
 *
 * Actors: `fetchPaymentIntent` ({companyId, paymentIntentId} → CompanyPaymentIntent; rejects
 * with ApiError), `cardPayment` (machines/payment/providers/card.machine; its
 * `confirmCardPayment` and `retrieveCardIntent` are provided by services). Delays:
 * `pollInterval`. Tags: `busy` while confirming or waiting for completion.
 */
export const companyCardPaymentMachine = setup({
  types: {
    context: {} as CompanyCardPaymentContext,
    events: {} as CompanyCardPaymentEvent,
    input: {} as CompanyCardPaymentInput,
    children: {} as { fetchPaymentIntent: 'fetchPaymentIntent'; cardPayment: 'cardPayment' },
  },
  actors: {
    fetchPaymentIntent: promiseNotProvided<CompanyPaymentIntent, CompanyCardPaymentInput>('fetchPaymentIntent'),
    cardPayment: cardPaymentMachine,
  },
  delays: {
    pollInterval: COMPANY_PAYMENT_POLL_MS,
  },
}).createMachine({
  id: 'companyCardPayment',
  context: ({ input }) => ({ ...input, intent: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPaymentIntent',
        src: 'fetchPaymentIntent',
        input: ({ context }) => ({ companyId: context.companyId, paymentIntentId: context.paymentIntentId }),
        onDone: [
          { guard: ({ event }) => event.output.status === 'COMPLETED', target: 'completed', actions: assign({ intent: ({ event }) => event.output }) },
          { guard: ({ event }) => event.output.status === 'CANCELLED', target: 'stopped', actions: assign({ intent: ({ event }) => event.output, error: null }) },
          { guard: ({ event }) => Boolean(event.output.clientSecret), target: 'paying', actions: assign({ intent: ({ event }) => event.output, error: null }) },
          { target: 'loadFailed' },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** The platform ended the intent unpaid (CANCELLED, or ERROR / FAILED after Pay went through). */
    stopped: { on: { retry: 'loading' } },
    paying: {
      invoke: {
        id: 'cardPayment',
        src: 'cardPayment',
        input: ({ context }) => cardInput(context),
        onSnapshot: [
          { guard: ({ event }) => event.snapshot.matches('succeeded'), target: 'polling', actions: assign({ error: null }) },
          // Before the `busy` guard: `checking` is busy too, but reading the intent is not a confirmation.
          { guard: ({ event }) => event.snapshot.matches('checking'), target: '.checking' },
          { guard: ({ event }) => event.snapshot.hasTag('busy'), target: '.confirming', actions: assign({ error: null }) },
          { target: '.idle', actions: assign({ error: ({ event }) => event.snapshot.context.error }) },
        ],
      },
      on: {
        'card.submit': { actions: sendTo('cardPayment', { type: 'card.submit' }) },
        // Only a parent that could cancel the payment needs them (the checkout); this page cannot.
        'provider.charging': {},
        'provider.notCharged': {},
      },
      initial: 'checking',
      states: {
        /**
         * The card reads the intent: the page shows loading, neither the form nor success yet.
         * Initial because the card, always resumed here, starts by checking.
         */
        checking: {},
        idle: {},
        confirming: { tags: ['busy'] },
      },
    },
    polling: {
      tags: ['busy'],
      initial: 'waiting',
      states: {
        waiting: { after: { pollInterval: 'fetching' } },
        fetching: {
          invoke: {
            id: 'fetchPaymentIntent',
            src: 'fetchPaymentIntent',
            input: ({ context }) => ({ companyId: context.companyId, paymentIntentId: context.paymentIntentId }),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'COMPLETED',
                target: '#companyCardPayment.completed',
                actions: assign({ intent: ({ event }) => event.output }),
              },
              {
                guard: ({ event }) => ENDED_UNPAID.includes(event.output.status),
                target: '#companyCardPayment.stopped',
                actions: assign({ intent: ({ event }) => event.output }),
              },
              { target: 'waiting', actions: assign({ intent: ({ event }) => event.output }) },
            ],
            // A dropped poll is not a failed payment: try again at the next tick.
            onError: 'waiting',
          },
        },
      },
    },
    completed: { type: 'final' },
  },
})

/** A snapshot of the company card payment machine. */
export type CompanyCardPaymentSnapshot = SnapshotFrom<typeof companyCardPaymentMachine>
/** A running company card payment, as views take it. */
export type CompanyCardPaymentActor = ActorRefFrom<typeof companyCardPaymentMachine>
/** The invoked card payment, as the card form takes it. */
export type CompanyCardRef = ActorRefFrom<typeof cardPaymentMachine>

/**
 * Which screen the page shows (SPEC §2 "Card payment page"): `succeeded` once the card payment
 * went through, while the platform has not reported the intent COMPLETED yet (SPEC §4 "Card":
 * success shows a success message).
 */
export type CompanyPaymentScreen = 'loading' | 'loadFailed' | 'form' | 'succeeded' | 'stopped' | 'completed'

/**
 * The screen for a snapshot: the form while the card can be paid (or Pay explains why not);
 * loading also while the card reads whether the intent was already paid.
 */
export function companyPaymentScreen(snapshot: CompanyCardPaymentSnapshot): CompanyPaymentScreen {
  if (snapshot.matches('completed')) return 'completed'
  if (snapshot.matches('loading') || snapshot.matches({ paying: 'checking' })) return 'loading'
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  if (snapshot.matches('polling')) return 'succeeded'
  if (snapshot.matches('stopped')) return 'stopped'
  return 'form'
}

/**
 * The error the page shows (SPEC §8 "Payments"): on the form, this visit's refusal, else, before
 * any attempt, the one the platform kept from an earlier attempt; once `stopped`, 'cancelled' for
 * a CANCELLED intent, else the platform's message. Null for none; `message` null means the
 * unknown-error text.
 */
export function companyPaymentError(snapshot: CompanyCardPaymentSnapshot): { message: string | null } | 'cancelled' | null {
  const { error, intent } = snapshot.context
  if (snapshot.matches('stopped')) return intent?.status === 'CANCELLED' ? 'cancelled' : { message: intent?.errorMessage ?? null }
  if (error) return { message: error.message }
  if (snapshot.matches({ paying: 'idle' }) && intent?.errorMessage) return { message: intent.errorMessage }
  return null
}

/** The card payment child while the form can pay, for the card form; undefined otherwise. */
export function companyCardOf(snapshot: CompanyCardPaymentSnapshot): CompanyCardRef | undefined {
  if (!snapshot.matches('paying')) return undefined
  return snapshot.children.cardPayment
}
