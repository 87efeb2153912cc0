import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type EventFrom, type EventObject, type InspectionEvent, type SnapshotFrom } from 'xstate'
import { afterEvents, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { shopData } from '@tests/fixtures/shop'
import { session } from '@tests/fixtures/session'
import type { CancelOutcome, Session, ShopData } from '@/domain/types'
import { checkoutOf, sessionOf, shopGateMachine } from './shop-gate.machine'
import { sessionMachine } from '../session/session.machine'
import { checkoutMachine } from '../checkout/checkout.machine'
import { shopGateSamples } from './shop-gate.samples'

type Snapshot = SnapshotFrom<typeof shopGateMachine>

const options: PathSuiteOptions<typeof shopGateMachine> = {
  input: { shopId: 'cafe', table: null, tabId: null, isMobile: false },
  events: { ...shopGateSamples, ...afterEvents(shopGateMachine) },
  // onCartPage and paymentRunning: polling starts when both hold, whichever comes second.
  // firstSession: a gate opened without one (the first load gave up) takes the next answer as it.
  contextKeys: ['sessionReady', 'orderReference', 'referenceInput', 'referenceError', 'loadFailures', 'onCartPage', 'paymentRunning', 'firstSession'],
  invariants: {
    // The gate's order (SPEC §2): nothing past loading before the first session load.
    closed: (s: Snapshot) => expect(s.context.sessionReady).toBe(true),
    needsReference: (s: Snapshot) => expect(s.context.orderReference).toBeNull(),
    open: (s: Snapshot) => {
      expect(s.context.sessionReady).toBe(true)
      if (s.context.shopData?.shop.requireReference) expect(s.context.orderReference).not.toBeNull()
    },
    loading: (s: Snapshot) => expect(s.hasTag('loading')).toBe(true),
  },
}

describe('shop gate paths (SPEC §2)', () => {
  const paths = expectAllStatesReachable(shopGateMachine, options)
  it('replays every path on a live actor', () => replayPaths(shopGateMachine, paths, options))
})

/** A shop whose orders need an order reference (`requireReference`, SPEC §2). */
function shopRequiringReference(): ShopData {
  return shopData({ shop: { ...shopData().shop, requireReference: true } })
}

describe('shop gate behaviour', () => {
  function start(load: () => Promise<ShopData>, input: Partial<{ table: string | null }> = {}, answer: Session = session({ cart: [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }] })) {
    const machine = shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(load),
        session: sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => answer) } }),
      },
      delays: { loadRetry: 1 },
    })
    return createActor(machine, { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false, ...input } }).start()
  }

  it('invokes the checkout as soon as the shop is open, with the cart units and the first session', async () => {
    const actor = start(async () => shopData())
    const open = await waitFor(actor, (s) => s.matches('open'))
    const checkout = checkoutOf(open)?.getSnapshot()
    expect(checkout?.status).toBe('active')
    expect(checkout?.context.payableUnits).toBe(2)
    expect(sessionOf(open)?.getSnapshot().context.cart).toHaveLength(1)
  })

  /** A gate whose session's first `failures` GETs answer 500, then a STARTED payment of a bun; its checkout counts cancels. */
  function gateWithLatePayment(failures: number) {
    let loads = 0
    const counts = { cancels: 0 }
    const running = session({ cart: [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }], paymentStatus: 'STARTED', paymentId: 'pi_1_secret_x', paymentMethodId: shopData().paymentMethods[0]?.id ?? null })
    const machine = shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(async () => shopData()),
        session: sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async () => {
              loads += 1
              if (loads <= failures) throw { kind: 'server', status: 500 }
              return running
            }),
            pushCart: fromPromise(async () => {}),
          },
          delays: { loadRetry: 1, pushDebounce: 1 },
        }),
        checkout: checkoutMachine.provide({
          actors: {
            cancelPayment: fromPromise<CancelOutcome, { shopId: string }>(async () => {
              counts.cancels += 1
              return 'cancelled'
            }),
          },
        }),
      },
    })
    return { actor: createActor(machine, { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false } }).start(), counts }
  }

  it('resumes a payment the session reports only after its first load gave up', async () => {
    const { actor } = gateWithLatePayment(4)
    const opened = await waitFor(actor, (s) => s.matches('open'))
    expect(opened.context.firstSession).toBeNull()
    // The checkout reports the resumed payment, so the gate has it polled on the cart page.
    const resumed = await waitFor(actor, (s) => s.context.paymentRunning)
    expect(checkoutOf(resumed)?.getSnapshot().matches('started')).toBe(true)
    expect(checkoutOf(resumed)?.getSnapshot().context).toMatchObject({ paymentId: 'pi_1_secret_x', payableUnits: 1 })
  })

  describe('the order reference once a first load that gave up is answered late (SPEC §2, §5)', () => {
    /** A gate whose session's first four GETs fail; later `?table=99` is unknown and the platform's reference is `platformReference`. */
    function lateGate(shop: ShopData, table: string | null, platformReference: string | null = null) {
      let loads = 0
      const machine = shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(async () => shop),
          session: sessionMachine.provide({
            actors: {
              fetchSession: fromPromise(async ({ input }) => {
                loads += 1
                if (loads <= 4) throw { kind: 'server', status: 500 }
                if (input.table === '99') throw { kind: 'notFound', status: 404 }
                return session({ orderReference: platformReference })
              }),
            },
            delays: { loadRetry: 1 },
          }),
        },
      })
      return createActor(machine, { input: { shopId: 'tables', table, tabId: null, isMobile: false } }).start()
    }
    const requiring = shopRequiringReference()

    it('an unknown table taken on trust is dropped, and a shop that requires a reference asks for one', async () => {
      const actor = lateGate(requiring, '99')
      const opened = await waitFor(actor, (s) => s.matches('open'))
      expect(opened.context.orderReference).toBe('99')
      const asked = await waitFor(actor, (s) => s.matches('needsReference'))
      expect(asked.context.orderReference).toBeNull()
      expect(sessionOf(asked)?.getSnapshot().context.tableError).toBe('tableNotFound')
    })

    it('a table taken on trust that the late answer accepts keeps the shop open and its checkout (SPEC §2)', async () => {
      const actor = lateGate(requiring, '7')
      const opened = await waitFor(actor, (s) => s.matches('open'))
      const checkout = checkoutOf(opened)
      const settled = await waitFor(actor, (s) => s.context.firstSession !== null)
      expect(settled.matches('open')).toBe(true)
      expect(settled.context.orderReference).toBe('7')
      // Not asked again nor restarted: the customer's checkout (and what they typed) stays.
      expect(checkoutOf(settled)).toBe(checkout)
    })

    it('a shop that needs no reference stays open, and the checkout no longer pays with the table', async () => {
      const actor = lateGate(shopData(), '99')
      await waitFor(actor, (s) => s.matches('open'))
      const settled = await waitFor(actor, (s) => s.context.firstSession !== null)
      expect(settled.matches('open')).toBe(true)
      expect(settled.context.orderReference).toBeNull()
      expect(checkoutOf(settled)?.getSnapshot().context.orderReference).toBeNull()
    })

    it('a reference being saved as the late answer lands is the one kept and paid with', async () => {
      let save: () => void = () => {}
      const machine = shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(async () => requiring),
          saveReference: fromPromise<void, { shopId: string; reference: string }>(() => new Promise((resolve) => (save = resolve))),
          session: sessionMachine.provide({
            actors: { fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(() => Promise.reject({ kind: 'server', status: 500 })) },
            delays: { loadRetry: 1 },
          }),
        },
      })
      const actor = createActor(machine, { input: { shopId: 'bar', table: null, tabId: null, isMobile: false } }).start()
      await waitFor(actor, (s) => s.matches('needsReference'))
      actor.send({ type: 'reference.changed', value: '7' })
      actor.send({ type: 'reference.submit' })
      expect(actor.getSnapshot().matches({ needsReference: 'saving' })).toBe(true)
      // The rest of the late answer is taken: its units, and its running payment to resume.
      const late = session({ orderReference: '12', paymentStatus: 'STARTED', paymentId: 'pi-1', paymentMethodId: 'viva' })
      actor.send({ type: 'session.recovered', orderReference: '12', table: null, session: late, units: 1 })
      expect(actor.getSnapshot().matches({ needsReference: 'saving' })).toBe(true)
      save()
      const opened = await waitFor(actor, (s) => s.matches('open'))
      expect(opened.context.orderReference).toBe('7')
      expect(checkoutOf(opened)?.getSnapshot().context).toMatchObject({ orderReference: '7', payableUnits: 1, paymentId: 'pi-1' })
      // The session has it too, for its late first answer's report.
      expect(sessionOf(opened)?.getSnapshot().context.orderReference).toBe('7')
    })

    it("the platform's reference lets the customer in without asking again", async () => {
      const actor = lateGate(requiring, null, '12')
      await waitFor(actor, (s) => s.matches('needsReference'))
      const opened = await waitFor(actor, (s) => s.matches('open'))
      expect(opened.context.orderReference).toBe('12')
      expect(checkoutOf(opened)?.getSnapshot().context.orderReference).toBe('12')
    })
  })

  it('cancels a payment found late when lines were added meanwhile: they change its order (SPEC §4)', async () => {
    const { actor, counts } = gateWithLatePayment(5)
    const opened = await waitFor(actor, (s) => s.matches('open'))
    sessionOf(opened)?.send({ type: 'cart.add', line: { productId: 'latte', count: 1, deviations: [], description: '' } })
    const late = await waitFor(actor, (s) => s.context.firstSession !== null)
    await waitFor(checkoutOf(late)!, (s) => s.matches('notStarted'))
    expect(counts.cancels).toBe(1)
  })

  it('checks closed before the order reference (SPEC §2 gate order)', async () => {
    const closedWithReference = shopData({ shop: { ...shopData().shop, active: false, requireReference: true } })
    const actor = start(async () => closedWithReference)
    const settled = await waitFor(actor, (s) => s.matches('closed') || s.matches('needsReference'))
    expect(settled.matches('closed')).toBe(true)
  })

  it('makes the accepted ?table= the order reference when the session answer does not echo it', async () => {
    const reference = shopRequiringReference()
    const actor = start(async () => reference, { table: '7' }, session({ orderReference: null }))
    const settled = await waitFor(actor, (s) => s.matches('open') || s.matches('needsReference'))
    expect(settled.matches('open')).toBe(true)
    expect(settled.context.orderReference).toBe('7')
    expect(checkoutOf(settled)?.getSnapshot().context.orderReference).toBe('7')
  })

  it("takes the platform's order reference from the first answer: a shop that requires one opens (SPEC §2)", async () => {
    const actor = start(async () => shopRequiringReference(), {}, session({ orderReference: '12' }))
    const settled = await waitFor(actor, (s) => s.matches('open') || s.matches('needsReference'))
    expect(settled.matches('open')).toBe(true)
    expect(settled.context.orderReference).toBe('12')
  })

  it('resumes the payment the first answer reports running: a reload in the middle of it (SPEC §4)', async () => {
    const running = session({ paymentStatus: 'STARTED', paymentId: 'pi_1_secret_x', paymentMethodId: 'viva' })
    const open = await waitFor(start(async () => shopData(), {}, running), (s) => s.matches('open'))
    expect(checkoutOf(open)?.getSnapshot().matches('started')).toBe(true)
  })

  it('an empty reference is not checked: "you must enter" shows (SPEC §5)', async () => {
    const actor = start(async () => shopRequiringReference())
    await waitFor(actor, (s) => s.matches('needsReference'))
    actor.send({ type: 'reference.changed', value: '  ' })
    actor.send({ type: 'reference.submit' })
    expect(actor.getSnapshot().matches({ needsReference: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.referenceError).toBe('emptyInput')
  })

  it("tells where the customer is before the shop opens, and gives the session the shop's articles (SPEC §4, §5)", async () => {
    const actor = start(async () => shopData())
    actor.send({ type: 'cart.entered' })
    actor.send({ type: 'cart.left' })
    const open = await waitFor(actor, (s) => s.matches('open'))
    expect(checkoutOf(open)?.getSnapshot().context.onCartPage).toBe(false)
    expect(sessionOf(open)?.getSnapshot().context.articles).toEqual(shopData().articles)
  })

  it('a table the platform did not accept is no order reference', async () => {
    const machine = shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(async () => shopData()),
        session: sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async ({ input }) => {
              if (input.table !== null) throw { kind: 'notFound', status: 404 }
              return session({ orderReference: null })
            }),
          },
        }),
      },
    })
    const actor = createActor(machine, { input: { shopId: 'tables', table: '99', tabId: null, isMobile: false } }).start()
    const open = await waitFor(actor, (s) => s.matches('open'))
    expect(open.context.orderReference).toBeNull()
  })

  it('any failed reference check is "not found", cleared on typing', async () => {
    const reference = shopRequiringReference()
    for (const failure of [{ kind: 'server', status: 500 }, { kind: 'network', status: null }, { kind: 'notFound', status: 404 }]) {
      const machine = shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(async () => reference),
          saveReference: fromPromise(() => Promise.reject(failure)),
          session: sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => session()) } }),
        },
      })
      const actor = createActor(machine, { input: { shopId: 'bar', table: null, tabId: null, isMobile: false } }).start()
      await waitFor(actor, (s) => s.matches('needsReference'))
      actor.send({ type: 'reference.changed', value: '12' })
      actor.send({ type: 'reference.submit' })
      const failed = await waitFor(actor, (s) => s.matches({ needsReference: 'editing' }) && s.context.referenceError !== null)
      expect(failed.context.referenceError, failure.kind).toBe('notFound')
      actor.send({ type: 'reference.changed', value: '13' })
      expect(actor.getSnapshot().context.referenceError).toBeNull()
      actor.stop()
    }
  })

  it.each<{ event: EventFrom<typeof shopGateMachine> }>([
    { event: { type: 'session.cartChanged', units: 3 } },
    { event: { type: 'session.updated', session: session(), units: 3, cartChangedElsewhere: false } },
    { event: { type: 'session.recovered', orderReference: null, table: null, session: session(), units: 3 } },
  ])('takes $event.type while it asks for the reference: the checkout opens with those units, unsynced (SPEC §4)', async ({ event }) => {
    const machine = shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(async () => shopRequiringReference()),
        saveReference: fromPromise(async () => {}),
        session: sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => session()) } }),
      },
    })
    const actor = createActor(machine, { input: { shopId: 'bar', table: null, tabId: null, isMobile: false } }).start()
    await waitFor(actor, (s) => s.matches('needsReference'))
    actor.send(event)
    actor.send({ type: 'session.cartSynced', synced: false })
    actor.send({ type: 'reference.changed', value: '7' })
    actor.send({ type: 'reference.submit' })
    const open = await waitFor(actor, (s) => s.matches('open'))
    expect(checkoutOf(open)?.getSnapshot().context).toMatchObject({ payableUnits: 3, cartSynced: false })
  })

  it('a 404 is "not found"; a 500 is retried and then offers try again', async () => {
    const notFound = start(() => Promise.reject({ kind: 'notFound', status: 404 }))
    await waitFor(notFound, (s) => s.matches('notFound'))

    let attempts = 0
    const failing = start(() => {
      attempts += 1
      return Promise.reject({ kind: 'server', status: 500 })
    })
    await waitFor(failing, (s) => s.matches('loadFailed') && s.context.loadFailures > 3)
    expect(attempts).toBe(4)
    expect(failing.getSnapshot().can({ type: 'retry' })).toBe(true)
    // Try again: the automatic retries start over.
    failing.send({ type: 'retry' })
    await waitFor(failing, (s) => s.matches('loadFailed') && s.context.loadFailures > 3)
    expect(attempts).toBe(8)
  })

  describe('relays between its children (SPEC §4 polling)', () => {
    /** A gate on fakes whose messages to its children are recorded through xstate's inspection API. */
    function relayGate(receiptsShown: string[] = [], shop: ShopData = shopData(), answer: Session = session()) {
      const toSession: EventObject[] = []
      const toCheckout: EventObject[] = []
      const receipts: { shopId: string; receiptId: string | null }[] = []
      const remembered: { shopId: string; receiptId: string | null }[] = []
      const machine = shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(async () => shop),
          saveReference: fromPromise<void, { shopId: string; reference: string }>(async () => {}),
          session: sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => answer), pushCart: fromPromise(async () => {}) }, delays: { pollInterval: 60_000 } }),
        },
        actions: { goToReceipt: (_, params) => void receipts.push(params), rememberReceipt: (_, params) => void remembered.push(params) },
      })
      const inspect = (e: InspectionEvent) => {
        // What the gate itself sends (not xstate's start-up events).
        if (e.type !== '@xstate.event' || e.sourceRef !== actor || e.event.type.startsWith('xstate.')) return
        const snapshot = actor.getSnapshot()
        if (e.actorRef === sessionOf(snapshot)) toSession.push(e.event)
        if (e.actorRef === checkoutOf(snapshot)) toCheckout.push(e.event)
      }
      const actor = createActor(machine, { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false, receiptsShown }, inspect })
      actor.start()
      const types = (events: EventObject[]) => events.map((e) => e.type).filter((t) => t !== 'shop.loaded')
      return { actor, toSession, toCheckout, receipts, remembered, types }
    }

    it('passes cart changes and polled sessions on to the checkout', async () => {
      const { actor, toCheckout } = relayGate()
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'session.cartChanged', units: 3 })
      const polled = session({ paymentStatus: 'STARTED' })
      actor.send({ type: 'session.updated', session: polled, units: 3, cartChangedElsewhere: true })
      actor.send({ type: 'session.cartSynced', synced: false })
      // A late first answer that changes no reference is an answer like any other.
      const late = session({ cart: [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }] })
      actor.send({ type: 'session.recovered', orderReference: null, table: null, session: late, units: 1 })
      // One with another reference: the checkout pays with it, and hears the answer too.
      actor.send({ type: 'session.recovered', orderReference: '12', table: null, session: late, units: 1 })
      expect(toCheckout).toEqual([
        { type: 'cart.changed', units: 3 },
        { type: 'session.updated', session: polled, payableUnits: 3, cartChangedElsewhere: true },
        { type: 'cart.sync', synced: false },
        { type: 'session.updated', session: late, payableUnits: 1, cartChangedElsewhere: false },
        { type: 'orderReference.changed', orderReference: '12' },
        { type: 'session.updated', session: late, payableUnits: 1, cartChangedElsewhere: false },
      ])
    })

    it('takes the stock an OUT_OF_STOCK answer reported as the articles\' stock, and gives it to the session (SPEC §8)', async () => {
      const { actor, toSession } = relayGate()
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'stock.reported', stock: { bun: 1, cappuccino: 2, gone: 0 } })
      const articles = actor.getSnapshot().context.shopData?.articles ?? {}
      expect(articles.bun).toMatchObject({ count: 1, limitStock: true })
      // An unlimited article is limited by what the platform says it has; an unknown id adds nothing.
      expect(articles.cappuccino).toMatchObject({ count: 2, limitStock: true })
      expect(Object.keys(articles).sort()).toEqual(Object.keys(shopData().articles).sort())
      expect(toSession.at(-1)).toEqual({ type: 'shop.loaded', articles })
      expect(sessionOf(actor.getSnapshot())?.getSnapshot().context.articles).toBe(articles)
    })

    it('tells the checkout where the customer is: it starts there, then hears each move (SPEC §4)', async () => {
      const { actor, toCheckout, types } = relayGate()
      actor.send({ type: 'cart.entered' })
      await waitFor(actor, (s) => s.matches('open'))
      expect(checkoutOf(actor.getSnapshot())?.getSnapshot().context.onCartPage).toBe(true)
      actor.send({ type: 'cart.left' })
      actor.send({ type: 'cart.entered' })
      expect(types(toCheckout)).toEqual(['cart.left', 'cart.entered'])
      expect(checkoutOf(actor.getSnapshot())?.getSnapshot().context.onCartPage).toBe(true)
    })

    it('polls a running payment only while the customer is on the cart page, and again on return', async () => {
      const { actor, toSession, types } = relayGate()
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'cart.entered' })
      actor.send({ type: 'payment.started' })
      expect(types(toSession)).toEqual(['polling.start'])
      actor.send({ type: 'cart.left' })
      expect(types(toSession)).toEqual(['polling.start', 'polling.stop'])
      actor.send({ type: 'cart.entered' })
      expect(types(toSession)).toEqual(['polling.start', 'polling.stop', 'polling.start'])
      actor.send({ type: 'payment.settled' })
      actor.send({ type: 'cart.left' })
      actor.send({ type: 'cart.entered' })
      // Nothing runs: coming back polls nothing.
      expect(types(toSession)).toEqual(['polling.start', 'polling.stop', 'polling.start', 'polling.stop', 'polling.stop'])
    })

    it('a late answer that drops the reference mid-payment: the cart route still polls it, and the checkout reopened knows the page (SPEC §2, §4)', async () => {
      const requiring = shopRequiringReference()
      const { actor, toSession, types } = relayGate([], requiring, session({ orderReference: '12' }))
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'payment.started' })
      actor.send({ type: 'session.recovered', orderReference: null, table: null, session: session(), units: 2 })
      expect(actor.getSnapshot().matches('needsReference')).toBe(true)
      const polling = () => types(toSession).filter((t) => t.startsWith('polling.'))
      // The gate is not open, yet the payment runs: the route's moves still start and stop its polling.
      actor.send({ type: 'cart.entered' })
      expect(polling()).toEqual(['polling.start'])
      actor.send({ type: 'cart.left' })
      expect(polling()).toEqual(['polling.start', 'polling.stop'])
      actor.send({ type: 'cart.entered' })
      actor.send({ type: 'reference.changed', value: '7' })
      actor.send({ type: 'reference.submit' })
      const reopened = await waitFor(actor, (s) => s.matches('open'))
      // On the cart: a payment it starts opens its Swish app or Viva checkout there.
      expect(checkoutOf(reopened)?.getSnapshot().context.onCartPage).toBe(true)
    })

    it('holds the session\'s cart while a card is being charged, and releases it after, or when the checkout goes (SPEC §4 Card)', async () => {
      const { actor, toSession, types } = relayGate()
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'payment.charging' })
      expect(sessionOf(actor.getSnapshot())?.getSnapshot().hasTag('held')).toBe(true)
      actor.send({ type: 'payment.chargingEnded' })
      expect(sessionOf(actor.getSnapshot())?.getSnapshot().hasTag('held')).toBe(false)
      actor.send({ type: 'payment.charging' })
      // A late first answer with a payment re-enters `open`: its checkout starts over and resumes
      // the card payment, which may have been charged: held again while its intent is read.
      actor.send({ type: 'session.recovered', orderReference: null, table: null, session: session({ paymentStatus: 'STARTED', paymentId: 'pi-1', paymentMethodId: 'card' }), units: 1 })
      expect(types(toSession)).toEqual(['cart.hold', 'cart.release', 'cart.hold', 'cart.release', 'cart.hold'])
      // The intent cannot be read here (no provider given): nothing is known charged, so it is released.
      await waitFor(actor, (s) => sessionOf(s)?.getSnapshot().hasTag('held') === false)
      expect(types(toSession)).toEqual(['cart.hold', 'cart.release', 'cart.hold', 'cart.release', 'cart.hold', 'cart.release'])
    })

    it('a payment started away from the cart is not polled until the customer is there', async () => {
      const { actor, toSession, toCheckout, receipts, types } = relayGate()
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'payment.started' })
      expect(types(toSession)).toEqual([])
      actor.send({ type: 'cart.entered' })
      expect(types(toSession)).toEqual(['polling.start'])
      expect(types(toCheckout)).toEqual(['cart.entered'])
      // On the cart, a payment found completed opens its receipt; once left, one found completed does not.
      actor.send({ type: 'payment.completed', receiptId: 'r1', resumed: true })
      actor.send({ type: 'cart.left' })
      actor.send({ type: 'payment.completed', receiptId: 'r2', resumed: true })
      expect(receipts).toEqual([{ shopId: 'cafe', receiptId: 'r1' }])
    })

    it('opens the receipt of a payment completed in view, or found completed on the cart; never without an id', async () => {
      const { actor, toSession, receipts, types } = relayGate()
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'payment.completed', receiptId: 'r1', resumed: true })
      expect(receipts).toEqual([])
      actor.send({ type: 'cart.entered' })
      actor.send({ type: 'payment.completed', receiptId: 'r2', resumed: true })
      actor.send({ type: 'cart.left' })
      actor.send({ type: 'payment.completed', receiptId: 'r3', resumed: false })
      // Never an empty receipt id.
      actor.send({ type: 'payment.completed', receiptId: null, resumed: false })
      expect(receipts).toEqual([
        { shopId: 'cafe', receiptId: 'r2' },
        { shopId: 'cafe', receiptId: 'r3' },
      ])
      // Every completion refreshes the session (SPEC §2 "Cart page").
      expect(types(toSession).filter((t) => t === 'session.refresh')).toHaveLength(4)
    })

    it('opens a receipt found completed on the cart only once per browser, and remembers each it opens', async () => {
      const { actor, receipts, remembered } = relayGate(['r1'])
      await waitFor(actor, (s) => s.matches('open'))
      actor.send({ type: 'cart.entered' })
      // The platform still reports the payment whose receipt this browser opened last time.
      actor.send({ type: 'payment.completed', receiptId: 'r1', resumed: true })
      expect(receipts).toEqual([])
      // Back from Viva (or the Swish app) to a receipt not opened yet.
      actor.send({ type: 'payment.completed', receiptId: 'r2', resumed: true })
      // Paid in view: opened whatever the list says.
      actor.send({ type: 'payment.completed', receiptId: 'r1', resumed: false })
      expect(receipts).toEqual([
        { shopId: 'cafe', receiptId: 'r2' },
        { shopId: 'cafe', receiptId: 'r1' },
      ])
      expect(remembered).toEqual(receipts)
    })
  })
})
