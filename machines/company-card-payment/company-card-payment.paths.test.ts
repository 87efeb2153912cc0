import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup, waitFor, type SnapshotFrom } from 'xstate'
import { afterEvents, describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { cardPaymentMachine, type CardConfirmResult, type CardIntentStatus } from '../payment/providers/card.machine'
import {
  COMPANY_PAYMENT_POLL_MS,
  companyCardOf,
  companyCardPaymentMachine,
  companyPaymentError,
  companyPaymentScreen,
  type CompanyPaymentIntent,
} from './company-card-payment.machine'
import { companyCardPaymentSamples, completedIntent, openIntent } from './company-card-payment.samples'

type Snapshot = SnapshotFrom<typeof companyCardPaymentMachine>

// The replay's card payment: reports its first snapshot (checking the intent, as the real one
// starts) and then stays, so each path's card snapshots come only from the sample events, as in
// the traversal.
const idleCard = setup({}).createMachine({ context: { error: null }, initial: 'checking', states: { checking: {} } })

const options: PathSuiteOptions<typeof companyCardPaymentMachine> = {
  input: { companyId: 'cafe', paymentIntentId: 'pi_company_demo' },
  events: { ...companyCardPaymentSamples, ...afterEvents(companyCardPaymentMachine) },
  contextKeys: ['error', 'intent'],
  replayActors: { cardPayment: idleCard },
  invariants: {
    '': (s: Snapshot) => {
      expect(s.hasTag('busy')).toBe(s.matches({ paying: 'confirming' }) || s.matches('polling'))
      if (s.matches('paying')) expect(s.context.intent?.clientSecret).toBeTruthy()
    },
    completed: (s: Snapshot) => expect(s.context.intent?.status).toBe('COMPLETED'),
    stopped: (s: Snapshot) => expect(['ERROR', 'FAILED', 'CANCELLED']).toContain(s.context.intent?.status),
    polling: (s: Snapshot) => expect(s.context.error).toBeNull(),
  },
}

describe('companyCardPayment paths (SPEC §4 "Company card payment page")', () => {
  const paths = expectAllStatesReachable(companyCardPaymentMachine, options)

  it('reaches every state, and every error code', () => {
    const targets = new Set(describePaths(paths).map((l) => l.split(' <- ')[0]?.split('.').at(-1)))
    for (const state of ['loading', 'loadFailed', 'stopped', 'checking', 'idle', 'confirming', 'waiting', 'fetching', 'completed']) {
      expect(targets.has(state), state).toBe(true)
    }
    const codes = new Set(paths.map((p) => (p.state as Snapshot).context.error?.code ?? null))
    expect(codes).toEqual(new Set([null, 'providerError', 'unknownProviderError']))
  })

  it('replays every path on a live actor', () => {
    replayPaths(companyCardPaymentMachine, paths, options)
  })
})

describe('companyCardPayment behaviour', () => {
  afterEach(() => void vi.useRealTimers())

  /**
   * The machine with the card flow of the cart's card machine, confirming with `confirms` in turn;
   * the card provider has the intent as `provider` (unpaid unless a test says).
   */
  function start(intents: CompanyPaymentIntent[], confirms: CardConfirmResult[], provider: CardIntentStatus = 'requires_payment_method') {
    const fetches: number[] = []
    const confirmCalls: unknown[] = []
    const retrieveCalls: unknown[] = []
    const actor = createActor(
      companyCardPaymentMachine.provide({
        actors: {
          fetchPaymentIntent: fromPromise(async () => {
            fetches.push(Date.now())
            const next = intents.shift()
            if (!next) throw new Error('no more intents')
            return next
          }),
          cardPayment: cardPaymentMachine.provide({
            actors: {
              confirmCardPayment: fromPromise(async ({ input }) => {
                confirmCalls.push(input)
                return confirms.shift() ?? { status: 'failed', message: null }
              }),
              retrieveCardIntent: fromPromise(async ({ input }) => {
                retrieveCalls.push(input)
                return { status: provider }
              }),
            },
          }),
        },
      }),
      { input: { companyId: 'cafe', paymentIntentId: 'pi_company_demo' } },
    ).start()
    return { actor, fetches, confirmCalls, retrieveCalls }
  }

  it('pays through the invoked card payment: confirms again on requires_action, then polls every 5 s until COMPLETED', async () => {
    vi.useFakeTimers()
    const { actor, fetches, confirmCalls } = start([openIntent, openIntent, openIntent, completedIntent], [{ status: 'requires_action' }, { status: 'succeeded' }])
    // Only microtasks are flushed here: vi.waitFor would move the fake clock on.
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toEqual({ paying: 'idle' })
    const card = companyCardOf(actor.getSnapshot())
    expect(card?.getSnapshot().context.paymentId).toBe('pi_company_demo_secret_sandbox')
    actor.send({ type: 'card.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(companyPaymentScreen(actor.getSnapshot())).toBe('succeeded')
    expect(confirmCalls).toEqual([
      { clientSecret: 'pi_company_demo_secret_sandbox', stripeAccountId: 'acct_demo_cafe', again: false },
      { clientSecret: 'pi_company_demo_secret_sandbox', stripeAccountId: 'acct_demo_cafe', again: true },
    ])
    expect(fetches).toHaveLength(1)
    expect(COMPANY_PAYMENT_POLL_MS).toBe(5_000) // SPEC §4, §9: the page polls every 5 seconds.
    await vi.advanceTimersByTimeAsync(COMPANY_PAYMENT_POLL_MS - 1)
    expect(fetches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetches).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(2 * COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(4)
    expect(actor.getSnapshot().value).toBe('completed')
    expect(companyCardOf(actor.getSnapshot())).toBeUndefined()
    await vi.advanceTimersByTimeAsync(3 * COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(4)
  })

  it('reopened after Pay went through but before COMPLETED: success at once, no Pay, polls every 5 s until COMPLETED', async () => {
    vi.useFakeTimers()
    const { actor, fetches, confirmCalls, retrieveCalls } = start([openIntent, openIntent, completedIntent], [], 'succeeded')
    // The card reads the intent before it offers Pay: the page shows loading meanwhile.
    expect(companyPaymentScreen(actor.getSnapshot())).toBe('loading')
    await vi.advanceTimersByTimeAsync(0)
    expect(retrieveCalls).toEqual([{ clientSecret: 'pi_company_demo_secret_sandbox', stripeAccountId: 'acct_demo_cafe' }])
    expect(actor.getSnapshot().value).toEqual({ polling: 'waiting' })
    expect(companyPaymentScreen(actor.getSnapshot())).toBe('succeeded')
    expect(companyCardOf(actor.getSnapshot())).toBeUndefined()
    expect(fetches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(COMPANY_PAYMENT_POLL_MS - 1)
    expect(fetches).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetches).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(3)
    expect(actor.getSnapshot().value).toBe('completed')
    expect(confirmCalls).toEqual([])
  })

  it.each(['processing', 'requires_capture'] as const)('counts a reopened intent that is %s as paid', async (status) => {
    const { actor } = start([openIntent], [], status)
    await waitFor(actor, (s) => s.matches('polling'))
    expect(companyPaymentScreen(actor.getSnapshot())).toBe('succeeded')
  })

  it('reopened with an unpaid intent (or one that cannot be read): the form and Pay, as before', async () => {
    const unpaid = start([{ ...openIntent, errorMessage: 'Insufficient funds' }], [{ status: 'succeeded' }], 'requires_payment_method')
    await waitFor(unpaid.actor, (s) => s.matches({ paying: 'idle' }))
    expect(unpaid.retrieveCalls).toHaveLength(1)
    expect(companyPaymentScreen(unpaid.actor.getSnapshot())).toBe('form')
    expect(companyCardOf(unpaid.actor.getSnapshot())).toBeDefined()
    expect(companyPaymentError(unpaid.actor.getSnapshot())).toEqual({ message: 'Insufficient funds' })
    unpaid.actor.send({ type: 'card.submit' })
    await waitFor(unpaid.actor, (s) => s.matches('polling'))
    expect(unpaid.confirmCalls).toHaveLength(1)

    const unreadable = createActor(
      companyCardPaymentMachine.provide({
        actors: {
          fetchPaymentIntent: fromPromise(async () => openIntent),
          cardPayment: cardPaymentMachine.provide({
            actors: {
              retrieveCardIntent: fromPromise(async (): Promise<{ status: CardIntentStatus }> => {
                throw new Error('The card provider is not available')
              }),
            },
          }),
        },
      }),
      { input: { companyId: 'cafe', paymentIntentId: 'pi_company_demo' } },
    ).start()
    await waitFor(unreadable, (s) => s.matches({ paying: 'idle' }))
    expect(companyPaymentError(unreadable.getSnapshot())).toBeNull()
  })

  it('a declined card shows the message and Pay works again', async () => {
    const { actor, confirmCalls } = start([openIntent], [{ status: 'failed', message: 'Your card was declined.' }, { status: 'failed', message: null }])
    await waitFor(actor, (s) => s.matches('paying'))
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ code: 'providerError', message: 'Your card was declined.' })
    expect(companyPaymentError(actor.getSnapshot())).toEqual({ message: 'Your card was declined.' })
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.context.error?.code === 'unknownProviderError')
    expect(companyPaymentError(actor.getSnapshot())).toEqual({ message: null })
    expect(confirmCalls).toHaveLength(2)
  })

  it('shows the platform\'s error of an earlier attempt until this visit tries', async () => {
    const { actor } = start([{ ...openIntent, errorMessage: 'Insufficient funds' }], [{ status: 'succeeded' }])
    await waitFor(actor, (s) => s.matches('paying'))
    expect(companyPaymentError(actor.getSnapshot())).toEqual({ message: 'Insufficient funds' })
    actor.send({ type: 'card.submit' })
    expect(companyPaymentError(actor.getSnapshot())).toBeNull()
  })

  it('an already paid intent shows completed at once; a failed load can be retried; no secret is a failed load', async () => {
    const paid = start([completedIntent], [])
    await waitFor(paid.actor, (s) => s.matches('completed'))

    const failing = start([], [])
    await waitFor(failing.actor, (s) => s.matches('loadFailed'))
    expect(failing.fetches).toHaveLength(1)

    // CONTRACT.md: a missing required field is the error page, never a Pay that cannot work.
    const noSecret = start([{ ...openIntent, clientSecret: null }], [])
    await waitFor(noSecret.actor, (s) => s.matches('loadFailed'))
    expect(companyCardOf(noSecret.actor.getSnapshot())).toBeUndefined()
    expect(noSecret.confirmCalls).toEqual([])
  })

  it('a cancelled intent offers no Pay: it says so, and Try again reads it again', async () => {
    const { actor, fetches } = start([{ ...openIntent, status: 'CANCELLED' }, { ...openIntent, status: 'CANCELLED' }], [])
    await waitFor(actor, (s) => s.matches('stopped'))
    expect(companyPaymentScreen(actor.getSnapshot())).toBe('stopped')
    expect(companyPaymentError(actor.getSnapshot())).toBe('cancelled')
    expect(companyCardOf(actor.getSnapshot())).toBeUndefined()
    actor.send({ type: 'retry' })
    await waitFor(actor, () => fetches.length === 2)
    await waitFor(actor, (s) => s.matches('stopped'))
  })

  it('stops waiting when the platform ends the intent unpaid after Pay, with its message; Try again checks the card first', async () => {
    vi.useFakeTimers()
    const ended = { ...openIntent, status: 'ERROR', errorMessage: 'Receipt could not be created' }
    const { actor, fetches, confirmCalls, retrieveCalls } = start([openIntent, ended, ended], [{ status: 'succeeded' }])
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'card.submit' })
    await vi.advanceTimersByTimeAsync(COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(2)
    expect(actor.getSnapshot().value).toBe('stopped')
    expect(actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(companyPaymentError(actor.getSnapshot())).toEqual({ message: 'Receipt could not be created' })
    // No more polls until asked.
    await vi.advanceTimersByTimeAsync(3 * COMPANY_PAYMENT_POLL_MS)
    expect(fetches).toHaveLength(2)
    // Try again: the intent is read again and the card asks its provider before any Pay.
    actor.send({ type: 'retry' })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetches).toHaveLength(3)
    expect(retrieveCalls).toHaveLength(2)
    expect(confirmCalls).toHaveLength(1)
  })
})
