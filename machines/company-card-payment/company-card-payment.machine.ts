import { assign, setup } from 'xstate'
import type { Money } from '../../src/domain/types'
import type { CardConfirmResult } from '../payment/providers/card.machine'
import { promiseNotProvided } from '../shared/not-provided'

/** Company payments poll every 5 seconds after a successful confirmation (SPEC §4, §9). */
export const COMPANY_PAYMENT_POLL_MS = 5000

/** The company payment intent as the page needs it (SPEC §3 "Payment intent response"). */
export interface CompanyPaymentIntent {
  /** Provider or platform status, verbatim; `COMPLETED` ends the flow. */
  status: string
  clientSecret: string | null
  stripeAccountId: string | null
  /** Amount in minor units (öre). */
  amount: Money | null
  /** Message of the last failed attempt, as the platform keeps it. */
  errorMessage: string | null
}

/** Input: the route's path parameters. */
export interface CompanyCardPaymentInput {
  companyId: string
  paymentIntentId: string
}

/**
 * Why a confirmation failed (SPEC §8 "Payments"): `providerError` with the provider's message
 * ('An error occurred, please try again: {message}'), `unknownProviderError` without one, or
 * `missingSecret` when the intent has no client secret to confirm with.
 */
export type CompanyPaymentError =
  | { code: 'providerError'; message: string }
  | { code: 'unknownProviderError'; message: null }
  | { code: 'missingSecret'; message: null }

export interface CompanyCardPaymentContext extends CompanyCardPaymentInput {
  intent: CompanyPaymentIntent | null
  error: CompanyPaymentError | null
}

export type CompanyCardPaymentEvent = { type: 'card.submit' } | { type: 'retry' }

function confirmError(event: { output?: unknown; error?: unknown }): CompanyPaymentError {
  const out = event.output as CardConfirmResult | undefined
  const message =
    out?.status === 'failed' ? out.message : event.error instanceof Error && event.error.message.trim() !== '' ? event.error.message : null
  return message ? { code: 'providerError', message } : { code: 'unknownProviderError', message: null }
}

/**
 * The company card payment page (SPEC §2 "Card payment page", §4 "Company card payment page"):
 * loads the intent (`loadFailed` on a non-ok answer: 'Failed to fetch payment intent'; `retry`
 * loads again). COMPLETED goes straight to `completed`. Otherwise `ready` shows the card form;
 * Pay (`card.submit`) confirms with the client secret and the connected account; requires_action
 * confirms once more; a refusal goes to `failed` (Pay again allowed); success starts `polling`
 * the intent every `pollInterval` (5000 ms) until its status is COMPLETED. A failed poll is
 * retried at the next tick.
 *
 * Actors: `fetchPaymentIntent` ({companyId, paymentIntentId} → CompanyPaymentIntent),
 * `confirmCardPayment` ({clientSecret, stripeAccountId, again} → CardConfirmResult).
 * Delays: `pollInterval`. Tags: `busy` while confirming or waiting for completion.
 */
export const companyCardPaymentMachine = setup({
  types: {
    context: {} as CompanyCardPaymentContext,
    events: {} as CompanyCardPaymentEvent,
    input: {} as CompanyCardPaymentInput,
  },
  actors: {
    fetchPaymentIntent: promiseNotProvided<CompanyPaymentIntent, CompanyCardPaymentInput>('fetchPaymentIntent'),
    confirmCardPayment: promiseNotProvided<CardConfirmResult, { clientSecret: string; stripeAccountId: string | null; again: boolean }>(
      'confirmCardPayment',
    ),
  },
  delays: {
    pollInterval: COMPANY_PAYMENT_POLL_MS,
  },
  guards: {
    isCompleted: ({ event }) => 'output' in event && (event.output as CompanyPaymentIntent).status === 'COMPLETED',
    hasSecret: ({ context }) => Boolean(context.intent?.clientSecret),
    isConfirmed: ({ event }) => {
      const status = 'output' in event ? (event.output as CardConfirmResult).status : null
      return status === 'succeeded' || status === 'processing'
    },
    needsAction: ({ event }) => 'output' in event && (event.output as CardConfirmResult).status === 'requires_action',
  },
  actions: {
    assignIntent: assign({ intent: ({ event }) => ('output' in event ? (event.output as CompanyPaymentIntent) : null) }),
    assignConfirmError: assign({ error: ({ event }) => confirmError(event as { output?: unknown; error?: unknown }) }),
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
          { guard: 'isCompleted', target: 'completed', actions: 'assignIntent' },
          { target: 'ready', actions: 'assignIntent' },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'card.submit': [
          { guard: 'hasSecret', target: 'confirming', actions: assign({ error: null }) },
          { target: 'failed', actions: assign({ error: { code: 'missingSecret', message: null } }) },
        ],
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmCardPayment',
        src: 'confirmCardPayment',
        input: ({ context }) => ({ clientSecret: context.intent?.clientSecret ?? '', stripeAccountId: context.intent?.stripeAccountId ?? null, again: false }),
        onDone: [
          { guard: 'isConfirmed', target: 'polling' },
          { guard: 'needsAction', target: 'confirmingAgain' },
          { target: 'failed', actions: 'assignConfirmError' },
        ],
        onError: { target: 'failed', actions: 'assignConfirmError' },
      },
    },
    confirmingAgain: {
      tags: ['busy'],
      invoke: {
        id: 'confirmCardPayment',
        src: 'confirmCardPayment',
        input: ({ context }) => ({ clientSecret: context.intent?.clientSecret ?? '', stripeAccountId: context.intent?.stripeAccountId ?? null, again: true }),
        onDone: [{ guard: 'isConfirmed', target: 'polling' }, { target: 'failed', actions: 'assignConfirmError' }],
        onError: { target: 'failed', actions: 'assignConfirmError' },
      },
    },
    failed: {
      on: {
        'card.submit': [
          { guard: 'hasSecret', target: 'confirming', actions: assign({ error: null }) },
          { target: 'failed', actions: assign({ error: { code: 'missingSecret', message: null } }) },
        ],
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
              { guard: 'isCompleted', target: '#companyCardPayment.completed', actions: 'assignIntent' },
              { target: 'waiting', actions: 'assignIntent' },
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
