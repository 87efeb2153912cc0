import { describe, expect, it, vi } from 'vitest'
import { fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { afterEvents, expectAllStatesReachable, probePathEnds, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { reportsOf, startAsChild } from '@tests/harness/parent'
import { session } from '@tests/fixtures/session'
import { article } from '@tests/fixtures/shop'
import type { CartItem, Session, TabItemRef } from '@/domain/types'
import { isCartHeld, sessionMachine, type SessionEvent, type SessionInput, type SessionReport } from './session.machine'
import { sessionSamples } from './session.samples'

type Snapshot = SnapshotFrom<typeof sessionMachine>

describe('session paths (SPEC §4)', () => {
  describe('without a table, with a table link, with a blank ?table=, with a cart left unsent', () => {
    const options: PathSuiteOptions<typeof sessionMachine> = {
      inputs: [
        ...[null, '7', ' '].map((table) => ({ shopId: 'cafe', table, tabId: 'tab-1' })),
        // A cart this tab had not sent before a reload.
        { shopId: 'cafe', table: null, tabId: null, unsyncedCart: { cart: [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }], tabItems: [], merge: false } },
      ],
      events: { ...sessionSamples, ...afterEvents(sessionMachine) },
      // loadFailures: three failed loads in a row give up (ready without a session).
      contextKeys: ['table', 'tableError', 'tabId', 'dirty', 'loadFailures'],
      // Run alone, the session has no parent to report to.
      actions: { reportReady: () => {}, reportCartChanged: () => {}, reportSessionUpdated: () => {}, reportRecovered: () => {}, reportCartSynced: () => {} },
      invariants: {
        '': (s: Snapshot) => {
          // Local changes are never lost: a dirty cart is on its way to the server, held until
          // the platform's cart is loaded (then merged into it, never pushed over it), or held
          // after the platform refused it, until the customer changes it.
          if (s.context.dirty && s.matches('ready')) expect(s.hasTag('syncing') || s.matches({ ready: { sync: 'recovering' } }) || s.hasTag('refused')).toBe(true)
        },
        'ready.sync.refused': (s: Snapshot) => {
          expect(s.context.cartRefused).toEqual({ message: 'Article ghost not found' })
          expect(s.context.pushFailures).toBeGreaterThan(0)
        },
        'ready.sync.recovering': (s: Snapshot) => {
          expect(s.context.remote).toBeNull()
          expect(s.hasTag('reconnecting')).toBe(true)
        },
        'ready.polling.retrying': (s: Snapshot) => expect(s.hasTag('reconnecting')).toBe(true),
      },
    }
    const paths = expectAllStatesReachable(sessionMachine, options)
    it('replays every path on a live actor', () => replayPaths(sessionMachine, paths, options))

    it('takes an added line in every ready state unless a card payment holds the cart (SPEC §4 "Cart", Card)', () => {
      const units = (s: Snapshot) => s.context.cart.reduce((sum, line) => sum + line.count, 0)
      probePathEnds(sessionMachine, paths, options, (actor, reached) => {
        const before = actor.getSnapshot()
        // Before the first load answers the gate shows its loading screen: nothing can add (SPEC §2).
        if (!before.matches('ready')) return
        actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
        const after = actor.getSnapshot()
        expect(units(after), reached).toBe(units(before) + (isCartHeld(before) ? 0 : 1))
        if (!isCartHeld(before)) expect(after.context.dirty, reached).toBe(true)
      })
    })
  })
})

/** A platform whose cart holds a latte and whose session GETs fail until `recover()`; fast delays. */
function latteServerFailingFirst() {
  const server = fakeServer()
  server.state.session = session({ cart: [{ id: 'srv-1', productId: 'latte', count: 1, deviations: [], description: '' }] })
  let failing = true
  const fetchSession = fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async () => {
    server.state.gets += 1
    if (failing) throw { kind: 'server', status: 500 }
    return server.state.session
  })
  const machine = sessionMachine.provide({ actors: { ...server.actors, fetchSession }, delays: { loadRetry: 5, pushDebounce: 1 } })
  return { server, machine, recover: () => void (failing = false) }
}

function fakeServer() {
  const state = { session: session(), puts: [] as { cart: CartItem[]; tabItems: TabItemRef[] }[], gets: 0, failPuts: 0 }
  const actors = {
    fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async () => {
      state.gets += 1
      return state.session
    }),
    pushCart: fromPromise<void, { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }>(async ({ input }) => {
      if (state.failPuts > 0) {
        state.failPuts -= 1
        throw { kind: 'network', status: null }
      }
      state.puts.push({ cart: input.cart, tabItems: input.tabItems })
    }),
  }
  return { state, actors }
}

describe('session behaviour', () => {
  it('merges identical lines and pushes a burst of changes as one PUT', async () => {
    const server = fakeServer()
    const { child: actor, reports } = startAsChild(sessionMachine.provide({ actors: server.actors }), { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    for (let i = 0; i < 5; i++) actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }), { timeout: 2000 })
    expect(actor.getSnapshot().context.cart).toHaveLength(1)
    expect(actor.getSnapshot().context.cart[0]?.count).toBe(5)
    expect(server.state.puts).toHaveLength(1)
    expect(server.state.puts[0]?.cart[0]?.count).toBe(5)
    // Each change is reported to the parent with the order's units.
    expect(reportsOf<Extract<SessionReport, { type: 'session.cartChanged' }>>(reports, 'session.cartChanged').map((r) => r.units)).toEqual([1, 2, 3, 4, 5])
  })

  it('flushes an unsynced cart when the page is leaving, and nothing when the server has it', async () => {
    const server = fakeServer()
    const flushed: { shopId: string; cart: CartItem[] }[] = []
    const machine = sessionMachine.provide({ actors: server.actors, actions: { flushCart: (_, params) => void flushed.push(params) } })
    const { child: actor } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'page.leaving' })
    expect(flushed).toEqual([])
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    actor.send({ type: 'page.leaving' }) // within the push debounce
    expect(flushed).toHaveLength(1)
    expect(flushed[0]).toMatchObject({ shopId: 'cafe', cart: [expect.objectContaining({ productId: 'bun', count: 1 })], tabItems: [] })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }), { timeout: 2000 })
    actor.send({ type: 'page.leaving' })
    expect(flushed).toHaveLength(1)
  })

  it("flushes nothing while the platform's cart is unknown: the page's lines alone would replace it", async () => {
    const { machine } = latteServerFailingFirst()
    const flushed: unknown[] = []
    const { child: actor, parent } = startAsChild(machine.provide({ actions: { flushCart: (_, params) => void flushed.push(params) } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    // The first load gave up: the platform still holds its latte, unseen here.
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    actor.send({ type: 'page.leaving' })
    expect(flushed).toEqual([])
    parent.stop()
  })

  it('keeps an offline edit and pushes it when the connection returns', async () => {
    const server = fakeServer()
    server.state.failPuts = 1
    const machine = sessionMachine.provide({ actors: server.actors, delays: { pushRetry: 10 } })
    const { child: actor } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 2, deviations: [], description: 'no sugar' } })
    await waitFor(actor, (s) => s.hasTag('offline'), { timeout: 2000 })
    expect(actor.getSnapshot().context.cart[0]?.description).toBe('no sugar')
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }), { timeout: 2000 })
    expect(server.state.puts).toHaveLength(1)
  })

  it("an OUT_OF_STOCK refusal of the cart keeps no message: its stock list is not words for the customer (SPEC §8)", async () => {
    const server = fakeServer()
    const pushCart = fromPromise<void, { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }>(async () => {
      throw { kind: 'outOfStock', status: 400, serverName: '[{"id":"bun","stock":1}]', stock: { bun: 1 } }
    })
    const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: { ...server.actors, pushCart }, delays: { pushDebounce: 1 } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 2, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.hasTag('refused'))
    expect(actor.getSnapshot().context.cartRefused).toEqual({ message: null })
    parent.stop()
  })

  it('a cart the platform refuses (400) is not sent again until the customer changes it', async () => {
    const server = fakeServer()
    let refuse = true
    const pushCart = fromPromise<void, { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }>(async ({ input }) => {
      if (refuse) throw { kind: 'badRequest', status: 400, serverName: 'Article ghost not found' }
      server.state.puts.push({ cart: input.cart, tabItems: input.tabItems })
    })
    const flushed: unknown[] = []
    const machine = sessionMachine.provide({
      actors: { ...server.actors, pushCart },
      actions: { flushCart: (_, params) => void flushed.push(params) },
      delays: { pushRetry: 5, pushDebounce: 1 },
    })
    const { child: actor, reports } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.hasTag('refused'))
    expect(actor.getSnapshot().context.cartRefused).toEqual({ message: 'Article ghost not found' })
    // Nothing payable while the platform has another cart, and no retry of the same cart.
    expect(reportsOf<Extract<SessionReport, { type: 'session.cartChanged' }>>(reports, 'session.cartChanged').at(-1)?.units).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(actor.getSnapshot().matches({ ready: { sync: 'refused' } })).toBe(true)
    expect(actor.getSnapshot().hasTag('offline')).toBe(false)
    // Nor is it sent as the page goes away: it waits for the customer's change.
    actor.send({ type: 'page.leaving' })
    expect(flushed).toEqual([])
    refuse = false
    actor.send({ type: 'cart.setCount', itemId: actor.getSnapshot().context.cart[0]!.id, count: 2 })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(actor.getSnapshot().context.cartRefused).toBeNull()
    expect(server.state.puts).toHaveLength(1)
    expect(reportsOf<Extract<SessionReport, { type: 'session.cartChanged' }>>(reports, 'session.cartChanged').at(-1)?.units).toBe(2)
  })

  it('an unknown table still loads the session and says the table was not found', async () => {
    let calls = 0
    const machine = sessionMachine.provide({
      actors: {
        fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async ({ input }) => {
          calls += 1
          if (input.table) throw { kind: 'notFound', status: 404 }
          return session()
        }),
      },
    })
    const { child: actor, reports } = startAsChild(machine, { shopId: 'tables', table: '99', tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.tableError).toBe('tableNotFound')
    expect(calls).toBe(2)
    // The parent hears that no table was accepted.
    expect(reports).toContainEqual(expect.objectContaining({ type: 'session.ready', table: null }))
  })

  it('a blank ?table= loads without a table and says one must be entered (SPEC §5)', async () => {
    const tables: (string | null)[] = []
    const fetchSession = fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async ({ input }) => {
      tables.push(input.table)
      return session()
    })
    const { child: actor, reports } = startAsChild(sessionMachine.provide({ actors: { fetchSession } }), { shopId: 'tables', table: ' ', tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(tables).toEqual([null])
    expect(actor.getSnapshot().context.tableError).toBe('tableRequired')
    expect(reportsOf(reports, 'session.ready')).toMatchObject([{ table: null }])
  })

  it('a table refused with any 4xx (SPEC §8 400 {name, errorCode}) is an unknown table, as a 404 is (SPEC §5)', async () => {
    const tables: (string | null)[] = []
    const machine = sessionMachine.provide({
      actors: {
        fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async ({ input }) => {
          tables.push(input.table)
          if (input.table) throw { kind: 'badRequest', status: 400, serverName: 'Table number not found', errorCode: 'NOT_FOUND' }
          return session()
        }),
      },
      delays: { loadRetry: 1 },
    })
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'tables', table: '99', tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(tables).toEqual(['99', null])
    expect(actor.getSnapshot().context).toMatchObject({ table: null, tableError: 'tableNotFound' })
    expect(actor.getSnapshot().hasTag('reconnecting')).toBe(false)
    expect(reports).toEqual([expect.objectContaining({ type: 'session.ready', table: null })])
    parent.stop()
  })

  it('without a table, a refused load is no unknown table: retried with backoff, then given up (SPEC §5, §8)', async () => {
    let calls = 0
    const machine = sessionMachine.provide({
      actors: {
        fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async () => {
          calls += 1
          // Answers in the end, so a page that reloads at once still finishes the test.
          if (calls > 10) return session()
          throw { kind: 'notFound', status: 404 }
        }),
      },
      delays: { loadRetry: 1 },
    })
    const { child: actor, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.tableError).toBeNull()
    // The first load and three retries, then it gives up; no reload without a table at once.
    expect(calls).toBe(4)
    parent.stop()
  })

  it('a tab the platform refuses (closed or unknown) is dropped: the session loads and polls on without it', async () => {
    const asked: (string | null)[] = []
    let tabOpen = true
    const machine = sessionMachine.provide({
      actors: {
        fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async ({ input }) => {
          asked.push(input.tabId)
          if (input.tabId === 'gone' || (input.tabId && !tabOpen)) throw { kind: 'notFound', status: 404 }
          return session({ paymentStatus: 'STARTED' })
        }),
      },
      delays: { loadRetry: 1, pollInterval: 5 },
    })
    const first = startAsChild(machine, { shopId: 'bar', table: null, tabId: 'gone' })
    await waitFor(first.child, (s) => s.matches('ready'))
    expect(asked).toEqual(['gone', null])
    expect(first.child.getSnapshot().hasTag('reconnecting')).toBe(false)
    first.parent.stop()
    // Open at load, closed while polled (paid in full): the next poll goes without it.
    asked.length = 0
    const second = startAsChild(machine, { shopId: 'bar', table: null, tabId: 'tab-1' })
    await waitFor(second.child, (s) => s.matches('ready'))
    second.child.send({ type: 'polling.start' })
    tabOpen = false
    await waitFor(second.child, () => asked.filter((id) => id === null).length >= 2)
    expect(asked.filter((id) => id === 'tab-1').length).toBeLessThanOrEqual(3)
    expect(second.child.getSnapshot().context.tabId).toBeNull()
    expect(second.child.getSnapshot().hasTag('reconnecting')).toBe(false)
    second.parent.stop()
  })

  it('keeps the table on 5xx, 408, 429, a malformed answer or a dropped connection: retried, not refused', async () => {
    for (const error of [{ kind: 'server', status: 503 }, { kind: 'badRequest', status: 429 }, { kind: 'badRequest', status: 408 }, { kind: 'badResponse', status: 200 }, { kind: 'network', status: null }]) {
      let calls = 0
      const machine = sessionMachine.provide({
        actors: {
          fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async () => {
            calls += 1
            throw error
          }),
        },
        delays: { loadRetry: 1 },
      })
      const { child: actor, parent } = startAsChild(machine, { shopId: 'tables', table: '7', tabId: null })
      await waitFor(actor, () => calls >= 4)
      expect(actor.getSnapshot().context, JSON.stringify(error)).toMatchObject({ table: '7', tableError: null })
      expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true)
      parent.stop()
    }
  })

  it('reports ready with the table the server accepted, whether or not its answer echoes it', async () => {
    const machine = sessionMachine.provide({ actors: { fetchSession: fromPromise(async () => session({ orderReference: null })) } })
    const { child: actor, reports } = startAsChild(machine, { shopId: 'tables', table: '4', tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(reports).toEqual([expect.objectContaining({ type: 'session.ready', table: '4', orderReference: null, units: 0 })])
  })

  it('flushes through listenToPage when the page goes away', async () => {
    const server = fakeServer()
    const flushed: unknown[] = []
    let leave = () => {}
    const machine = sessionMachine.provide({
      actors: {
        ...server.actors,
        listenToPage: fromCallback(({ sendBack }) => {
          leave = () => sendBack({ type: 'page.leaving' })
        }),
      },
      actions: { flushCart: (_, params) => void flushed.push(params) },
    })
    const { child: actor } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    leave()
    expect(flushed).toHaveLength(1)
  })

  it('reads the session again when the page comes back into view, so a change here keeps what another tab added (SPEC §4)', async () => {
    const server = fakeServer()
    let returned = () => {}
    const machine = sessionMachine.provide({
      actors: {
        ...server.actors,
        listenToPage: fromCallback(({ sendBack }) => {
          returned = () => sendBack({ type: 'page.returned' })
        }),
      },
    })
    const { child: actor, reports } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    // Another tab of this browser added a latte meanwhile.
    const latte: CartItem = { id: 'other-tab', productId: 'latte', count: 1, deviations: [], description: '' }
    server.state.session = { ...server.state.session, cart: [...server.state.session.cart, latte] }
    returned()
    expect(actor.getSnapshot().matches({ ready: { polling: 'refreshing' } })).toBe(true)
    await waitFor(actor, (s) => s.matches({ ready: { polling: 'off' } }))
    expect(actor.getSnapshot().context.cart).toContainEqual(latte)
    expect(reportsOf<Extract<SessionReport, { type: 'session.updated' }>>(reports, 'session.updated').at(-1)?.cartChangedElsewhere).toBe(true)
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }), { timeout: 2000 })
    expect(server.state.puts.at(-1)?.cart.map((line) => line.productId)).toEqual([...server.state.session.cart.map((line) => line.productId), 'bun'].filter((id, i, all) => all.indexOf(id) === i))
    // While polling runs the poll already reads it: no extra request.
    actor.send({ type: 'polling.start' })
    returned()
    expect(actor.getSnapshot().matches({ ready: { polling: 'refreshing' } })).toBe(false)
  })

  it('reads the session again when another window of this browser got its cart through, and tells the others of its own (SPEC §4)', async () => {
    const server = fakeServer()
    let pushedElsewhere = () => {}
    const listenedFor: string[] = []
    const announced: string[] = []
    const machine = sessionMachine.provide({
      actors: {
        ...server.actors,
        listenToPage: fromCallback(({ sendBack, input }) => {
          listenedFor.push(input.shopId)
          pushedElsewhere = () => sendBack({ type: 'cart.pushedElsewhere' })
        }),
      },
      actions: { announceCartPushed: (_, { shopId }) => void announced.push(shopId) },
    })
    const { child: actor } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(listenedFor).toEqual(['cafe'])
    // The window beside this one added a latte: this one takes it up without leaving view.
    const latte: CartItem = { id: 'other-window', productId: 'latte', count: 1, deviations: [], description: '' }
    server.state.session = { ...server.state.session, cart: [...server.state.session.cart, latte] }
    pushedElsewhere()
    expect(actor.getSnapshot().matches({ ready: { polling: 'refreshing' } })).toBe(true)
    const reads = server.state.gets
    // A second announcement while the read is out reads again: the answer on its way may predate it.
    pushedElsewhere()
    expect(server.state.gets).toBe(reads + 1)
    await waitFor(actor, (s) => s.matches({ ready: { polling: 'off' } }))
    expect(actor.getSnapshot().context.cart).toContainEqual(latte)
    expect(announced).toEqual([])
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && !s.context.dirty, { timeout: 2000 })
    expect(server.state.puts.at(-1)?.cart).toContainEqual(latte)
    expect(announced).toEqual(['cafe'])
    // While polling runs the poll already reads it: no extra request.
    actor.send({ type: 'polling.start' })
    pushedElsewhere()
    expect(actor.getSnapshot().matches({ ready: { polling: 'refreshing' } })).toBe(false)
  })

  it('polls every interval while asked to, one request at a time, and reports each answer to its parent', async () => {
    const server = fakeServer()
    server.state.session = session({ paymentStatus: 'STARTED' })
    const { child: actor, reports, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pollInterval: 5 } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    await new Promise((r) => setTimeout(r, 100))
    expect(server.state.gets).toBeGreaterThan(3)
    // One report per poll answer (the first load is `session.ready`).
    expect(reportsOf(reports, 'session.updated').length).toBe(server.state.gets - 1)
    expect(reportsOf(reports, 'session.updated')[0]).toMatchObject({ session: server.state.session })
    parent.stop()
  })

  it('says when a polled cart is not the one on this page (another tab changed the order)', async () => {
    const server = fakeServer()
    const mine = [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }]
    server.state.session = session({ cart: mine, paymentStatus: 'STARTED' })
    const { child: actor, reports, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pollInterval: 5 } }), { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > 0)
    expect(reportsOf<Extract<SessionReport, { type: 'session.updated' }>>(reports, 'session.updated').at(-1)?.cartChangedElsewhere).toBe(false)
    server.state.session = session({ cart: [...mine, { id: 'other-tab', productId: 'latte', count: 1, deviations: [], description: '' }], paymentStatus: 'STARTED' })
    const seen = reportsOf(reports, 'session.updated').length
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > seen)
    expect(reportsOf<Extract<SessionReport, { type: 'session.updated' }>>(reports, 'session.updated').at(-1)).toMatchObject({ cartChangedElsewhere: true, units: 2 })
    parent.stop()
  })

  it('says the order changed when a chosen tab line is paid elsewhere or the tab closes, though its refs stay (SPEC §4)', async () => {
    const beer = (count: number) => ({ id: 'ti1', count, price: 7900, product: { id: 'beer', title: 'Beer', price: 7900 }, deviations: [], description: '' })
    const tabWith = (count: number) => ({ id: 'tab-1', customerReference: 'Anna', cart: [beer(count)] })
    const server = fakeServer()
    server.state.session = session({ activeTab: tabWith(2), tabItems: [{ id: 'ti1', count: 2 }], paymentStatus: 'STARTED', paymentId: 'tok' })
    const { child: actor, reports, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pollInterval: 5 } }), { shopId: 'bar', table: null, tabId: 'tab-1' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    const next = async (answer: Session) => {
      server.state.session = answer
      const seen = reportsOf(reports, 'session.updated').length
      await waitFor(actor, () => reportsOf(reports, 'session.updated').length > seen)
      return reportsOf<Extract<SessionReport, { type: 'session.updated' }>>(reports, 'session.updated').at(-1)
    }
    expect(await next(server.state.session)).toMatchObject({ cartChangedElsewhere: false, units: 2 })
    // One of the two beers paid at the bar: the platform's tab has 1 left, the refs still say 2.
    expect(await next(session({ activeTab: tabWith(1), tabItems: [{ id: 'ti1', count: 2 }], paymentStatus: 'STARTED', paymentId: 'tok' }))).toMatchObject({ cartChangedElsewhere: true, units: 1 })
    // Then the tab closes.
    expect(await next(session({ activeTab: null, tabItems: [{ id: 'ti1', count: 2 }], paymentStatus: 'STARTED', paymentId: 'tok' }))).toMatchObject({ cartChangedElsewhere: true, units: 0 })
    parent.stop()
  })

  type Updated = Extract<SessionReport, { type: 'session.updated' }>
  const mine = [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }]

  /** A session polled every 5 ms while its payment runs, once it has taken the first answer (`mine`, STARTED). */
  async function pollingDuringPayment() {
    const server = fakeServer()
    server.state.session = session({ cart: mine, paymentStatus: 'STARTED', paymentId: 'tok' })
    const { child: actor, reports, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pollInterval: 5 } }), { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > 0)
    return { server, actor, reports, parent }
  }

  it('passes over an answer naming no payment status while a payment runs: the cart stays, nothing is cancelled (SPEC §4)', async () => {
    const { server, actor, reports, parent } = await pollingDuringPayment()
    // The platform slips: `{}` reads as a session with nothing in it.
    server.state.session = session()
    const seen = reportsOf(reports, 'session.updated').length
    const gets = server.state.gets
    await waitFor(actor, () => server.state.gets >= gets + 3)
    expect(reportsOf(reports, 'session.updated')).toHaveLength(seen)
    expect(actor.getSnapshot().context.cart).toEqual(mine)
    expect(actor.getSnapshot().context.paymentUnsettled).toBe(true)
    // Left and back (polling off, a refresh): passed over the same way.
    actor.send({ type: 'polling.stop' })
    actor.send({ type: 'page.returned' })
    await waitFor(actor, (s) => s.matches({ ready: { polling: 'off' } }) && server.state.gets >= gets + 4)
    expect(actor.getSnapshot().context.cart).toEqual(mine)
    // The next answer naming its status is taken as ever.
    server.state.session = session({ cart: [], paymentStatus: 'COMPLETED', paymentId: 'tok', receiptId: 'r1' })
    actor.send({ type: 'polling.start' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > seen)
    expect(reportsOf<Updated>(reports, 'session.updated').at(-1)?.session.paymentStatus).toBe('COMPLETED')
    expect(actor.getSnapshot().context.cart).toEqual([])
    parent.stop()
  })

  it("takes an answer with no payment status that brings lines while a payment runs: another tab's change reset it", async () => {
    const { server, actor, reports, parent } = await pollingDuringPayment()
    const seen = reportsOf(reports, 'session.updated').length
    // Another tab added a line and cancelled: the platform reset the payment to none.
    const theirs = [...mine, { id: 'l2', productId: 'pie', count: 1, deviations: [], description: '' }]
    server.state.session = session({ cart: theirs })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > seen)
    expect(reportsOf<Updated>(reports, 'session.updated').at(-1)?.session.paymentStatus).toBeNull()
    expect(actor.getSnapshot().context.cart.map((line) => line.id)).toEqual(['l1', 'l2'])
    parent.stop()
  })

  it('takes an answer naming no payment status once no payment runs (a new visitor\'s session)', async () => {
    const server = fakeServer()
    server.state.session = session({ cart: [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }] })
    const { child: actor, reports, parent } = startAsChild(sessionMachine.provide({ actors: server.actors }), { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    server.state.session = session()
    actor.send({ type: 'session.refresh' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > 0)
    expect(actor.getSnapshot().context.cart).toEqual([])
    parent.stop()
  })

  it('reads the session before pushing a change while a payment may have completed unseen, and sends only the new lines', async () => {
    const server = fakeServer()
    const latte = { id: 'l1', productId: 'latte', count: 1, deviations: [], description: '' }
    server.state.session = session({ cart: [latte], paymentStatus: 'STARTED', paymentId: 'tok' })
    const { child: actor, reports, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pushDebounce: 1, pollInterval: 5 } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    await waitFor(actor, (s) => s.matches('ready'))
    // The payment starts (the gate has it polled), then the customer leaves the cart page.
    actor.send({ type: 'polling.start' })
    actor.send({ type: 'polling.stop' })
    // Paid in the Swish app meanwhile: the platform cleared its cart.
    server.state.session = session({ cart: [], paymentStatus: 'COMPLETED', paymentId: 'tok', receiptId: 'r1' })
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(server.state.puts.map((put) => put.cart.map((line) => line.productId))).toEqual([['bun']])
    expect(reportsOf<Extract<SessionReport, { type: 'session.updated' }>>(reports, 'session.updated').at(-1)?.session).toMatchObject({ paymentStatus: 'COMPLETED', receiptId: 'r1' })
    // Settled: the next change goes straight out.
    const gets = server.state.gets
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 2)
    expect(server.state.gets).toBe(gets)
    parent.stop()
  })

  it('takes off a paid line this page pushed after the last read, so it is not sent back (SPEC §4, §9)', async () => {
    const server = fakeServer()
    const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pushDebounce: 1, pollInterval: 5 } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    await waitFor(actor, (s) => s.matches('ready'))
    // The latte reaches the platform by this page's push; no read has shown it since.
    actor.send({ type: 'cart.add', line: { productId: 'latte', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 1)
    // The payment starts and the customer leaves the cart page before the first poll answers.
    actor.send({ type: 'polling.start' })
    actor.send({ type: 'polling.stop' })
    // Paid meanwhile: the platform cleared its cart.
    server.state.session = session({ cart: [], paymentStatus: 'COMPLETED', paymentId: 'tok', receiptId: 'r1' })
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 2)
    expect(server.state.puts.map((put) => put.cart.map((line) => line.productId))).toEqual([['latte'], ['bun']])
    expect(actor.getSnapshot().context.cart.map((line) => line.productId)).toEqual(['bun'])
    parent.stop()
  })

  it('polls once a second with the default delays (SPEC §4, §9: 1000 ms)', async () => {
    vi.useFakeTimers()
    try {
      const server = fakeServer()
      const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: server.actors }), { shopId: 'cafe', table: null, tabId: null })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('ready')).toBe(true)
      actor.send({ type: 'polling.start' })
      await vi.advanceTimersByTimeAsync(0)
      const before = server.state.gets
      await vi.advanceTimersByTimeAsync(999)
      expect(server.state.gets).toBe(before)
      await vi.advanceTimersByTimeAsync(1)
      expect(server.state.gets).toBe(before + 1)
      await vi.advanceTimersByTimeAsync(1000)
      expect(server.state.gets).toBe(before + 2)
      parent.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('after the first load gave up, holds new lines until the platform answers, then merges and pushes them', async () => {
    const { server, machine, recover } = latteServerFailingFirst()
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'recovering' } }))
    // Nothing of the platform's order is known: nothing is payable.
    expect(reportsOf(reports, 'session.ready').at(-1)).toMatchObject({ session: null, units: 0 })

    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 2, deviations: [], description: '' } })
    expect(reportsOf(reports, 'session.cartChanged').at(-1)).toMatchObject({ units: 0 })
    await new Promise((r) => setTimeout(r, 50))
    expect(server.state.puts).toEqual([])
    expect(actor.getSnapshot().matches({ ready: { sync: 'recovering' } })).toBe(true)

    recover()
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(server.state.puts).toHaveLength(1)
    expect(server.state.puts[0]?.cart.map((l) => [l.productId, l.count])).toEqual([
      ['latte', 1],
      ['bun', 2],
    ])
    expect(reportsOf(reports, 'session.recovered').at(-1)).toMatchObject({ units: 3, table: null })
    parent.stop()
  })

  it('a table link whose first load gave up: the late answer turns the unknown table down, as on time (SPEC §5)', async () => {
    let failing = true
    const tables: (string | null)[] = []
    const fetchSession = fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async ({ input }) => {
      tables.push(input.table)
      if (failing) throw { kind: 'server', status: 500 }
      if (input.table === '99') throw { kind: 'notFound', status: 404 }
      return session()
    })
    const machine = sessionMachine.provide({ actors: { fetchSession }, delays: { loadRetry: 5 } })
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'tables', table: '99', tabId: null })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'recovering' } }))
    // Given up, the table from the link is all there is.
    expect(reportsOf(reports, 'session.ready').at(-1)).toMatchObject({ table: '99', session: null })
    failing = false
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(tables.slice(-2)).toEqual(['99', null])
    expect(actor.getSnapshot().context).toMatchObject({ table: null, tableError: 'tableNotFound' })
    expect(reportsOf(reports, 'session.recovered')).toEqual([expect.objectContaining({ table: null, orderReference: null })])
    parent.stop()
  })

  it('joins held lines to the platform cart within stock, keeping their ids for a popup opened before', async () => {
    const { server, machine, recover } = latteServerFailingFirst()
    server.state.session = session({ cart: [{ id: 'srv-1', productId: 'latte', count: 2, deviations: [], description: '' }] })
    const { child: actor, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    actor.send({ type: 'shop.loaded', articles: { latte: article({ id: 'latte', limitStock: true, count: 3 }) } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'recovering' } }))
    actor.send({ type: 'cart.add', line: { productId: 'latte', count: 2, deviations: [], description: '' } })
    const held = actor.getSnapshot().context.cart[0]!.id
    recover()
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    // 2 on the platform + 2 held, with 3 in stock: one line of 3, under this page's id.
    expect(actor.getSnapshot().context.cart).toEqual([{ id: held, productId: 'latte', count: 3, deviations: [], description: '' }])
    // An Update from a popup opened on the held line changes that line, not a new one.
    actor.send({ type: 'cart.replace', itemId: held, line: { productId: 'latte', count: 1, deviations: [], description: 'oat' } })
    expect(actor.getSnapshot().context.cart).toEqual([{ id: held, productId: 'latte', count: 1, deviations: [], description: 'oat' }])
    parent.stop()
  })

  it('never lets cart.add or cart.replace take a line over the stock the article allows (SPEC §4, §5)', async () => {
    const server = fakeServer()
    server.state.session = session({ cart: [{ id: 'srv-1', productId: 'latte', count: 2, deviations: [], description: '' }] })
    const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: server.actors }), { shopId: 'cafe', table: null, tabId: null })
    actor.send({ type: 'shop.loaded', articles: { latte: article({ id: 'latte', limitStock: true, count: 3 }) } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    // A popup that still thought 3 were left: only the 1 left goes in, as its own line.
    actor.send({ type: 'cart.add', line: { productId: 'latte', count: 3, deviations: [], description: 'oat' } })
    expect(actor.getSnapshot().context.cart).toEqual([
      { id: 'srv-1', productId: 'latte', count: 2, deviations: [], description: '' },
      expect.objectContaining({ productId: 'latte', count: 1, description: 'oat' }),
    ])
    // An Update to 3 of the first line: the other line's 1 leaves it 2.
    actor.send({ type: 'cart.replace', itemId: 'srv-1', line: { productId: 'latte', count: 3, deviations: [], description: '' } })
    expect(actor.getSnapshot().context.cart.map((l) => l.count)).toEqual([2, 1])
    // Sold out: a further add changes nothing.
    actor.send({ type: 'cart.add', line: { productId: 'latte', count: 1, deviations: [], description: '' } })
    expect(actor.getSnapshot().context.cart.map((l) => l.count)).toEqual([2, 1])
    parent.stop()
  })

  it("caps cart.setCount (the cart page's +/-) at the stock, keeping a line above it at its count (SPEC §4, §5)", async () => {
    const server = fakeServer()
    server.state.session = session({
      cart: [
        { id: 'srv-1', productId: 'latte', count: 1, deviations: [], description: '' },
        { id: 'srv-2', productId: 'latte', count: 1, deviations: [], description: 'oat' },
      ],
    })
    const machine = sessionMachine.provide({ actors: server.actors })
    const { child: actor, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    actor.send({ type: 'shop.loaded', articles: { latte: article({ id: 'latte', limitStock: true, count: 3 }) } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    const counts = () => actor.getSnapshot().context.cart.map((l) => l.count)
    // A page whose cap was stale asks for 5: the other line's 1 leaves 2.
    actor.send({ type: 'cart.setCount', itemId: 'srv-1', count: 5 })
    expect(counts()).toEqual([2, 1])
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    // Stock fell to 1: the line keeps its 2, cannot grow, can go down.
    actor.send({ type: 'shop.loaded', articles: { latte: article({ id: 'latte', limitStock: true, count: 1 }) } })
    actor.send({ type: 'cart.setCount', itemId: 'srv-1', count: 3 })
    expect(counts()).toEqual([2, 1])
    actor.send({ type: 'cart.setCount', itemId: 'srv-1', count: 1 })
    expect(counts()).toEqual([1, 1])
    parent.stop()
  })

  it('keeps a cart the platform does not have yet for a reload, takes it up on the next load, and forgets it once sent', async () => {
    const kept: unknown[] = []
    const forgotten: string[] = []
    const remember = { keepUnsyncedCart: (_: unknown, params: unknown) => void kept.push(params), forgetUnsyncedCart: (_: unknown, { shopId }: { shopId: string }) => void forgotten.push(shopId) }
    const server = fakeServer()
    server.state.session = session({ cart: [{ id: 'srv-1', productId: 'latte', count: 1, deviations: [], description: '' }] })
    server.state.failPuts = 1
    const machine = sessionMachine.provide({ actors: server.actors, actions: remember, delays: { pushDebounce: 1, pushRetry: 60_000 } })
    const first = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(first.child, (s) => s.matches({ ready: { sync: 'idle' } }))
    first.child.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(first.child, (s) => s.matches({ ready: { sync: 'pushFailed' } }))
    expect(kept.at(-1)).toMatchObject({ shopId: 'cafe', merge: false, cart: [{ productId: 'latte' }, { productId: 'bun' }], tabItems: [] })
    first.parent.stop()

    // The reload: the platform still has only the latte; the kept cart replaces it and goes out.
    const unsyncedCart = { ...(kept.at(-1) as { cart: CartItem[]; tabItems: TabItemRef[]; merge: boolean }) }
    const second = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null, unsyncedCart })
    await waitFor(second.child, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(server.state.puts.at(-1)?.cart.map((l) => l.productId)).toEqual(['latte', 'bun'])
    expect(forgotten).toEqual(['cafe'])
    second.parent.stop()
  })

  it('makes nothing payable while the cart has not reached the platform, and the order payable again once it has', async () => {
    const server = fakeServer()
    server.state.failPuts = 2
    const machine = sessionMachine.provide({ actors: server.actors, delays: { pushDebounce: 1, pushRetry: 20 } })
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 2, deviations: [], description: '' } })
    expect(reportsOf(reports, 'session.cartChanged').at(-1)).toMatchObject({ units: 2 })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'pushFailed' } }))
    // A payment now would charge the platform's older order, not the one on screen.
    expect(reportsOf(reports, 'session.cartChanged').at(-1)).toMatchObject({ units: 0 })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    // Told once per change of payability: a second failed push says nothing new.
    expect(reportsOf<Extract<SessionReport, { type: 'session.cartChanged' }>>(reports, 'session.cartChanged').map((r) => r.units)).toEqual([2, 0, 2])
    parent.stop()
  })

  it('holds a cart taken up from before a reload when the first load gives up again, then merges it', async () => {
    const { server, machine, recover } = latteServerFailingFirst()
    const unsyncedCart = { cart: [{ id: 'l9', productId: 'bun', count: 1, deviations: [], description: '' }], tabItems: [], merge: true }
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null, unsyncedCart })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'recovering' } }))
    // The bun added before the reload is still on screen, held: no change of the order yet.
    expect(actor.getSnapshot().context.cart.map((l) => l.productId)).toEqual(['bun'])
    expect(reportsOf(reports, 'session.cartChanged')).toEqual([])
    recover()
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(server.state.puts.at(-1)?.cart.map((l) => l.productId)).toEqual(['latte', 'bun'])
    parent.stop()
  })

  it.each([
    { taken: 'lines added', unsyncedCart: null, merge: true },
    { taken: 'a whole cart', unsyncedCart: { cart: [], tabItems: [], merge: false }, merge: false },
  ])("keeps $taken while the platform's cart is unknown to join it, or replace it, after a reload (SPEC §4)", async ({ unsyncedCart, merge }) => {
    const { machine } = latteServerFailingFirst()
    const kept: { merge: boolean }[] = []
    const { child: actor, parent } = startAsChild(machine.provide({ actions: { keepUnsyncedCart: (_, params) => void kept.push(params) } }), { shopId: 'cafe', table: null, tabId: null, unsyncedCart })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'recovering' } }))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    expect(kept.at(-1)?.merge).toBe(merge)
    parent.stop()
  })

  it('takes no cart change while a card is being charged (held), and takes them again once released (SPEC §4 Card)', async () => {
    const server = fakeServer()
    server.state.session = session({ activeTab: { id: 'tab-1', customerReference: 'Anna', cart: [{ id: 't1', count: 2, price: 3000, product: { id: 'bun', title: 'Bun', price: 3000 }, deviations: [], description: '' }] } })
    const { child: actor, reports } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pushDebounce: 1 } }), {
      shopId: 'cafe',
      table: null,
      tabId: 'tab-1',
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    const held = actor.getSnapshot().context
    actor.send({ type: 'cart.hold' })
    expect(isCartHeld(actor.getSnapshot())).toBe(true)
    const line = held.cart[0]!
    const changes = reportsOf(reports, 'session.cartChanged').length
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    actor.send({ type: 'cart.setCount', itemId: line.id, count: 0 })
    actor.send({ type: 'cart.replace', itemId: line.id, line: { productId: 'bun', count: 3, deviations: [], description: 'warm' } })
    actor.send({ type: 'tab.setCount', lineId: 't1', count: 1 })
    expect(actor.getSnapshot().context.cart).toEqual(held.cart)
    expect(actor.getSnapshot().context.tabItems).toEqual(held.tabItems)
    expect(actor.getSnapshot().matches({ ready: { sync: 'idle' } })).toBe(true)
    expect(reportsOf(reports, 'session.cartChanged')).toHaveLength(changes)
    actor.send({ type: 'cart.release' })
    expect(isCartHeld(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'cart.setCount', itemId: line.id, count: 2 })
    expect(actor.getSnapshot().context.cart[0]?.count).toBe(2)
  })

  it('takes an Update that changes nothing as no change: no push, no report (SPEC §4)', async () => {
    const server = fakeServer()
    server.state.session = session({ cart: [{ id: 'srv-1', productId: 'bun', count: 2, deviations: [], description: 'warm' }] })
    const { child: actor, reports } = startAsChild(sessionMachine.provide({ actors: server.actors }), { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    actor.send({ type: 'cart.replace', itemId: 'srv-1', line: { productId: 'bun', count: 2, deviations: [], description: 'warm' } })
    expect(actor.getSnapshot().matches({ ready: { sync: 'idle' } })).toBe(true)
    expect(reportsOf(reports, 'session.cartChanged')).toHaveLength(0)
    actor.send({ type: 'cart.replace', itemId: 'srv-1', line: { productId: 'bun', count: 3, deviations: [], description: 'warm' } })
    expect(actor.getSnapshot().context.cart[0]?.count).toBe(3)
    expect(reportsOf(reports, 'session.cartChanged')).toHaveLength(1)
  })

  it('keeps a running poll and a refresh going when the cart changes meanwhile', async () => {
    const server = fakeServer()
    const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pollInterval: 60_000 } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    expect(actor.getSnapshot().value).toEqual({ ready: { sync: 'dirty', polling: 'waiting', hold: 'free' } })
    actor.send({ type: 'polling.stop' })
    actor.send({ type: 'session.refresh' })
    actor.send({ type: 'cart.setCount', itemId: actor.getSnapshot().context.cart[0]!.id, count: 2 })
    expect(actor.getSnapshot().value).toEqual({ ready: { sync: 'dirty', polling: 'refreshing', hold: 'free' } })
    parent.stop()
  })

  it('starts polling when a payment starts while a refresh is still out', async () => {
    const server = fakeServer()
    const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: server.actors, delays: { pollInterval: 5 } }), {
      shopId: 'cafe',
      table: null,
      tabId: null,
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'session.refresh' })
    expect(actor.getSnapshot().matches({ ready: { polling: 'refreshing' } })).toBe(true)
    actor.send({ type: 'polling.start' })
    const getsBefore = server.state.gets
    await new Promise((r) => setTimeout(r, 60))
    expect(server.state.gets - getsBefore).toBeGreaterThan(2)
    expect(actor.getSnapshot().matches({ ready: { polling: 'off' } })).toBe(false)
    parent.stop()
  })

  it('a payment started while a refresh is out may complete unseen: a change reads the session first (SPEC §4)', async () => {
    const server = fakeServer()
    const { child: actor, parent } = startCafe(server, { pushDebounce: 1, pollInterval: 60_000 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'session.refresh' })
    actor.send({ type: 'polling.start' })
    actor.send({ type: 'polling.stop' })
    const gets = server.state.gets
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 1)
    expect(server.state.gets - gets).toBe(1)
    parent.stop()
  })
})

/** The session of the shop 'cafe' against `server`, with `delays` (ms) and `input` over the defaults. */
function startCafe(server: ReturnType<typeof fakeServer>, delays: Partial<Record<'pushDebounce' | 'pollInterval', number>> = {}, input: Partial<SessionInput> = {}) {
  return startAsChild(sessionMachine.provide({ actors: server.actors, delays }), { shopId: 'cafe', table: null, tabId: null, ...input })
}

/** A customer's open tab with one line of `count` buns (SPEC §3 `activeTab`). */
function openTab(count: number) {
  return { id: 'tab-1', customerReference: 'Anna', cart: [{ id: 't1', count, price: 3000, product: { id: 'bun', title: 'Bun', price: 3000 }, deviations: [], description: '' }] }
}

type Updated = Extract<SessionReport, { type: 'session.updated' }>

describe("session answers: what the platform's reads change and what the parent hears", () => {
  it("takes the open tab and its chosen lines from the first answer and from a later read: the units count them (SPEC §3, §4)", async () => {
    const server = fakeServer()
    server.state.session = session({ activeTab: openTab(2), tabItems: [{ id: 't1', count: 1 }] })
    const { child: actor, reports, parent } = startCafe(server, {}, { tabId: 'tab-1' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(reportsOf(reports, 'session.ready')).toMatchObject([{ units: 1 }])
    server.state.session = session({ activeTab: openTab(3), tabItems: [{ id: 't1', count: 3 }] })
    actor.send({ type: 'session.refresh' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > 0)
    expect(reportsOf(reports, 'session.updated')).toMatchObject([{ units: 3, session: server.state.session }])
    expect(actor.getSnapshot().context).toMatchObject({ activeTab: openTab(3), tabItems: [{ id: 't1', count: 3 }] })
    parent.stop()
  })

  it("a whole cart taken up from before a reload replaces the platform's, its tab lines too (SPEC §4)", async () => {
    const server = fakeServer()
    server.state.session = session({ cart: [{ id: 'srv-1', productId: 'latte', count: 1, deviations: [], description: '' }], activeTab: openTab(2), tabItems: [{ id: 't1', count: 2 }] })
    const unsyncedCart = { cart: [{ id: 'l1', productId: 'latte', count: 1, deviations: [], description: '' }], tabItems: [{ id: 't1', count: 1 }], merge: false }
    const { child: actor, parent } = startCafe(server, { pushDebounce: 1 }, { tabId: 'tab-1', unsyncedCart })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(server.state.puts).toEqual([{ cart: [expect.objectContaining({ productId: 'latte', count: 1 })], tabItems: [{ id: 't1', count: 1 }] }])
    parent.stop()
  })

  it('keeps the reference saved meanwhile when the late first answer has none (SPEC §2)', async () => {
    const { machine, recover } = latteServerFailingFirst()
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'reference.saved', reference: 'A1' })
    recover()
    await waitFor(actor, () => reportsOf(reports, 'session.recovered').length > 0)
    expect(reportsOf(reports, 'session.recovered')).toMatchObject([{ orderReference: 'A1' }])
    parent.stop()
  })

  it("keeps a pending change through a poll, and tells no other tab's change from it (SPEC §4)", async () => {
    const server = fakeServer()
    const bun = { id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }
    server.state.session = session({ cart: [bun, { id: 'other-tab', productId: 'latte', count: 1, deviations: [], description: '' }], paymentStatus: 'STARTED' })
    const { child: actor, reports, parent } = startCafe(server, { pollInterval: 5, pushDebounce: 60_000 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    // First another tab's latte, then a cookie of this page on its way to the platform.
    server.state.session = session({ cart: [bun], paymentStatus: 'STARTED' })
    await waitFor(actor, () => reportsOf<Updated>(reports, 'session.updated').at(-1)?.cartChangedElsewhere === true)
    actor.send({ type: 'cart.add', line: { productId: 'cookie', count: 1, deviations: [], description: '' } })
    const seen = reportsOf(reports, 'session.updated').length
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > seen)
    expect(reportsOf<Updated>(reports, 'session.updated').at(-1)?.cartChangedElsewhere).toBe(false)
    expect(actor.getSnapshot().context.cart.map((line) => line.productId)).toEqual(['bun', 'cookie'])
    parent.stop()
  })

  it('takes off the whole order a poll showed when its payment completed unseen, not only what this page pushed (SPEC §4)', async () => {
    const server = fakeServer()
    const { child: actor, reports, parent } = startCafe(server, { pushDebounce: 1, pollInterval: 5 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 1)
    // Another tab adds a latte; the payment for both starts and a poll shows it.
    const bun = server.state.puts[0]!.cart[0]!
    server.state.session = session({ cart: [bun, { id: 'other-tab', productId: 'latte', count: 1, deviations: [], description: '' }], paymentStatus: 'STARTED' })
    actor.send({ type: 'polling.start' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > 0)
    actor.send({ type: 'polling.stop' })
    server.state.session = session({ cart: [], paymentStatus: 'COMPLETED', receiptId: 'r1' })
    actor.send({ type: 'cart.add', line: { productId: 'cookie', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 2)
    expect(server.state.puts[1]?.cart.map((line) => line.productId)).toEqual(['cookie'])
    expect(reportsOf(reports, 'session.cartChanged').at(-1)).toMatchObject({ units: 1 })
    // The poll had shown another tab's latte; the paid answer says no more than that it was paid.
    expect(reportsOf<Updated>(reports, 'session.updated').at(-1)).toMatchObject({ session: { paymentStatus: 'COMPLETED' }, cartChangedElsewhere: false })
    parent.stop()
  })

  it('takes the open tab as a payment completed unseen left it: its paid lines are not chosen again (SPEC §4)', async () => {
    const server = fakeServer()
    server.state.session = session({ activeTab: openTab(2), tabItems: [{ id: 't1', count: 2 }], paymentStatus: 'STARTED' })
    const { child: actor, parent } = startCafe(server, { pushDebounce: 1 }, { tabId: 'tab-1' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    actor.send({ type: 'polling.stop' })
    // Paid in the Swish app meanwhile: one bun of the tab is left, none chosen.
    server.state.session = session({ activeTab: openTab(1), tabItems: [], paymentStatus: 'COMPLETED', receiptId: 'r1' })
    actor.send({ type: 'cart.add', line: { productId: 'cookie', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 1)
    expect(server.state.puts[0]?.tabItems).toEqual([])
    expect(actor.getSnapshot().context.activeTab).toEqual(openTab(1))
    parent.stop()
  })

  it.each([
    { status: 'CANCELLED', reads: 1 },
    { status: 'STARTED', reads: 2 },
    { status: 'LOADING', reads: 2 },
  ] as const)('a read before a push answering $status leaves the next change to read again: $reads reads for two changes (SPEC §4)', async ({ status, reads }) => {
    const server = fakeServer()
    const { child: actor, parent } = startCafe(server, { pushDebounce: 1 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'polling.start' })
    actor.send({ type: 'polling.stop' })
    server.state.session = session({ paymentStatus: status })
    const gets = server.state.gets
    for (const puts of [1, 2]) {
      actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
      await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === puts)
    }
    expect(server.state.gets - gets).toBe(reads)
    parent.stop()
  })

  it('tells the parent the platform lacks the cart from a change until its push is taken (SPEC §4)', async () => {
    const server = fakeServer()
    const { child: actor, reports, parent } = startCafe(server, { pushDebounce: 1 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }))
    expect(reportsOf(reports, 'session.cartSynced')).toEqual([
      { type: 'session.cartSynced', synced: false },
      { type: 'session.cartSynced', synced: true },
    ])
    parent.stop()
  })

  it('polls once a second again as soon as a poll answers after failed ones (SPEC §9: 1000 ms)', async () => {
    vi.useFakeTimers()
    try {
      const server = fakeServer()
      let failing = false
      const fetchSession = fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async () => {
        server.state.gets += 1
        if (failing) throw { kind: 'network', status: null }
        return server.state.session
      })
      const { child: actor, parent } = startAsChild(sessionMachine.provide({ actors: { ...server.actors, fetchSession } }), { shopId: 'cafe', table: null, tabId: null })
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'polling.start' })
      failing = true
      await vi.advanceTimersByTimeAsync(1000)
      expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true)
      failing = false
      // The retry, backed off to 2 s, answers.
      await vi.advanceTimersByTimeAsync(2000)
      const before = server.state.gets
      await vi.advanceTimersByTimeAsync(1000)
      expect(server.state.gets).toBe(before + 1)
      parent.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it.each<{ change: SessionEvent; units: number }>([
    { change: { type: 'cart.replace', itemId: 'srv-1', line: { productId: 'bun', count: 2, deviations: [], description: '' } }, units: 2 },
    { change: { type: 'cart.setCount', itemId: 'srv-1', count: 3 }, units: 3 },
    { change: { type: 'tab.setCount', lineId: 't1', count: 1 }, units: 2 },
  ])('reports $change.type with the units, and flushes it if the page leaves before its push (SPEC §4)', async ({ change, units }) => {
    const server = fakeServer()
    server.state.session = session({ cart: [{ id: 'srv-1', productId: 'bun', count: 1, deviations: [], description: '' }], activeTab: openTab(2) })
    const flushed: unknown[] = []
    const machine = sessionMachine.provide({ actors: server.actors, actions: { flushCart: (_, params) => void flushed.push(params) }, delays: { pushDebounce: 60_000 } })
    const { child: actor, reports, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: 'tab-1' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(change)
    expect(reportsOf(reports, 'session.cartChanged')).toMatchObject([{ units }])
    actor.send({ type: 'page.leaving' })
    expect(flushed).toHaveLength(1)
    parent.stop()
  })

  it.each([
    { status: 'STARTED', polled: true, checks: true },
    { status: 'LOADING', polled: true, checks: true },
    { status: 'CANCELLED', polled: true, checks: false },
    { status: 'STARTED', polled: false, checks: false },
  ] as const)('a read answering $status (payment polled: $polled) leaves a change to read first: $checks (SPEC §4)', async ({ status, polled, checks }) => {
    const server = fakeServer()
    server.state.session = session({ paymentStatus: status })
    const { child: actor, reports, parent } = startCafe(server, { pushDebounce: 1, pollInterval: 5 })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(polled ? { type: 'polling.start' } : { type: 'session.refresh' })
    await waitFor(actor, () => reportsOf(reports, 'session.updated').length > 0)
    actor.send({ type: 'polling.stop' })
    const gets = server.state.gets
    actor.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
    await waitFor(actor, (s) => s.matches({ ready: { sync: 'idle' } }) && server.state.puts.length === 1)
    expect(server.state.gets - gets).toBe(checks ? 1 : 0)
    parent.stop()
  })
})
