import { describe, expect, it, vi, afterEach } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { afterEvents, describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import type { CardConfirmResult } from '../payment/providers/card.machine'
import { COMPANY_PAYMENT_POLL_MS, companyCardPaymentMachine, type CompanyPaymentIntent } from './company-card-payment.machine'
import { companyCardPaymentSamples, completedIntent, openIntent } from './company-card-payment.samples'

type Snapshot = SnapshotFrom<typeof companyCardPaymentMachine>

const options: PathSuiteOptions<typeof companyCardPaymentMachine> = {
  input: { companyId: 'cafe', paymentIntentId: 'pi_company_demo' },
  events: { ...companyCardPaymentSamples, ...afterEvents(companyCardPaymentMachine) },
  contextKeys: ['error', 'intent'],
  invariants: {
    '': (s: Snapshot) => {
      if (s.matches('confirming') || s.matches('confirmingAgain') || s.matches('polling')) expect(s.hasTag('busy')).toBe(true)
      if (s.matches('confirming') || s.matches('confirmingAgain')) expect(s.context.intent?.clientSecret).toBeTruthy()
    },
    completed: (s: Snapshot) => expect(s.context.intent?.status).toBe('COMPLETED'),
    failed: (s: Snapshot) => expect(s.context.error).not.toBeNull(),
    ready: (s: Snapshot) => expect(s.context.intent).not.toBeNull(),
  },
}

describe('companyCardPayment paths (SPEC §4 "Company card payment page")', () => {
  const paths = expectAllStatesReachable(companyCardPaymentMachine, options)

  it('reaches every state, and every confirmation error code', () => {
    const targets = new Set(describePaths(paths).map((l) => l.split(' <- ')[0]?.split('.').at(-1)))
    for (const state of ['loading', 'loadFailed', 'ready', 'confirming', 'confirmingAgain', 'failed', 'waiting', 'fetching', 'completed']) {
      expect(targets.has(state), state).toBe(true)
    }
    const codes = new Set(paths.map((p) => (p.state as Snapshot).context.error?.code ?? null))
    expect(codes).toEqual(new Set([null, 'providerError', 'unknownProviderError', 'missingSecret']))
  })

  it('replays every path on a live actor', () => {
    replayPaths(companyCardPaymentMachine, paths, options)
  })
})

describe('companyCardPayment behaviour', () => {
  afterEach(() => void vi.useRealTimers())

  function start(intents: CompanyPaymentIntent[], confirms: CardConfirmResult[]) {
    const fetches: number[] = []
    const confirmCalls: unknown[] = []
    const actor = createActor(
      companyCardPaymentMachine.provide({
        actors: {
          fetchPaymentIntent: fromPromise(async () => {
            fetches.push(Date.now())
            const next = intents.shift()
            if (!next) throw new Error('no more intents')
            return next
          }),
          confirmCardPayment: fromPromise(async ({ input }) => {
            confirmCalls.push(input)
            return confirms.shift() ?? { status: 'failed', message: null }
          }),
        },
      }),
      { input: { companyId: 'cafe', paymentIntentId: 'pi_company_demo' } },
    ).start()
    return { actor, fetches, confirmCalls }
  }

  it('confirms again on requires_action, then polls every 5 s until COMPLETED', async () => {
    vi.useFakeTimers()
    const { actor, fetches, confirmCalls } = start([openIntent, openIntent, openIntent, completedIntent], [{ status: 'requires_action' }, { status: 'succeeded' }])
    // Only microtasks are flushed here: vi.waitFor would move the fake clock on.
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'card.submit' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('polling')).toBe(true)
    expect(confirmCalls).toEqual([
      { clientSecret: 'pi_company_demo_secret_sandbox', stripeAccountId: 'acct_demo_cafe', again: false },
      { clientSecret: 'pi_company_demo_secret_sandbox', stripeAccountId: 'acct_demo_cafe', again: true },
    ])
    expect(fetches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(COMPANY_PAYMENT_POLL_MS - 1)
    expect(fetches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetches).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(2 * COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(4)
    expect(actor.getSnapshot().value).toBe('completed')
    await vi.advanceTimersByTimeAsync(3 * COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(4)
  })

  it('a declined card shows the message and Pay works again', async () => {
    const { actor, confirmCalls } = start([openIntent], [{ status: 'failed', message: 'Your card was declined.' }, { status: 'failed', message: null }])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toEqual({ code: 'providerError', message: 'Your card was declined.' })
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.matches('failed') && s.context.error?.code === 'unknownProviderError')
    expect(confirmCalls).toHaveLength(2)
  })

  it('an already paid intent shows completed at once; a failed load can be retried', async () => {
    const paid = start([completedIntent], [])
    await waitFor(paid.actor, (s) => s.matches('completed'))

    const failing = start([], [])
    await waitFor(failing.actor, (s) => s.matches('loadFailed'))
    expect(failing.fetches).toHaveLength(1)
  })
})
