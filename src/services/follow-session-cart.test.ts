import { afterEach, describe, expect, it } from 'vitest'
import { assign, createActor, createMachine, setup } from 'xstate'
import type { CartItem } from '@/domain/types'
import { productSelectionInput, productSelectionMachine } from '@machines/product-selection/product-selection.machine'
import { shopData } from '@tests/fixtures/shop'
import { followSessionCart } from './follow-session-cart'

type CartSource = Parameters<typeof followSessionCart>[0]

const shop = shopData()
const started: { stop: () => void }[] = []
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop()
})

/**
 * A session-like actor: its cart is replaced by `cart.set`; `note` changes other context only;
 * `hold` / `release` enter and leave a state tagged `held`, as a card payment does (SPEC §4 Card).
 */
function cartSession(cart: readonly CartItem[], held = false) {
  const machine = setup({
    types: {
      context: {} as { cart: readonly CartItem[]; notes: number },
      events: {} as { type: 'cart.set'; cart: readonly CartItem[] } | { type: 'note' } | { type: 'hold' } | { type: 'release' },
    },
  }).createMachine({
    context: { cart, notes: 0 },
    initial: held ? 'held' : 'free',
    states: {
      free: { on: { hold: 'held' } },
      held: { tags: ['held'], on: { release: 'free' } },
    },
    on: {
      'cart.set': { actions: assign({ cart: ({ event }) => event.cart }) },
      note: { actions: assign({ notes: ({ context }) => context.notes + 1 }) },
    },
  })
  const session = createActor(machine).start()
  started.push(session)
  // Counts the live subscriptions, to see the follower's go away.
  let subscribers = 0
  const source: CartSource = {
    getSnapshot: () => session.getSnapshot(),
    subscribe: (observer) => {
      const subscription = session.subscribe(observer)
      subscribers += 1
      return {
        unsubscribe: () => {
          subscribers -= 1
          subscription.unsubscribe()
        },
      }
    },
  }
  return { session, source, subscribers: () => subscribers }
}

const bun = (count: number, id = 'l1'): CartItem => ({ id, productId: 'bun', count, deviations: [], description: '' })

describe('followSessionCart (SPEC §4 "Cart", §5 stock)', () => {
  it("keeps the product page's selection on the session's cart through the invoked followCart", () => {
    const { session, source, subscribers } = cartSession([])
    const input = productSelectionInput(shop, [], 'bun')
    if (!input) throw new Error('no bun')
    const selection = createActor(productSelectionMachine.provide({ actors: { followCart: followSessionCart(source) } }), { input }).start()
    started.push(selection)
    expect(selection.getSnapshot().context.maxQuantity).toBe(3)
    expect(subscribers()).toBe(1)

    // Another tab's 2 buns (or a late first answer): the stock left follows.
    session.send({ type: 'cart.set', cart: [bun(2)] })
    expect(selection.getSnapshot().context.maxQuantity).toBe(1)
    session.send({ type: 'cart.set', cart: [bun(3)] })
    expect(selection.getSnapshot().context).toMatchObject({ maxQuantity: 0, quantity: 0 })

    selection.stop()
    expect(subscribers()).toBe(0)
  })

  it('sends the cart it starts with, then only a new cart, never another session update', () => {
    const { session, source, subscribers } = cartSession([bun(1)])
    const received: unknown[] = []
    const parent = createActor(
      createMachine({
        invoke: { src: followSessionCart(source) },
        on: { 'cart.changed': { actions: ({ event }) => void received.push(event) } },
      }),
    ).start()
    started.push(parent)
    const first = session.getSnapshot().context.cart
    expect(received).toEqual([{ type: 'cart.changed', cart: first }])

    session.send({ type: 'note' })
    session.send({ type: 'cart.set', cart: first })
    expect(received).toHaveLength(1)
    const next = [bun(2)]
    session.send({ type: 'cart.set', cart: next })
    expect(received).toEqual([
      { type: 'cart.changed', cart: first },
      { type: 'cart.changed', cart: next },
    ])

    parent.stop()
    expect(subscribers()).toBe(0)
    session.send({ type: 'cart.set', cart: [bun(3)] })
    expect(received).toHaveLength(2)
  })

  it("holds the product page's Add while the session holds the cart for a card payment (SPEC §4 Card)", () => {
    const { session, source } = cartSession([], true)
    const input = productSelectionInput(shop, [], 'bun')
    if (!input) throw new Error('no bun')
    const selection = createActor(productSelectionMachine.provide({ actors: { followCart: followSessionCart(source) } }), { input }).start()
    started.push(selection)
    expect(selection.getSnapshot().context.held).toBe(true)
    expect(selection.getSnapshot().can({ type: 'submit' })).toBe(false)
    session.send({ type: 'release' })
    expect(selection.getSnapshot().can({ type: 'submit' })).toBe(true)
    session.send({ type: 'hold' })
    expect(selection.getSnapshot().can({ type: 'submit' })).toBe(false)
  })

  it('sends cart.held when the hold begins (or at start) and cart.released when it ends, once each', () => {
    const { session, source } = cartSession([bun(1)], true)
    const received: string[] = []
    const parent = createActor(createMachine({ invoke: { src: followSessionCart(source) }, on: { '*': { actions: ({ event }) => void received.push(event.type) } } })).start()
    started.push(parent)
    session.send({ type: 'note' })
    session.send({ type: 'release' })
    session.send({ type: 'note' })
    session.send({ type: 'hold' })
    expect(received).toEqual(['cart.changed', 'cart.held', 'cart.released', 'cart.held'])
  })
})
