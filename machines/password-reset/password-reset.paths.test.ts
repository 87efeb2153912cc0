import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { passwordResetMachine, resetFailureOf, type PasswordResetError } from './password-reset.machine'
import { passwordResetSamples } from './password-reset.samples'

type Snapshot = SnapshotFrom<typeof passwordResetMachine>

const options: PathSuiteOptions<typeof passwordResetMachine> = {
  input: { oobCode: 'valid-code' },
  events: passwordResetSamples,
  contextKeys: ['formError', 'password', 'repeat'],
  invariants: {
    '': (s: Snapshot) => {
      // The change call only ever runs with a password that passed the local rules.
      if (s.matches('changing')) {
        expect(s.context.password.length).toBeGreaterThanOrEqual(6)
        expect(s.context.password).toBe(s.context.repeat)
      }
    },
    verifying: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
    changing: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
    form: (s: Snapshot) => expect(s.context.email).toBe('owner@example.com'),
  },
}

describe('passwordReset paths (SPEC §4 "Password reset", §5)', () => {
  const paths = expectAllStatesReachable(passwordResetMachine, options)

  it('reaches every state, and each form error, by a short path', () => {
    const lines = describePaths(paths)
    for (const target of ['verifying', 'verifyFailed', 'form', 'changing', 'changed', 'expired']) {
      expect(lines.some((l) => l.startsWith(`${target} <-`)), target).toBe(true)
    }
    const errors = new Set(paths.map((p) => (p.state as Snapshot).context.formError))
    expect([...errors].sort()).toEqual(['mismatch', 'tooShort', 'unknown', 'weakPassword', null].sort())
  })

  it('replays every path on a live actor', () => {
    replayPaths(passwordResetMachine, paths, options)
  })

  it('goes straight to expired without a code, never calling the service', () => {
    const expired = expectAllStatesReachable(passwordResetMachine, {
      ...options,
      input: { oobCode: null },
      unreachable: ['verifying', 'verifyFailed', 'form', 'changing', 'changed', 'start'],
    })
    expect(describePaths(expired)).toEqual(['expired <- (initial)'])
  })
})

describe('passwordReset behaviour', () => {
  /** Types `password` in both fields and submits the form. */
  function submitPassword(actor: ReturnType<typeof run>['actor'], password: string) {
    actor.send({ type: 'password.changed', value: password })
    actor.send({ type: 'repeat.changed', value: password })
    actor.send({ type: 'submit' })
  }

  function run(answers: { verify?: () => Promise<string>; confirm?: (password: string) => Promise<void> }, oobCode: string | null = 'valid') {
    const calls: string[] = []
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          verifyResetCode: fromPromise(async ({ input }) => {
            calls.push(`verify ${input.oobCode}`)
            return (answers.verify ?? (async () => 'owner@example.com'))()
          }),
          confirmReset: fromPromise(async ({ input }) => {
            calls.push(`confirm ${input.oobCode} ${input.password}`)
            return (answers.confirm ?? (async () => undefined))(input.password)
          }),
        },
      }),
      { input: { oobCode } },
    ).start()
    return { actor, calls }
  }

  it('verifies, refuses short and mismatched passwords locally, then changes', async () => {
    const { actor, calls } = run({})
    await waitFor(actor, (s) => s.matches('form'))
    expect(actor.getSnapshot().context.email).toBe('owner@example.com')
    actor.send({ type: 'password.changed', value: '12345' })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.formError).toBe('tooShort')
    actor.send({ type: 'password.changed', value: '123456' })
    expect(actor.getSnapshot().context.formError).toBeNull()
    actor.send({ type: 'repeat.changed', value: '123457' })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().context.formError).toBe('mismatch')
    actor.send({ type: 'repeat.changed', value: '123456' })
    expect(actor.getSnapshot().context.formError).toBeNull()
    actor.send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('changed'))
    expect(calls).toEqual(['verify valid', 'confirm valid 123456'])
  })

  it('shows weakPassword from the service and lets the user try another password', async () => {
    const { actor } = run({
      confirm: async (password) => {
        if (password === 'password') throw { failure: 'weakPassword' } satisfies PasswordResetError
      },
    })
    await waitFor(actor, (s) => s.matches('form'))
    submitPassword(actor, 'password')
    await waitFor(actor, (s) => s.matches('form') && s.context.formError !== null)
    expect(actor.getSnapshot().context.formError).toBe('weakPassword')
    submitPassword(actor, 'Tr1cky-horse')
    await waitFor(actor, (s) => s.matches('changed'))
  })

  it('a change that failed can be sent again unchanged; its message goes while the retry runs', async () => {
    let attempts = 0
    const { actor } = run({
      confirm: async () => {
        attempts += 1
        if (attempts === 1) throw new TypeError('Failed to fetch')
      },
    })
    await waitFor(actor, (s) => s.matches('form'))
    submitPassword(actor, 'Tr1cky-horse')
    await waitFor(actor, (s) => s.matches('form') && s.context.formError !== null)
    expect(actor.getSnapshot().context.formError).toBe('unknown')
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().matches('changing')).toBe(true)
    expect(actor.getSnapshot().context.formError).toBeNull()
    await waitFor(actor, (s) => s.matches('changed'))
  })

  it('an expired code on load ends in expired; a network failure can be retried', async () => {
    const expired = run({ verify: async () => Promise.reject({ failure: 'expiredLink' }) })
    await waitFor(expired.actor, (s) => s.matches('expired'))
    expect(expired.actor.getSnapshot().status).toBe('done')

    let attempts = 0
    const flaky = run({
      verify: async () => {
        attempts += 1
        if (attempts === 1) throw new TypeError('Failed to fetch')
        return 'owner@example.com'
      },
    })
    await waitFor(flaky.actor, (s) => s.matches('verifyFailed'))
    flaky.actor.send({ type: 'retry' })
    await waitFor(flaky.actor, (s) => s.matches('form'))
    expect(attempts).toBe(2)
  })

  it('reads failure codes defensively', () => {
    expect(resetFailureOf({ failure: 'weakPassword' })).toBe('weakPassword')
    expect(resetFailureOf({ failure: 'other' })).toBe('unknown')
    expect(resetFailureOf(null)).toBe('unknown')
    expect(resetFailureOf(new Error('x'))).toBe('unknown')
  })
})
