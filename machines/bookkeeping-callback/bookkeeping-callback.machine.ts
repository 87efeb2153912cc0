import { and, assign, setup, type ActorRefFrom } from 'xstate'
import { failureOf } from '../shared/errors'
import { actionNotProvided, promiseNotProvided } from '../shared/not-provided'
import { decodeCallbackState, type CallbackState } from './callback-state'

/**
 * Who sent the owner back (SPEC §2: the path decides): `/integrateFortnox`, `/integrateVisma`,
 * and `/stripe`. Stripe has no integrate call in SPEC §7, so its callback is always finished
 * by the mobile app.
 */
export type CallbackProvider = 'fortnox' | 'visma' | 'stripe'

/** Providers whose callback the web page can finish itself (SPEC §7 integrate calls). */
export type WebIntegrationProvider = Exclude<CallbackProvider, 'stripe'>

/** Input: the provider (from the path) and the query parameters, null when absent. */
export interface BookkeepingCallbackInput {
  provider: CallbackProvider
  code: string | null
  state: string | null
  error: string | null
  errorDescription: string | null
  /** This tab already linked this provider's `code` (a reload of the success page); default false. */
  linkedBefore?: boolean
}

/**
 * Why the integrate call failed (SPEC §8 "Integration"):
 * - rejected: the server answered with an error, any status (5xx too) —
 *   integrate.{provider}IntegrationFailed with a colon and the server's message or error name
 * - unavailable: no answer at all — 'Something went wrong with the connection…'
 */
export type IntegrationFailure = { code: 'rejected'; message: string | null } | { code: 'unavailable'; message: string | null }

/**
 * The message of an error answer as the page shows it: the `name` (or `message`) of a JSON
 * body such as `{"name":"Integration service down"}`, else the text as it came; null for none.
 */
function answerMessage(text: string | null): string | null {
  if (text === null) return null
  try {
    const body: unknown = JSON.parse(text)
    if (body !== null && typeof body === 'object') {
      const { name, message } = body as { name?: unknown; message?: unknown }
      const named = typeof name === 'string' && name.trim() !== '' ? name : typeof message === 'string' && message.trim() !== '' ? message : null
      if (named !== null) return named.trim()
    }
  } catch {
    // Not JSON: the text is the message (SPEC §8).
  }
  return text
}

export interface BookkeepingCallbackContext extends BookkeepingCallbackInput {
  /** The decoded `state`, null when it cannot be decoded. */
  decoded: CallbackState | null
  failure: IntegrationFailure | null
}

/**
 * The bookkeeping callback (SPEC §2, §4 "Bookkeeping callback", §8). In this order:
 * 1. an `error` query → `providerError` (the view translates it and shows the description);
 * 2. no code, no or undecodable state, a state not flagged isWeb, or a provider without a web
 *    integrate call → `openingApp`: the `openApp` action sends the browser to the mobile app's
 *    custom-scheme link, and the page says so in case the app is not installed;
 * 3. a code this tab has linked already (`linkedBefore`: the success page reloaded) →
 *    `integrated` at once: the code is good for one call, and sent again it would fail;
 * 4. otherwise `integrating` (POST {authorizationCode, scopes} for the state's company) →
 *    `integrated` (`rememberIntegration`) or `failed` ({@link IntegrationFailure}); every
 *    failure is reported (`reportFailure`).
 *
 * Actors: `integrateBookkeeping` ({provider, companyId, authorizationCode, scopes} → void, rejects
 * with ApiError). Actions: `openApp`, `reportFailure` (error), `rememberIntegration` ({provider,
 * code}: the route's services note the linked code). Events: `app.open` (the page's
 * button, in `openingApp`, opens the app again). Tags: `busy` while integrating.
 */
export const bookkeepingCallbackMachine = setup({
  types: {
    context: {} as BookkeepingCallbackContext,
    events: {} as { type: 'app.open' },
    input: {} as BookkeepingCallbackInput,
  },
  actors: {
    integrateBookkeeping: promiseNotProvided<
      void,
      { provider: WebIntegrationProvider; companyId: string; authorizationCode: string; scopes: string }
    >('integrateBookkeeping'),
  },
  actions: {
    openApp: actionNotProvided,
    reportFailure: (_, _params: { error: unknown }) => actionNotProvided(),
    rememberIntegration: (_, _params: { provider: WebIntegrationProvider; code: string }) => {},
  },
  guards: {
    hasProviderError: ({ context }) => context.error !== null && context.error.trim() !== '',
    canFinishOnWeb: ({ context }) =>
      context.provider !== 'stripe' && context.code !== null && context.code.trim() !== '' && context.decoded?.isWeb === true,
    wasLinkedBefore: ({ context }) => context.linkedBefore === true,
  },
}).createMachine({
  id: 'bookkeepingCallback',
  context: ({ input }) => ({ ...input, decoded: decodeCallbackState(input.state), failure: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasProviderError', target: 'providerError' },
        { guard: and(['canFinishOnWeb', 'wasLinkedBefore']), target: 'integrated' },
        { guard: 'canFinishOnWeb', target: 'integrating' },
        { target: 'openingApp' },
      ],
    },
    providerError: { type: 'final' },
    openingApp: {
      entry: 'openApp',
      on: { 'app.open': { actions: 'openApp' } },
    },
    integrating: {
      tags: ['busy'],
      invoke: {
        id: 'integrateBookkeeping',
        src: 'integrateBookkeeping',
        input: ({ context }) => ({
          // canFinishOnWeb guarantees provider, code and the decoded state here.
          provider: context.provider as WebIntegrationProvider,
          companyId: context.decoded?.companyID ?? '',
          authorizationCode: context.code ?? '',
          scopes: context.decoded?.scopeState ?? '',
        }),
        onDone: {
          target: 'integrated',
          actions: {
            type: 'rememberIntegration',
            params: ({ context }) => ({ provider: context.provider as WebIntegrationProvider, code: context.code ?? '' }),
          },
        },
        onError: {
          target: 'failed',
          actions: [
            assign({
              failure: ({ event }): IntegrationFailure => {
                const info = failureOf(event.error)
                // Only the server's own words follow the colon: without any, the page shows the
                // translated text alone, never the HTTP layer's English description.
                return info.status !== null ? { code: 'rejected', message: answerMessage(info.serverMessage) } : { code: 'unavailable', message: info.message }
              },
            }),
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    integrated: { type: 'final' },
    failed: { type: 'final' },
  },
})

/** A running bookkeeping callback, as the page's view takes it. */
export type BookkeepingCallbackActor = ActorRefFrom<typeof bookkeepingCallbackMachine>
