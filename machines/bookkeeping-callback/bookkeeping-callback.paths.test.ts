import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { bookkeepingCallbackMachine, type BookkeepingCallbackInput } from './bookkeeping-callback.machine'
import { bookkeepingCallbackSamples, callbackInputs, encodeState, webCallback } from './bookkeeping-callback.samples'
import { decodeCallbackState } from './callback-state'

type Snapshot = SnapshotFrom<typeof bookkeepingCallbackMachine>
const all = ['providerError', 'openingApp', 'integrating', 'integrated', 'failed']

function options(input: BookkeepingCallbackInput): PathSuiteOptions<typeof bookkeepingCallbackMachine> {
  return {
    input,
    events: bookkeepingCallbackSamples,
    contextKeys: ['failure'],
    invariants: {
      integrating: (s: Snapshot) => {
        expect(s.hasTag('busy')).toBe(true)
        expect(s.context.decoded?.isWeb).toBe(true)
      },
      failed: (s: Snapshot) => expect(s.context.failure).not.toBeNull(),
    },
  }
}

describe('bookkeepingCallback paths (SPEC §4 "Bookkeeping callback")', () => {
  it('a web-started callback integrates, then succeeds or fails with a code', () => {
    const o = options(webCallback)
    const paths = expectAllStatesReachable(bookkeepingCallbackMachine, { ...o, unreachable: ['providerError', 'openingApp'] })
    expect(describePaths(paths)).toEqual([
      'failed <- xstate.error.actor.integrateBookkeeping',
      'failed <- xstate.error.actor.integrateBookkeeping',
      'failed <- xstate.error.actor.integrateBookkeeping',
      'integrated <- xstate.done.actor.integrateBookkeeping',
      'integrating <- (initial)',
    ])
    expect(paths.map((p) => (p.state as Snapshot).context.failure).filter(Boolean)).toEqual(
      expect.arrayContaining([
        { code: 'rejected', message: 'The authorization code was rejected' },
        { code: 'rejected', message: 'Integration service down' },
        { code: 'unavailable', message: null },
      ]),
    )
    replayPaths(bookkeepingCallbackMachine, paths, o)
  })

  it.each([
    ['providerError', 'providerError'],
    ['providerErrorWithCode', 'providerError'],
    ['appStarted', 'openingApp'],
    ['undecodable', 'openingApp'],
    ['missingCode', 'openingApp'],
    ['blankCode', 'openingApp'],
    ['missingState', 'openingApp'],
    ['stripe', 'openingApp'],
    ['linkedBefore', 'integrated'],
    ['linkedBeforeAppStarted', 'openingApp'],
  ] as const)('%s starts in %s and goes nowhere else', (name, state) => {
    const o = options(callbackInputs[name])
    const paths = expectAllStatesReachable(bookkeepingCallbackMachine, { ...o, unreachable: all.filter((s) => s !== state) })
    expect(new Set(describePaths(paths).map((l) => l.split(' <- ')[0]))).toEqual(new Set([state]))
    replayPaths(bookkeepingCallbackMachine, paths, o)
  })
})

describe('bookkeepingCallback behaviour', () => {
  it('posts the code and the scopes for the state company, remembers the code, and reports nothing on success', async () => {
    const calls: unknown[] = []
    const reports: unknown[] = []
    const remembered: unknown[] = []
    const actor = createActor(
      bookkeepingCallbackMachine.provide({
        actors: { integrateBookkeeping: fromPromise(async ({ input }) => void calls.push(input)) },
        actions: { reportFailure: (_, p) => void reports.push(p.error), rememberIntegration: (_, p) => void remembered.push(p) },
      }),
      { input: webCallback },
    ).start()
    await waitFor(actor, (s) => s.matches('integrated'))
    expect(calls).toEqual([{ provider: 'fortnox', companyId: 'cafe', authorizationCode: 'auth-code-1', scopes: 'bookkeeping invoice' }])
    expect(reports).toEqual([])
    expect(remembered).toEqual([{ provider: 'fortnox', code: 'auth-code-1' }])
  })

  it('keeps the server message of a refusal and reports the failure', async () => {
    const reports: unknown[] = []
    const refusal = { kind: 'badRequest', status: 400, serverMessage: 'The authorization code was rejected' }
    const actor = createActor(
      bookkeepingCallbackMachine.provide({
        actors: { integrateBookkeeping: fromPromise(() => Promise.reject(refusal)) },
        actions: { reportFailure: (_, p) => void reports.push(p.error), rememberIntegration: () => void reports.push('remembered') },
      }),
      { input: { ...webCallback, provider: 'visma' } },
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'rejected', message: 'The authorization code was rejected' })
    expect(reports).toEqual([refusal])
  })

  it.each([
    ['a JSON name', { kind: 'server', status: 502, serverMessage: '{"name":"Integration service down"}' }, 'Integration service down'],
    ['a text body', { kind: 'server', status: 503, serverMessage: 'Service Unavailable' }, 'Service Unavailable'],
    ['no body', { kind: 'server', status: 500, serverMessage: null }, null],
    // The HTTP layer's own (English) description of an empty answer is not the server's word.
    ['no body, as the HTTP layer throws it', Object.assign(new Error('Platform call failed with HTTP 500'), { kind: 'server', status: 500, serverMessage: null }), null],
  ])('names a 5xx answer with %s as a failed integration, not as a lost connection (SPEC §8)', async (_name, error, message) => {
    const actor = createActor(bookkeepingCallbackMachine.provide({ actors: { integrateBookkeeping: fromPromise(() => Promise.reject(error)) } }), {
      input: webCallback,
    }).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'rejected', message })
  })

  it('opens the app on entry and again on request, without calling the platform', () => {
    let opened = 0
    const actor = createActor(
      bookkeepingCallbackMachine.provide({
        actors: { integrateBookkeeping: fromPromise(() => Promise.reject(new Error('must not be called'))) },
        actions: { openApp: () => void (opened += 1) },
      }),
      { input: callbackInputs.appStarted },
    ).start()
    expect(actor.getSnapshot().value).toBe('openingApp')
    actor.send({ type: 'app.open' })
    expect(opened).toBe(2)
  })
})

describe('decodeCallbackState', () => {
  it('decodes standard and URL-safe base64, with or without padding, and UTF-8', () => {
    const state = { isWeb: true, companyID: 'Café-ÅÄÖ', scopeState: 'a b' }
    const encoded = encodeState(state)
    expect(decodeCallbackState(encoded)).toEqual(state)
    expect(decodeCallbackState(encoded.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))).toEqual(state)
    // '+' read back from an unescaped query string as a space
    const withPlus = encodeState({ isWeb: true, companyID: 'c>>>?', scopeState: '' })
    expect(withPlus).toContain('+')
    expect(decodeCallbackState(withPlus.replace(/\+/g, ' '))).toEqual({ isWeb: true, companyID: 'c>>>?', scopeState: '' })
  })

  it('refuses what is not a state, and only a literal true is web', () => {
    expect(decodeCallbackState(null)).toBeNull()
    expect(decodeCallbackState('')).toBeNull()
    expect(decodeCallbackState('!!!')).toBeNull()
    expect(decodeCallbackState(btoa('not json'))).toBeNull()
    expect(decodeCallbackState(encodeState({ isWeb: true }))).toBeNull()
    expect(decodeCallbackState(encodeState([1, 2]))).toBeNull()
    expect(decodeCallbackState(encodeState({ isWeb: 'true', companyID: 7 }))).toEqual({ isWeb: false, companyID: '7', scopeState: '' })
  })
})
