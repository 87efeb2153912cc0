/**
 * Broken platform answers through the api layer into the machines (issue 5 "Bad input"; SPEC §3,
 * §8; CONTRACT.md "a missing required field is a typed error, never an exception"). fast-check
 * mutates valid wire answers (missing fields, wrong types, huge strings, negative prices,
 * unknown enum values), the real api client parses them behind a fake fetch, and the machines
 * get whatever comes out as their actors' output or error; random thrown values go straight
 * into `xstate.error.actor.*`. Every run must end in a typed state of the machine; no actor may
 * stop with an error.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import { ApiError, isApiError } from '@/api/errors'
import { apiAnswering, mutatedAnswer } from '@/api/testing/wire-mutations'
import { sessionWire, shopWire } from '@/api/testing/wire-samples'
import type { CancelOutcome, Session, ShopData } from '@/domain/types'
import { shopData } from '@tests/fixtures/shop'
import { session as sessionFixture } from '@tests/fixtures/session'
import { checkoutOf, shopGateMachine } from '../shop-gate/shop-gate.machine'
import { sessionMachine } from '../session/session.machine'
import { checkoutMachine } from '../checkout/checkout.machine'
import { failureOf } from './errors'

/** Any value a broken dependency could throw: ApiErrors of every kind, plain errors, junk. */
const thrown: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.constantFrom('notFound', 'unauthorized', 'conflict', 'badRequest', 'outOfStock', 'server', 'network', 'timeout', 'badResponse').chain((kind) =>
    fc.record({ status: fc.option(fc.integer({ min: 100, max: 599 })), message: fc.option(fc.string()) }).map(
      ({ status, message }) =>
        new ApiError({ kind: kind as ApiError['kind'], status, serverMessage: message, stock: kind === 'outOfStock' ? { a1: -3 } : null }),
    ),
  ),
  fc.string().map((m) => new Error(m)),
  fc.record({ kind: fc.jsonValue(), status: fc.jsonValue(), serverMessage: fc.jsonValue(), stock: fc.jsonValue() }),
)

/** What a call through the api layer gave: the parsed value or the ApiError (never anything else). */
async function settle<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  try {
    return { ok: true, value: await call }
  } catch (error) {
    expect(isApiError(error), `the api layer rejected with ${String(error)}`).toBe(true)
    return { ok: false, error: error as ApiError }
  }
}

/** Fails when `actor` or any actor it spawned or invoked stopped with an error. */
function expectNoActorError(actor: AnyActorRef, where = 'root'): void {
  const snapshot = actor.getSnapshot() as { status: string; error?: unknown; children?: Record<string, AnyActorRef | undefined> }
  expect(snapshot.status, `${where} actor status (error: ${String(snapshot.error)})`).not.toBe('error')
  for (const [id, child] of Object.entries(snapshot.children ?? {})) if (child) expectNoActorError(child, `${where}/${id}`)
}

/** Starts `actor`, collecting errors its subscribers would see. */
function watched<A extends AnyActorRef>(actor: A): { actor: A; errors: unknown[] } {
  const errors: unknown[] = []
  actor.subscribe({ error: (e) => errors.push(e) })
  actor.start()
  return { actor, errors }
}

const NUM_RUNS = 60

/** Run alone, the session and the checkout have no parent: their reports go nowhere. */
const noSessionReports = { reportReady: () => {}, reportCartChanged: () => {}, reportSessionUpdated: () => {}, reportRecovered: () => {}, reportCartSynced: () => {} }
const noCheckoutReports = { reportStarted: () => {}, reportSettled: () => {}, reportCompleted: () => {}, reportCharging: () => {}, reportChargingEnded: () => {}, reportStock: () => {} }
const gateInput = { shopId: 'cafe', table: null, tabId: null, isMobile: false }

function gateWith(loadShop: () => Promise<ShopData>, fetchSession: () => Promise<Session> = async () => sessionFixture()) {
  return shopGateMachine.provide({
    actors: {
      loadShop: fromPromise(loadShop),
      session: sessionMachine.provide({ actors: { fetchSession: fromPromise(fetchSession) }, delays: { loadRetry: 1 } }),
    },
    delays: { loadRetry: 1 },
  })
}

const gateSettled = ['open', 'closed', 'needsReference', 'loadFailed', 'notFound', 'badAnswer'] as const

describe('shop gate: broken shop answers (SPEC §2 gate, §8)', () => {
  it('ends open/closed/needsReference on a parsable answer and on the error page (badAnswer) on any other', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedAnswer(shopWire), async (body) => {
        const api = apiAnswering(body)
        const parsed = await settle(api.getShop('cafe'))
        const { actor, errors } = watched(createActor(gateWith(() => api.getShop('cafe')), { input: gateInput }))
        const snapshot = await waitFor(actor, (s) => gateSettled.some((state) => s.matches(state)), { timeout: 2_000 })
        expectNoActorError(actor)
        expect(errors).toEqual([])
        if (parsed.ok) {
          expect(snapshot.matches('loadFailed')).toBe(false)
          expect(snapshot.context.shopData).toEqual(parsed.value)
        } else {
          expect(parsed.error.kind).toBe('badResponse')
          expect(snapshot.matches('badAnswer')).toBe(true)
          expect(snapshot.context.shopData).toBeNull()
        }
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('reads any thrown value as a typed failure: notFound, badAnswer or loadFailed, never an actor error', async () => {
    await fc.assert(
      fc.asyncProperty(thrown, async (error) => {
        const { actor, errors } = watched(
          createActor(
            gateWith(() => Promise.reject(error)),
            { input: gateInput },
          ),
        )
        const snapshot = await waitFor(actor, (s) => s.matches('loadFailed') || s.matches('notFound') || s.matches('badAnswer'), { timeout: 2_000 })
        expectNoActorError(actor)
        expect(errors).toEqual([])
        expect(snapshot.matches('notFound')).toBe(failureOf(error).kind === 'notFound')
        expect(snapshot.matches('badAnswer')).toBe(failureOf(error).kind === 'badResponse')
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('opens with a sane checkout whatever session answer the first load gets', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedAnswer(sessionWire), async (body) => {
        const api = apiAnswering(body)
        const { actor, errors } = watched(createActor(gateWith(async () => shopData(), () => api.getSession('cafe', { table: null, tabId: null })), { input: gateInput }))
        const snapshot = await waitFor(actor, (s) => gateSettled.some((state) => s.matches(state)), { timeout: 2_000 })
        expect(snapshot.matches('open')).toBe(true)
        // The checkout is there as soon as the shop is open.
        const checkout = checkoutOf(snapshot)?.getSnapshot()
        expect(checkout?.status).toBe('active')
        expectNoActorError(actor)
        expect(errors).toEqual([])
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })
})

describe('session: broken session answers on load, poll and push (SPEC §4, §9)', () => {
  const sessionInput = { shopId: 'cafe', table: null, tabId: null }

  it('is ready after any first answer, adopting it only when it parses', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedAnswer(sessionWire), async (body) => {
        const api = apiAnswering(body)
        const parsed = await settle(api.getSession('cafe', { table: null, tabId: null }))
        const machine = sessionMachine.provide({
          actors: { fetchSession: fromPromise(() => api.getSession('cafe', { table: null, tabId: null })) },
          actions: noSessionReports,
          delays: { loadRetry: 1 },
        })
        const { actor, errors } = watched(createActor(machine, { input: sessionInput }))
        const snapshot = await waitFor(actor, (s) => s.matches('ready'), { timeout: 2_000 })
        expectNoActorError(actor)
        expect(errors).toEqual([])
        expect(snapshot.context.remote).toEqual(parsed.ok ? parsed.value : null)
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('keeps polling through broken poll answers and thrown junk, adopting only parsed sessions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(mutatedAnswer(sessionWire).map((body) => ({ body })), thrown.map((error) => ({ error }))), { minLength: 1, maxLength: 6 }), async (answers) => {
        let polls = 0
        const good = sessionFixture()
        const adopted: (Session | null)[] = []
        // Every Session the api layer handed out (the only values the machine may adopt).
        const parsed = new Set<Session>([good])
        const machine = sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async () => {
              polls += 1
              if (polls === 1) return good
              const answer = answers[(polls - 2) % answers.length]
              if (!answer || 'error' in answer) throw answer?.error
              const session = await apiAnswering(answer.body).getSession('cafe', { table: null, tabId: null })
              parsed.add(session)
              return session
            }),
          },
          actions: noSessionReports,
          delays: { pollInterval: 1, loadRetry: 1 },
        })
        const { actor, errors } = watched(createActor(machine, { input: sessionInput }))
        await waitFor(actor, (s) => s.matches('ready'), { timeout: 2_000 })
        actor.subscribe((s) => adopted.push(s.context.remote))
        actor.send({ type: 'polling.start' })
        await waitFor(actor, () => polls >= answers.length + 1, { timeout: 3_000 })
        actor.send({ type: 'polling.stop' })
        const snapshot = actor.getSnapshot()
        expectNoActorError(actor)
        expect(errors).toEqual([])
        expect(snapshot.matches({ ready: { polling: 'off' } })).toBe(true)
        // Whatever was adopted is a parsed Session (the first one or one the schema accepted;
        // a session without a payment has paymentStatus null, so identity is what is checked).
        for (const remote of adopted) expect(remote !== null && parsed.has(remote)).toBe(true)
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('marks the cart offline and retries when pushes fail with anything, or holds a refused cart until the next change', async () => {
    await fc.assert(
      fc.asyncProperty(thrown, async (error) => {
        let pushes = 0
        const machine = sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async () => sessionFixture()),
            pushCart: fromPromise(async () => {
              pushes += 1
              if (pushes === 1) throw error
            }),
          },
          actions: noSessionReports,
          delays: { pushDebounce: 1, pushRetry: 1 },
        })
        const { actor, errors } = watched(createActor(machine, { input: sessionInput }))
        await waitFor(actor, (s) => s.matches('ready'), { timeout: 2_000 })
        actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
        const failed = await waitFor(actor, (s) => s.hasTag('offline') || s.hasTag('refused'), { timeout: 2_000 })
        // A refusal (a 4xx the platform answered) is not retried: the customer's change sends it again.
        if (failed.hasTag('refused')) actor.send({ type: 'cart.setCount', itemId: failed.context.cart[0]!.id, count: 2 })
        const done = await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }), { timeout: 2_000 })
        expect(pushes).toBe(2)
        expect(done.context.dirty).toBe(false)
        expectNoActorError(actor)
        expect(errors).toEqual([])
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })
})

describe('checkout: broken startPayment answers and failures (SPEC §4, §8)', () => {
  const shop = shopData()
  const methodIds = shop.paymentMethods.map((m) => m.id)
  const input = {
    shopId: 'cafe',
    paymentMethods: shop.paymentMethods,
    customerInputs: null,
    isMobile: true,
    primaryColor: null,
    orderReference: null,
    payableUnits: 1,
    resume: null,
    customerValues: null,
  }

  function checkoutWith(startPayment: () => Promise<{ paymentId: string }>, cancelPayment: () => Promise<CancelOutcome> = async () => 'cancelled') {
    return checkoutMachine.provide({
      actors: { startPayment: fromPromise(startPayment), cancelPayment: fromPromise(cancelPayment) },
      actions: noCheckoutReports,
    })
  }

  const settledCheckout = (s: ReturnType<ReturnType<typeof createActor<typeof checkoutMachine>>['getSnapshot']>) =>
    s.matches('started') || s.matches('stopped')

  it('starts on a parsable answer and stops in error on any other', async () => {
    expect(methodIds.length).toBeGreaterThan(0)
    await fc.assert(
      fc.asyncProperty(mutatedAnswer(() => ({ paymentId: 'swish-token' })), fc.constantFrom(...methodIds), async (body, methodId) => {
        const api = apiAnswering(body)
        const call = () =>
          api.startPayment('cafe', { paymentMethodId: methodId, orderReference: null, customerInfo: { name: '', email: '', phone: '', address: '', postalCode: '', city: '', extraInfo: '', isMobile: true } })
        const parsed = await settle(call())
        const { actor, errors } = watched(createActor(checkoutWith(call), { input }))
        actor.send({ type: 'method.selected', methodId })
        const snapshot = await waitFor(actor, settledCheckout, { timeout: 2_000 })
        expectNoActorError(actor)
        expect(errors).toEqual([])
        if (parsed.ok) {
          expect(snapshot.matches('started') || snapshot.matches({ stopped: 'error' })).toBe(true)
          if (snapshot.matches('started')) expect(snapshot.context.paymentId).toBe(parsed.value.paymentId)
        } else {
          expect(snapshot.matches({ stopped: 'error' })).toBe(true)
          expect(['startFailed', 'network', 'outOfStock']).toContain(snapshot.context.error?.code)
        }
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('stops in a typed error for anything startPayment or a cancel throws, never starts beside a payment that may run, and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(thrown, thrown, fc.constantFrom(...methodIds), async (startError, cancelError, methodId) => {
        let starts = 0
        let cancels = 0
        const { actor, errors } = watched(
          createActor(
            checkoutWith(
              async () => {
                starts += 1
                if (starts === 1) throw startError
                return { paymentId: 'p2' }
              },
              () => (++cancels === 1 ? Promise.reject(cancelError) : Promise.resolve('cancelled' as const)),
            ),
            { input },
          ),
        )
        actor.send({ type: 'method.selected', methodId })
        const stopped = await waitFor(actor, settledCheckout, { timeout: 2_000 })
        expect(stopped.matches({ stopped: 'error' })).toBe(true)
        expect(['startFailed', 'network', 'outOfStock']).toContain(stopped.context.error?.code)
        const mayRun = stopped.context.startUnconfirmed
        actor.send({ type: 'payment.retry' })
        if (mayRun) {
          // The first start may have gone through: its cancel fails, so nothing starts beside it.
          const held = await waitFor(actor, settledCheckout, { timeout: 2_000 })
          expect(held.matches({ stopped: 'error' })).toBe(true)
          expect(held.context.error?.code).toBe('network')
          expect(starts).toBe(1)
          actor.send({ type: 'payment.retry' })
        }
        const restarted = await waitFor(actor, (s) => s.matches('started'), { timeout: 2_000 })
        expect(restarted.context.paymentId).toBe('p2')
        // A started payment told by the session that it failed, then any junk polls: typed states only.
        actor.send({ type: 'session.updated', session: sessionFixture({ paymentStatus: 'FAILED', paymentId: 'p2', message: null }), payableUnits: 1 })
        expect(actor.getSnapshot().matches({ stopped: 'failed' })).toBe(true)
        expectNoActorError(actor)
        expect(errors).toEqual([])
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it('resumes from any session the api layer accepts without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedAnswer(sessionWire), async (body) => {
        const parsed = await settle(apiAnswering(body).getSession('cafe', { table: null, tabId: null }))
        if (!parsed.ok) return
        const { actor, errors } = watched(createActor(checkoutWith(async () => ({ paymentId: 'p' })), { input: { ...input, resume: parsed.value } }))
        const snapshot = actor.getSnapshot()
        expect(snapshot.matches('notStarted') || snapshot.matches('started') || snapshot.matches('completed') || snapshot.matches('stopped')).toBe(true)
        expectNoActorError(actor)
        expect(errors).toEqual([])
        actor.stop()
      }),
      { numRuns: NUM_RUNS },
    )
  })
})
