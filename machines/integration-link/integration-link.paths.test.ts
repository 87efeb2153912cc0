import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { integrationLinkMachine, type IntegrationLinkInput } from './integration-link.machine'
import { integrationLinkSamples, linkInput } from './integration-link.samples'

type Snapshot = SnapshotFrom<typeof integrationLinkMachine>

function options(input: IntegrationLinkInput): PathSuiteOptions<typeof integrationLinkMachine> {
  return {
    input,
    events: integrationLinkSamples,
    invariants: {
      loading: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
      ready: (s: Snapshot) => expect(s.context.integrationUrl).toMatch(/^https:/),
      // An expired link stays expired: only a new link from the app helps (SPEC §8).
      expired: (s: Snapshot) => expect(s.status).toBe('done'),
      failed: (s: Snapshot) => {
        expect(s.context.integrationUrl).toBeNull()
        expect(s.can({ type: 'retry' })).toBe(true)
      },
    },
  }
}

describe('integrationLink paths (SPEC §2, §8 "Integration")', () => {
  it('a supported link loads, then is ready, expired or failed (and failed retries)', () => {
    const o = options(linkInput)
    const paths = expectAllStatesReachable(integrationLinkMachine, { ...o, unreachable: ['missingParameter', 'unsupported'] })
    expect(describePaths(paths)).toEqual([
      'expired <- xstate.error.actor.fetchIntegrationUrl',
      'failed <- xstate.error.actor.fetchIntegrationUrl',
      'loading <- (initial)',
      'loading <- xstate.error.actor.fetchIntegrationUrl, retry',
      'ready <- xstate.done.actor.fetchIntegrationUrl',
      'ready <- xstate.done.actor.fetchIntegrationUrl, continue',
    ])
    replayPaths(integrationLinkMachine, paths, o)
  })

  it.each([
    [{ ...linkInput, bookkeeper: 'bokio' }, 'unsupported'],
    [{ ...linkInput, authCode: ' ' }, 'missingParameter'],
    [{ ...linkInput, companyId: '' }, 'missingParameter'],
  ] as const)('%o ends in %s without a call', (input, state) => {
    const o = options(input)
    const others = ['missingParameter', 'unsupported', 'loading', 'ready', 'expired', 'failed'].filter((s) => s !== state)
    const paths = expectAllStatesReachable(integrationLinkMachine, { ...o, unreachable: others })
    expect(describePaths(paths)).toEqual([`${state} <- (initial)`])
    replayPaths(integrationLinkMachine, paths, o)
  })
})

describe('integrationLink behaviour', () => {
  it('fetches once, then continue opens the URL; a failure can be retried', async () => {
    const opened: string[] = []
    let attempts = 0
    const actor = createActor(
      integrationLinkMachine.provide({
        actors: {
          fetchIntegrationUrl: fromPromise(async ({ input }) => {
            attempts += 1
            if (attempts === 1) throw { kind: 'network', status: null }
            return `https://provider.example/${input.bookkeeper}/${input.companyId}/${input.authCode}`
          }),
        },
        actions: { openIntegration: (_, { url }) => void opened.push(url) },
      }),
      { input: { ...linkInput, bookkeeper: 'visma' } },
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'retry' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'continue' })
    expect(opened).toEqual(['https://provider.example/visma/cafe/abc'])
  })

  it('an unauthorized answer by error code alone is an expired link', async () => {
    const actor = createActor(
      integrationLinkMachine.provide({
        actors: { fetchIntegrationUrl: fromPromise(() => Promise.reject({ kind: 'badRequest', status: 400, errorCode: 'UNAUTHORIZED' })) },
      }),
      { input: linkInput },
    ).start()
    await waitFor(actor, (s) => s.matches('expired'))
  })
})
