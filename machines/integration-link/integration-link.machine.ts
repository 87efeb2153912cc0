import { assign, setup, type ActorRefFrom } from 'xstate'
import { failureOf } from '../shared/errors'
import { actionNotProvided, promiseNotProvided } from '../shared/not-provided'

/** Bookkeepers an integration link can be made for (SPEC §2: only fortnox and visma). */
const integrationBookkeepers = ['fortnox', 'visma'] as const
export type IntegrationBookkeeper = (typeof integrationBookkeepers)[number]

/** Input: the route's path parameters as written in the URL (bookkeeper lower-cased by the route). */
export interface IntegrationLinkInput {
  bookkeeper: string
  companyId: string
  authCode: string
  /** Optional `companyName` query, shown in the heading. */
  companyName: string | null
}

export interface IntegrationLinkContext extends IntegrationLinkInput {
  integrationUrl: string | null
}

/**
 * The integration link page (SPEC §2 `/integrate/{bookkeeper}/{companyId}/{authCode}`, §8):
 * a blank path parameter → `missingParameter` (common.somethingWentWrong); a bookkeeper other
 * than fortnox or visma → `unsupported`; else `loading` the integration URL → `ready` with a
 * continue button (`continue` runs `openIntegration` with the URL), or `expired` on an
 * unauthorized answer, or `failed`; `retry` loads again from `failed`.
 *
 * Actors: `fetchIntegrationUrl` ({bookkeeper, companyId, authCode} → URL string; rejects with
 * ApiError). Actions: `openIntegration` ({url}). Tags: `busy` while loading.
 */
export const integrationLinkMachine = setup({
  types: {
    context: {} as IntegrationLinkContext,
    events: {} as { type: 'continue' } | { type: 'retry' },
    input: {} as IntegrationLinkInput,
  },
  actors: {
    fetchIntegrationUrl: promiseNotProvided<string, { bookkeeper: IntegrationBookkeeper; companyId: string; authCode: string }>(
      'fetchIntegrationUrl',
    ),
  },
  actions: {
    openIntegration: (_, _params: { url: string }) => actionNotProvided(),
  },
  guards: {
    isMissingParameter: ({ context }) => [context.bookkeeper, context.companyId, context.authCode].some((p) => p.trim() === ''),
    isSupported: ({ context }) => (integrationBookkeepers as readonly string[]).includes(context.bookkeeper),
    isUnauthorized: ({ event }) => {
      if (!('error' in event)) return false
      const info = failureOf(event.error)
      const errorCode = (event.error as { errorCode?: unknown } | null)?.errorCode
      return info.kind === 'unauthorized' || info.status === 401 || errorCode === 'UNAUTHORIZED'
    },
  },
}).createMachine({
  id: 'integrationLink',
  context: ({ input }) => ({ ...input, integrationUrl: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'isMissingParameter', target: 'missingParameter' },
        { guard: 'isSupported', target: 'loading' },
        { target: 'unsupported' },
      ],
    },
    missingParameter: { type: 'final' },
    unsupported: { type: 'final' },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchIntegrationUrl',
        src: 'fetchIntegrationUrl',
        input: ({ context }) => ({
          bookkeeper: context.bookkeeper as IntegrationBookkeeper,
          companyId: context.companyId,
          authCode: context.authCode,
        }),
        onDone: { target: 'ready', actions: assign({ integrationUrl: ({ event }) => event.output }) },
        onError: [
          // Which failure is the state: the view words each (SPEC §8 "Integration").
          { guard: 'isUnauthorized', target: 'expired' },
          { target: 'failed' },
        ],
      },
    },
    ready: {
      on: {
        continue: { actions: { type: 'openIntegration', params: ({ context }) => ({ url: context.integrationUrl ?? '' }) } },
      },
    },
    expired: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
})

/** A running integration link, as the page's view takes it. */
export type IntegrationLinkActor = ActorRefFrom<typeof integrationLinkMachine>
