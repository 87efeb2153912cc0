import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { afterEvents, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { shopData } from '@tests/fixtures/shop'
import { session } from '@tests/fixtures/session'
import { shopGateMachine } from './shop-gate.machine'
import { sessionMachine } from '../session/session.machine'
import { checkoutMachine } from '../checkout/checkout.machine'
import { shopGateSamples } from './shop-gate.samples'

type Snapshot = SnapshotFrom<typeof shopGateMachine>

const options: PathSuiteOptions<typeof shopGateMachine> = {
  input: { shopId: 'cafe', table: null, tabId: null, isMobile: false },
  events: { ...shopGateSamples, ...afterEvents(shopGateMachine) },
  // Spawning registers system ids; the traversal explores branches in one mock system.
  actions: { spawnSession: () => {}, spawnCheckout: () => {}, tellSessionShopLoaded: () => {}, tellSessionReference: () => {} },
  contextKeys: ['sessionReady', 'orderReference', 'referenceInput', 'referenceError', 'loadFailures'],
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

describe('shop gate behaviour', () => {
  function start(load: () => Promise<ReturnType<typeof shopData>>, input: Partial<{ table: string | null }> = {}) {
    const machine = shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(load),
        session: sessionMachine.provide({
          actors: { fetchSession: fromPromise(async () => session({ cart: [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }] })) },
        }),
      },
      delays: { loadRetry: 1 },
    })
    return createActor(machine, { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false, ...input } }).start()
  }

  it('opens the shop once both the shop and the session are loaded, and spawns the checkout with the cart count', async () => {
    const actor = start(async () => shopData())
    await waitFor(actor, (s) => s.matches('open'))
    // The checkout's code loads after the shop opened (issue 6).
    await waitFor(actor, (s) => s.matches({ open: 'ready' }))
    expect(actor.getSnapshot().context.checkoutRef?.getSnapshot().context.cartCount).toBe(2)
  })

  it('tries loading the checkout again when its code does not arrive, and spawns it once it does', async () => {
    let attempts = 0
    const machine = shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(async () => shopData()),
        session: sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => session()) } }),
        loadCheckout: fromPromise(async () => {
          attempts += 1
          if (attempts < 3) throw new TypeError('Failed to fetch dynamically imported module')
          return checkoutMachine
        }),
      },
      delays: { checkoutRetry: 1 },
    })
    const actor = createActor(machine, { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false } }).start()
    await waitFor(actor, (s) => s.matches({ open: 'checkoutUnavailable' }))
    expect(actor.getSnapshot().context.checkoutRef).toBeNull()
    const ready = await waitFor(actor, (s) => s.matches({ open: 'ready' }))
    expect(attempts).toBe(3)
    expect(ready.context.checkoutLoadFailures).toBe(0)
    expect(ready.context.checkoutRef?.getSnapshot().status).toBe('active')
    expect(actor.system.get('checkout')).toBe(ready.context.checkoutRef)
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
  })
})
