import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import type { CommittedLine } from '../product-selection/product-selection.machine'
import { productDialogAdded, productDialogMachine, productDialogPhase, productDialogSelection, productDialogTitle } from './product-dialog.machine'
import { productDialogInput, productDialogSamples, sampleCart } from './product-dialog.samples'

type Snapshot = SnapshotFrom<typeof productDialogMachine>

const sameUrl = (s: Snapshot) => JSON.stringify(s.context.url) === JSON.stringify(s.context.opened)

const options: PathSuiteOptions<typeof productDialogMachine> = {
  input: productDialogInput,
  events: productDialogSamples,
  contextKeys: ['url', 'opened', 'committed', 'held', 'added'],
  replayActors: { productSelection: productDialogMachine.implementations.actors['productSelection'] },
  invariants: {
    '': (s: Snapshot) => {
      // A popup on screen has its product; a closed one has none.
      expect(s.context.opened !== null).toBe(!s.matches('closed'))
      expect(s.context.selection !== null).toBe(!s.matches('closed'))
      // Only a settled, closed popup tells what it added (never over the open popup or an inert page).
      expect(productDialogAdded(s) !== null).toBe(s.matches({ closed: 'settled' }) && s.context.added !== null)
    },
    // One selection per opening, running only while open: closing resets the choices.
    open: (s: Snapshot) => {
      expect(sameUrl(s)).toBe(true)
      expect(productDialogSelection(s)?.getSnapshot().matches('editing')).toBe(true)
      expect(productDialogPhase(s)).toBe('open')
      expect(productDialogTitle(s)).not.toBe('')
      // Every opening starts with nothing to tell.
      expect(s.context.added).toBeNull()
      // The open selection knows the hold, whether it began before or after the opening (SPEC §4 Card).
      expect(productDialogSelection(s)?.getSnapshot().context.held).toBe(s.context.held)
    },
    'closed.releasing': (s: Snapshot) => expect(s.context.added).not.toBeNull(),
    closing: (s: Snapshot) => {
      expect(productDialogSelection(s)).toBeUndefined()
      expect(productDialogPhase(s)).toBe('closing')
    },
    // No committed line is left behind once closed.
    closed: (s: Snapshot) => {
      expect(s.context.committed).toBeNull()
      expect(productDialogSelection(s)).toBeUndefined()
      expect(productDialogPhase(s)).toBe('closed')
    },
  },
}

describe('productDialog paths (SPEC §2 "Product popup")', () => {
  const paths = expectAllStatesReachable(productDialogMachine, options)

  it('reaches closed, open and closing (distinct event sequences)', () => {
    expect([...new Set(describePaths(paths))]).toMatchInlineSnapshot(`
      [
        "closed.releasing <- url.changed, line.committed, url.changed, xstate.done.actor.nextPaint",
        "closed.releasing <- url.changed, line.committed, url.changed, xstate.done.actor.nextPaint, cart.held",
        "closed.releasing <- url.changed, line.committed, xstate.done.actor.nextPaint",
        "closed.releasing <- url.changed, line.committed, xstate.done.actor.nextPaint, cart.held",
        "closed.settled <- (initial)",
        "closed.settled <- cart.held",
        "closed.settled <- cart.released",
        "closed.settled <- url.changed",
        "closed.settled <- url.changed, cart.held",
        "closed.settled <- url.changed, dismiss, xstate.done.actor.nextPaint",
        "closed.settled <- url.changed, dismiss, xstate.done.actor.nextPaint, cart.held",
        "closed.settled <- url.changed, line.committed, url.changed, xstate.done.actor.nextPaint, xstate.done.actor.nextPaint",
        "closed.settled <- url.changed, line.committed, url.changed, xstate.done.actor.nextPaint, xstate.done.actor.nextPaint, cart.held",
        "closed.settled <- url.changed, line.committed, xstate.done.actor.nextPaint, xstate.done.actor.nextPaint",
        "closed.settled <- url.changed, line.committed, xstate.done.actor.nextPaint, xstate.done.actor.nextPaint, cart.held",
        "closing <- url.changed, dismiss",
        "closing <- url.changed, dismiss, cart.held",
        "closing <- url.changed, line.committed",
        "closing <- url.changed, line.committed, cart.held",
        "closing <- url.changed, line.committed, url.changed",
        "closing <- url.changed, line.committed, url.changed, cart.held",
        "closing <- url.changed, url.changed",
        "closing <- url.changed, url.changed, cart.held",
        "closing <- url.changed, url.changed, url.changed",
        "open <- url.changed",
        "open <- url.changed, cart.changed",
        "open <- url.changed, cart.held",
        "open <- url.changed, cart.released",
        "open <- url.changed, url.changed",
        "open <- url.changed, url.changed, url.changed",
      ]
    `)
  })

  it('replays every path on a live actor', () => replayPaths(productDialogMachine, paths, options))
})

describe('productDialog behaviour', () => {
  /** A dialog whose paint comes when the test says so, recording what it asks of the route. */
  function run() {
    const calls: Array<['commitLine', CommittedLine] | ['leaveUrl']> = []
    const paints: Array<() => void> = []
    const actor = createActor(
      productDialogMachine.provide({
        actors: { nextPaint: fromPromise<void, void>(() => new Promise<void>((resolve) => paints.push(resolve))) },
        actions: {
          commitLine: (_, line) => void calls.push(['commitLine', line]),
          leaveUrl: () => void calls.push(['leaveUrl']),
        },
      }),
      { input: productDialogInput },
    ).start()
    const paint = async () => {
      paints.splice(0).forEach((resolve) => resolve())
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    const selection = () => {
      const child = productDialogSelection(actor.getSnapshot())
      if (!child) throw new Error('no selection running')
      return child
    }
    const open = (productId: string | null, itemId: string | null = null, cart = sampleCart) =>
      actor.send({ type: 'url.changed', productId, itemId, cart })
    return { actor, calls, paint, selection, open }
  }

  it('Add hides the popup at once; the cart and the URL change after that paint', async () => {
    const { actor, calls, paint, selection, open } = run()
    open('cappuccino')
    expect(productDialogPhase(actor.getSnapshot())).toBe('open')
    expect(productDialogTitle(actor.getSnapshot())).toBe('Cappuccino')
    selection().send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' })
    selection().send({ type: 'submit' })
    expect(productDialogPhase(actor.getSnapshot())).toBe('closing')
    expect(calls).toEqual([])
    await paint()
    expect(calls).toEqual([
      ['commitLine', { kind: 'add', line: { productId: 'cappuccino', count: 1, deviations: ['oat'], description: '' } }],
      ['leaveUrl'],
    ])
    expect(productDialogPhase(actor.getSnapshot())).toBe('closed')
    // The route's URL change arrives: nothing more happens.
    open(null)
    await paint()
    expect(calls).toHaveLength(2)
  })

  it('tells the added line only once the closed popup has released the page and painted, until the next opening (WCAG 4.1.3)', async () => {
    const { actor, paint, selection, open } = run()
    open('bun')
    selection().send({ type: 'quantity.set', value: 2 })
    selection().send({ type: 'submit' })
    expect(productDialogAdded(actor.getSnapshot())).toBeNull()
    // The hiding frame painted: the cart changes and the page is released, still nothing told.
    await paint()
    expect(productDialogPhase(actor.getSnapshot())).toBe('closed')
    expect(productDialogAdded(actor.getSnapshot())).toBeNull()
    await paint()
    expect(productDialogAdded(actor.getSnapshot())).toEqual({ kind: 'add', title: 'Cinnamon bun', quantity: 2 })
    open(null)
    expect(productDialogAdded(actor.getSnapshot())).toEqual({ kind: 'add', title: 'Cinnamon bun', quantity: 2 })
    // The next opening empties it; a dismissal tells nothing.
    open('bun', 'line-1')
    expect(productDialogAdded(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'dismiss' })
    await paint()
    await paint()
    expect(productDialogAdded(actor.getSnapshot())).toBeNull()
    // Update is told as one.
    open('bun', 'line-1')
    selection().send({ type: 'submit' })
    await paint()
    await paint()
    expect(productDialogAdded(actor.getSnapshot())).toEqual({ kind: 'update', title: 'Cinnamon bun', quantity: 1 })
  })

  it('refuses Add while a card payment holds the cart, begun before or after the opening, and stays open (SPEC §4 Card)', async () => {
    const { actor, calls, paint, selection, open } = run()
    actor.send({ type: 'cart.held' })
    open('bun')
    selection().send({ type: 'submit' })
    expect(productDialogPhase(actor.getSnapshot())).toBe('open')
    actor.send({ type: 'cart.released' })
    expect(selection().getSnapshot().can({ type: 'submit' })).toBe(true)
    actor.send({ type: 'cart.held' })
    selection().send({ type: 'submit' })
    expect(productDialogPhase(actor.getSnapshot())).toBe('open')
    await paint()
    expect(calls).toEqual([])
    // Released: the same opening adds its line.
    actor.send({ type: 'cart.released' })
    selection().send({ type: 'submit' })
    await paint()
    expect(calls[0]).toEqual(['commitLine', { kind: 'add', line: { productId: 'bun', count: 1, deviations: [], description: '' } }])
  })

  it('carries a hold begun or ended in either phase over to the next opening (SPEC §4 Card)', async () => {
    const { actor, paint, selection, open } = run()
    const reopen = async () => {
      actor.send({ type: 'dismiss' })
      await paint()
      open(null)
      open('bun')
    }
    open('bun')
    actor.send({ type: 'cart.held' })
    await reopen()
    expect(selection().getSnapshot().can({ type: 'submit' })).toBe(false)
    actor.send({ type: 'cart.released' })
    await reopen()
    expect(selection().getSnapshot().can({ type: 'submit' })).toBe(true)
    actor.send({ type: 'cart.held' })
    actor.send({ type: 'dismiss' })
    await paint()
    actor.send({ type: 'cart.released' })
    open('bun')
    expect(selection().getSnapshot().can({ type: 'submit' })).toBe(true)
  })

  it('edits the cart line ?item= names and Update replaces it', async () => {
    const { calls, paint, selection, open } = run()
    open('bun', 'line-1')
    expect(selection().getSnapshot().context.editing).toMatchObject({ itemId: 'line-1', count: 1 })
    selection().send({ type: 'quantity.set', value: 2 })
    selection().send({ type: 'submit' })
    await paint()
    expect(calls[0]).toEqual(['commitLine', { kind: 'update', itemId: 'line-1', line: { productId: 'bun', count: 2, deviations: [], description: '' } }])
  })

  it('relays the cart to the open selection: an edited line merged up elsewhere is updated to its new count (SPEC §4)', async () => {
    const { actor, calls, paint, selection, open } = run()
    open('bun', 'line-1')
    // The platform's 2 buns join line-1 (a late first session answer): 3, all the stock.
    actor.send({ type: 'cart.changed', cart: [{ ...sampleCart[0]!, count: 3 }] })
    expect(selection().getSnapshot().context).toMatchObject({ quantity: 3, maxQuantity: 3, cartNotice: { kind: 'lineChanged', count: 3 } })
    selection().send({ type: 'submit' })
    // Closing: the selection is gone, and a cart change has nothing to reach.
    actor.send({ type: 'cart.changed', cart: [] })
    await paint()
    expect(calls[0]).toEqual(['commitLine', { kind: 'update', itemId: 'line-1', line: { productId: 'bun', count: 3, deviations: [], description: '' } }])
  })

  it("opened before the session answered, ?item='s line becomes the Edit once the cart brings it, and Update sets its count", async () => {
    const { actor, calls, paint, selection, open } = run()
    // A reload or a shared link: the session has not answered, the cart is empty.
    open('bun', 'line-1', [])
    const first = selection()
    expect(first.getSnapshot().context).toMatchObject({ editing: null, quantity: 1 })
    // The session answers with the line: 2 buns.
    actor.send({ type: 'cart.changed', cart: [{ ...sampleCart[0]!, count: 2 }] })
    expect(selection()).toBe(first)
    expect(selection().getSnapshot().context).toMatchObject({ editing: { itemId: 'line-1', count: 2 }, quantity: 2, cartNotice: null })
    selection().send({ type: 'submit' })
    await paint()
    expect(calls[0]).toEqual(['commitLine', { kind: 'update', itemId: 'line-1', line: { productId: 'bun', count: 2, deviations: [], description: '' } }])
  })

  it('caps a new line at the stock another tab left, once the cart says so (SPEC §5)', () => {
    const { actor, selection, open } = run()
    open('bun', null, [])
    selection().send({ type: 'quantity.set', value: 3 })
    actor.send({ type: 'cart.changed', cart: [{ id: 'other', productId: 'bun', count: 2, deviations: [], description: 'Warm' }] })
    expect(selection().getSnapshot().context).toMatchObject({ quantity: 1, maxQuantity: 1 })
  })

  it('dismissal closes after the paint without touching the cart, once for repeated dismissals', async () => {
    const { actor, calls, paint, open } = run()
    open('cappuccino')
    actor.send({ type: 'dismiss' })
    actor.send({ type: 'dismiss' })
    expect(productDialogPhase(actor.getSnapshot())).toBe('closing')
    await paint()
    expect(calls).toEqual([['leaveUrl']])
  })

  it('Back closes the popup and leaves the URL alone', async () => {
    const { actor, calls, paint, open } = run()
    open('cappuccino')
    open(null)
    expect(productDialogPhase(actor.getSnapshot())).toBe('closing')
    await paint()
    expect(productDialogPhase(actor.getSnapshot())).toBe('closed')
    expect(calls).toEqual([])
  })

  it('Back during the closing paint after Add adds the line and leaves the URL alone', async () => {
    const { calls, paint, selection, open } = run()
    open('bun')
    selection().send({ type: 'submit' })
    open(null)
    await paint()
    expect(calls).toEqual([['commitLine', { kind: 'add', line: { productId: 'bun', count: 1, deviations: [], description: '' } }]])
  })

  it('Back and Forward within the closing paint: the URL names the product again, so it is left', async () => {
    const { calls, paint, actor, open } = run()
    open('bun')
    actor.send({ type: 'dismiss' })
    open(null)
    open('bun')
    await paint()
    expect(calls).toEqual([['leaveUrl']])
  })

  it('opens nothing for an id the shop does not sell, and closes an open popup for one', async () => {
    const { actor, calls, paint, open } = run()
    open('nope')
    expect(productDialogPhase(actor.getSnapshot())).toBe('closed')
    open('constructor')
    expect(productDialogPhase(actor.getSnapshot())).toBe('closed')
    open('cappuccino')
    open('nope')
    await paint()
    expect(productDialogPhase(actor.getSnapshot())).toBe('closed')
    expect(calls).toEqual([])
  })

  it('starts every opening fresh (closing resets selections), and keeps it while the URL stays', async () => {
    const { actor, paint, selection, open } = run()
    open('cappuccino')
    const first = selection()
    first.send({ type: 'quantity.set', value: 3 })
    open('cappuccino')
    expect(selection()).toBe(first)
    actor.send({ type: 'dismiss' })
    await paint()
    open(null)
    open('cappuccino')
    expect(selection()).not.toBe(first)
    expect(selection().getSnapshot().context.quantity).toBe(1)
  })

  it('another product in the URL while open replaces the selection', () => {
    const { actor, selection, open } = run()
    open('cappuccino')
    open('bun')
    expect(productDialogPhase(actor.getSnapshot())).toBe('open')
    expect(selection().getSnapshot().context.article.id).toBe('bun')
  })

  it('a product opened while closing applies the committed line first', () => {
    const { actor, calls, selection, open } = run()
    open('bun')
    selection().send({ type: 'submit' })
    open('cappuccino')
    expect(calls).toEqual([['commitLine', { kind: 'add', line: { productId: 'bun', count: 1, deviations: [], description: '' } }]])
    expect(productDialogTitle(actor.getSnapshot())).toBe('Cappuccino')
    expect(productDialogPhase(actor.getSnapshot())).toBe('open')
  })
})
