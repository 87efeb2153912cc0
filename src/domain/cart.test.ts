import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addToCart,
  chosenTabItems,
  quantityInCart,
  replaceLine,
  sameLine,
  sameOrder,
  setLineCount,
  setTabItemCount,
  tabLinesNotInCart,
  withoutPaid,
} from './cart'
import type { ActiveTab, CartItem, TabLine } from './types'

const line = (productId: string, count = 1, deviations: string[] = [], description = ''): Omit<CartItem, 'id'> => ({
  productId,
  count,
  deviations,
  description,
})

const lineArb = fc.record({
  productId: fc.constantFrom('a', 'b'),
  count: fc.integer({ min: -2, max: 5 }),
  deviations: fc.array(fc.constantFrom('x', 'y'), { maxLength: 3 }),
  description: fc.constantFrom('', ' ', 'no nuts', ' no nuts '),
})

/** Builds a cart by adding lines one by one, as the UI does. */
function build(lines: Omit<CartItem, 'id'>[]): CartItem[] {
  return lines.reduce<CartItem[]>((cart, l, i) => addToCart(cart, l, `id${i}`), [])
}

describe('sameLine', () => {
  it('ignores deviation order and surrounding spaces in the note, not repeats', () => {
    expect(sameLine(line('a', 1, ['x', 'y'], 'hot'), line('a', 3, ['y', 'x'], ' hot '))).toBe(true)
    expect(sameLine(line('a', 1, ['x', 'x']), line('a', 1, ['x']))).toBe(false)
    expect(sameLine(line('a', 1, ['x', 'y']), line('a', 1, ['x', 'x']))).toBe(false)
    expect(sameLine(line('a'), line('b'))).toBe(false)
    expect(sameLine(line('a', 1, [], 'hot'), line('a', 1, [], 'mild'))).toBe(false)
  })
})

describe('sameOrder', () => {
  it('ignores line order, ids and deviation order; sees counts, lines and tab units', () => {
    const mine = { cart: [{ ...line('a', 2, ['x', 'y']), id: '1' }, { ...line('b'), id: '2' }], tabItems: [{ id: 't1', count: 1 }] }
    expect(sameOrder(mine, { cart: [{ ...line('b'), id: '9' }, { ...line('a', 2, ['y', 'x']), id: '8' }], tabItems: [{ id: 't1', count: 1 }, { id: 't2', count: 0 }] })).toBe(true)
    expect(sameOrder(mine, { ...mine, cart: [{ ...line('a', 3, ['x', 'y']), id: '1' }, { ...line('b'), id: '2' }] })).toBe(false)
    expect(sameOrder(mine, { ...mine, cart: [...mine.cart, { ...line('c'), id: '3' }] })).toBe(false)
    expect(sameOrder(mine, { ...mine, tabItems: [] })).toBe(false)
  })
  it('takes a line at count 0 for no line, as a tab unit at 0 is none (SPEC §4: count 0 removes the line)', () => {
    const mine = { cart: [{ ...line('a'), id: '1' }], tabItems: [] }
    expect(sameOrder(mine, { cart: [...mine.cart, { ...line('b', 0), id: '2' }], tabItems: [] })).toBe(true)
  })
  it('holds for any cart against a shuffled copy with fresh ids', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 6 }), (lines) => {
        const cart = build(lines)
        const copy = [...cart].reverse().map((item, i) => ({ ...item, id: `copy${i}`, deviations: [...item.deviations].reverse() }))
        expect(sameOrder({ cart, tabItems: [] }, { cart: copy, tabItems: [] })).toBe(true)
      }),
    )
  })
})

describe('withoutPaid', () => {
  it('takes the paid units off each identical line and keeps what was added since (SPEC §4)', () => {
    const cart = [
      { ...line('a', 3, ['x']), id: '1' },
      { ...line('b', 1), id: '2' },
      { ...line('c', 2), id: '3' },
    ]
    const paid = [{ ...line('a', 1, ['x']), id: 'p1' }, { ...line('a', 1, ['x']), id: 'p2' }, { ...line('b', 1), id: 'p3' }]
    // Two paid `a` lines take 2 of 3 units; `b` was paid in full and goes; `c` came after the payment.
    expect(withoutPaid(cart, paid)).toEqual([
      { ...line('a', 1, ['x']), id: '1' },
      { ...line('c', 2), id: '3' },
    ])
  })
})

describe('addToCart', () => {
  it('merges an identical line and appends a different one', () => {
    let cart = addToCart([], line('a', 2, ['x', 'y']), 'one')
    cart = addToCart(cart, line('a', 1, ['y', 'x']), 'two')
    expect(cart).toEqual([{ id: 'one', productId: 'a', count: 3, deviations: ['x', 'y'], description: '' }])
    cart = addToCart(cart, line('a', 1, ['x']), 'three')
    expect(cart.map((i) => [i.id, i.count])).toEqual([
      ['one', 3],
      ['three', 1],
    ])
  })

  it('ignores counts ≤ 0 and does not mutate its input', () => {
    const cart = Object.freeze([Object.freeze({ id: '1', ...line('a') })]) as readonly CartItem[]
    expect(addToCart(cart, line('a', 0), 'n')).toEqual(cart)
    expect(addToCart(cart, line('a', -3), 'n')).toEqual(cart)
    expect(addToCart(cart, line('a', 2), 'n')[0]?.count).toBe(3)
  })

  it('preserves the count sum per product and never holds two equal lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const cart = build(lines)
        for (const p of ['a', 'b']) {
          const added = lines.filter((l) => l.productId === p && l.count > 0).reduce((s, l) => s + l.count, 0)
          expect(quantityInCart(cart, p)).toBe(added)
        }
        for (let i = 0; i < cart.length; i++) {
          for (let j = i + 1; j < cart.length; j++) expect(sameLine(cart[i]!, cart[j]!)).toBe(false)
        }
        expect(cart.every((item) => item.count > 0)).toBe(true)
      }),
    )
  })
})

describe('setLineCount', () => {
  const cart = build([line('a', 2), line('b', 1)])

  it('sets the count of one line', () => {
    expect(setLineCount(cart, 'id0', 5).map((i) => i.count)).toEqual([5, 1])
  })

  it('removes the line at 0 or below, for any count ≤ 0', () => {
    fc.assert(
      fc.property(fc.integer({ max: 0 }), (n) => {
        const next = setLineCount(cart, 'id1', n)
        expect(next.map((i) => i.id)).toEqual(['id0'])
      }),
    )
  })

  it('leaves the cart alone for an unknown id', () => {
    expect(setLineCount(cart, 'nope', 4)).toEqual(cart)
    expect(setLineCount(cart, 'nope', 0)).toEqual(cart)
  })
})

describe('replaceLine', () => {
  it('replaces the edited line in place', () => {
    const cart = build([line('a', 1), line('b', 1)])
    const next = replaceLine(cart, 'id0', line('a', 4, ['x'], 'note'))
    expect(next).toEqual([
      { id: 'id0', productId: 'a', count: 4, deviations: ['x'], description: 'note' },
      cart[1],
    ])
  })

  it('merges into another line it now equals', () => {
    const cart = build([line('a', 2, ['x']), line('a', 1)])
    const next = replaceLine(cart, 'id1', line('a', 3, ['x']))
    expect(next).toEqual([{ id: 'id0', productId: 'a', count: 5, deviations: ['x'], description: '' }])
  })

  it('removes the line when the new count is 0, and adds it back when it had vanished', () => {
    const cart = build([line('a', 2)])
    expect(replaceLine(cart, 'id0', line('a', 0))).toEqual([])
    expect(replaceLine([], 'gone', line('b', 2))).toEqual([{ id: 'gone', ...line('b', 2) }])
  })
})

describe('quantityInCart', () => {
  it('sums every line of the product, except the one being edited', () => {
    const cart = build([line('a', 2), line('a', 3, ['x']), line('b', 7)])
    expect(quantityInCart(cart, 'a')).toBe(5)
    expect(quantityInCart(cart, 'a', 'id1')).toBe(2)
    expect(quantityInCart(cart, 'c')).toBe(0)
  })
})

describe('tab items', () => {
  const tl = (id: string, count: number): TabLine => ({
    id,
    count,
    price: 1000,
    product: { id, title: id, price: 1000 },
    deviations: [],
    description: '',
  })
  const tab: ActiveTab = { id: 't', customerReference: 'Anna', cart: [tl('l1', 3), tl('l2', 1)] }

  it('caps a chosen count to the tab count and removes it at 0', () => {
    let refs = setTabItemCount([], tab, 'l1', 2)
    expect(refs).toEqual([{ id: 'l1', count: 2 }])
    refs = setTabItemCount(refs, tab, 'l1', 10)
    expect(refs).toEqual([{ id: 'l1', count: 3 }])
    refs = setTabItemCount(refs, tab, 'l2', 1)
    expect(refs).toEqual([
      { id: 'l1', count: 3 },
      { id: 'l2', count: 1 },
    ])
    expect(setTabItemCount(refs, tab, 'l1', 0)).toEqual([{ id: 'l2', count: 1 }])
    expect(setTabItemCount(refs, tab, 'l1', -5)).toEqual([{ id: 'l2', count: 1 }])
    expect(setTabItemCount(refs, tab, 'unknown', 2)).toEqual(refs)
  })

  it('keeps every ref within [1, line count] for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('l1', 'l2', 'x'), fc.integer({ min: -5, max: 10 })), { maxLength: 10 }),
        (ops) => {
          const refs = ops.reduce((r, [id, n]) => setTabItemCount(r, tab, id, n), [] as { id: string; count: number }[])
          for (const ref of refs) {
            const l = tab.cart.find((c) => c.id === ref.id)
            expect(l).toBeDefined()
            expect(ref.count).toBeGreaterThanOrEqual(1)
            expect(ref.count).toBeLessThanOrEqual(l!.count)
          }
          expect(new Set(refs.map((r) => r.id)).size).toBe(refs.length)
          const chosen = refs.reduce((s, r) => s + r.count, 0)
          expect(tabLinesNotInCart(tab, refs).reduce((s, l) => s + l.count, 0) + chosen).toBe(4)
        },
      ),
    )
  })

  it('lists the remaining part of each line not fully chosen', () => {
    const remaining = tabLinesNotInCart(tab, [
      { id: 'l1', count: 1 },
      { id: 'l2', count: 1 },
    ])
    expect(remaining).toEqual([{ ...tab.cart[0], count: 2 }])
    expect(tabLinesNotInCart(tab, [])).toEqual(tab.cart)
  })

  it('counts only refs to lines of the open tab, capped at their counts', () => {
    const refs = [
      { id: 'l1', count: 9 },
      { id: 'gone', count: 2 },
      { id: 'l2', count: 0 },
    ]
    expect(chosenTabItems(tab, refs)).toEqual([{ id: 'l1', count: 3 }])
    expect(chosenTabItems(null, refs)).toEqual([])
  })
})
