import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addToCart, quantityInCart, replaceLine, setLineCount } from './cart'
import { addWithinStock, replaceWithinStock, isOutOfStock, cappedLineCount, lineCountCap, maxQuantity, remainingStock, stockLimit, withReportedStock } from './stock'
import { shopStockShortfall, stockShortfall } from './stock-shortfall'
import type { Article, CartItem } from './types'

const article = (a: Partial<Article> = {}): Article => ({
  id: 'a',
  title: 'A',
  description: null,
  price: 1000,
  image: null,
  tags: [],
  category: null,
  deviationGroupIds: [],
  count: 5,
  limitStock: true,
  outOfStock: false,
  ...a,
})
const item = (id: string, productId: string, count: number, deviations: string[] = []): CartItem => ({
  id,
  productId,
  count,
  deviations,
  description: '',
})

describe('remainingStock / maxQuantity', () => {
  it('is unlimited when the article does not limit stock', () => {
    expect(remainingStock(article({ limitStock: false, count: 0 }), [item('1', 'a', 99)])).toBe(Infinity)
  })

  it('subtracts every cart line of the product, except the edited one', () => {
    const cart = [item('1', 'a', 2), item('2', 'a', 1, ['x']), item('3', 'b', 4)]
    expect(remainingStock(article(), cart)).toBe(2)
    expect(maxQuantity(article(), cart, '1')).toBe(4)
    expect(remainingStock(article({ count: 1 }), cart)).toBe(0)
  })

  it('is unlimited when the article has no count, unless limitStock says false anyway (CONTRACT.md "Wire shapes")', () => {
    expect(remainingStock(article({ count: null }), [item('1', 'a', 7)])).toBe(Infinity)
    expect(maxQuantity(article({ count: null }), [item('1', 'a', 7)], '1')).toBe(Infinity)
    expect(remainingStock(article({ count: null, limitStock: false }), [])).toBe(Infinity)
    expect(stockLimit(article({ count: null }))).toBeNull()
    expect(stockLimit(article({ count: 0 }))).toBe(0)
    expect(stockLimit(article({ count: 4, limitStock: false }))).toBeNull()
  })
})

describe('isOutOfStock', () => {
  it('follows the flag, or a limited stock used up by the cart', () => {
    expect(isOutOfStock(article({ outOfStock: true, limitStock: false }), [])).toBe(true)
    expect(isOutOfStock(article({ count: 2 }), [item('1', 'a', 2)])).toBe(true)
    expect(isOutOfStock(article({ count: 2 }), [item('1', 'a', 1)])).toBe(false)
    expect(isOutOfStock(article({ count: 0, limitStock: false }), [item('1', 'a', 3)])).toBe(false)
    expect(isOutOfStock(article({ count: 0 }), [])).toBe(true)
  })

  it('never calls an article without count sold out by stock: only its outOfStock flag counts', () => {
    expect(isOutOfStock(article({ count: null }), [])).toBe(false)
    expect(isOutOfStock(article({ count: null }), [item('1', 'a', 50)])).toBe(false)
    expect(isOutOfStock(article({ count: null, outOfStock: true }), [])).toBe(true)
  })
})

describe('stock caps hold for any sequence of capped edits', () => {
  it('never lets the cart quantity exceed the stock', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 1, max: 6 }), dev: fc.boolean() }),
      fc.record({ kind: fc.constant('set' as const), n: fc.integer({ min: -1, max: 8 }), line: fc.nat(3) }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.array(op, { maxLength: 15 }), (stock, ops) => {
        const a = article({ count: stock })
        let cart: CartItem[] = []
        ops.forEach((o, i) => {
          if (o.kind === 'add') {
            // The popup caps its stepper at maxQuantity and refuses to add when out of stock.
            const n = Math.min(o.n, maxQuantity(a, cart))
            if (!isOutOfStock(a, cart)) cart = addToCart(cart, { productId: 'a', count: n, deviations: o.dev ? ['x'] : [], description: '' }, `l${i}`)
          } else {
            const target = cart[o.line % Math.max(1, cart.length)]
            if (target !== undefined) cart = setLineCount(cart, target.id, Math.min(o.n, maxQuantity(a, cart, target.id)))
          }
          expect(quantityInCart(cart, 'a')).toBeLessThanOrEqual(stock)
          expect(remainingStock(a, cart)).toBe(stock - quantityInCart(cart, 'a'))
        })
      }),
    )
  })
})

describe('stockShortfall', () => {
  it('reports units short per article, only above 0', () => {
    const cart = [item('1', 'a', 3), item('2', 'a', 2, ['x']), item('3', 'b', 1), item('4', 'c', 2)]
    expect(stockShortfall(cart, { a: 2, b: 1, c: -1, d: 0 })).toEqual({ a: 3, c: 2 })
    expect(stockShortfall(cart, {})).toEqual({})
  })
})

describe('shopStockShortfall', () => {
  it("reports units over the shop's own stock per article, all units of one out of stock, none of an unlimited or unknown one", () => {
    const articles = { a: article({ id: 'a', count: 2 }), b: article({ id: 'b', outOfStock: true }), c: article({ id: 'c', limitStock: false, count: 0 }), d: article({ id: 'd', count: -1 }) }
    const cart = [item('1', 'a', 3), item('2', 'a', 2, ['x']), item('3', 'b', 1), item('4', 'c', 4), item('5', 'd', 1), item('6', 'gone', 9)]
    expect(shopStockShortfall(cart, articles)).toEqual({ a: 3, b: 1, d: 1 })
    expect(shopStockShortfall([item('1', 'a', 2)], articles)).toEqual({})
  })
})

describe('addWithinStock (SPEC §4 count capped by remaining stock)', () => {
  const line = { productId: 'a', count: 3, deviations: [], description: '' }
  it('adds only the units the stock leaves, merging as addToCart does', () => {
    const cart: CartItem[] = [{ ...line, id: 'srv', count: 2 }]
    expect(addWithinStock(cart, line, 'mine', article({ limitStock: true, count: 4 }))).toEqual([{ ...line, id: 'srv', count: 4 }])
    expect(addWithinStock(cart, line, 'mine', article({ limitStock: true, count: 2 }))).toEqual(cart)
  })
  it('adds everything for an unlimited or unknown article', () => {
    expect(addWithinStock([], line, 'mine', article())).toEqual([{ ...line, id: 'mine' }])
    expect(addWithinStock([], line, 'mine', undefined)).toEqual([{ ...line, id: 'mine' }])
  })
})

describe('replaceWithinStock (SPEC §4 count capped by remaining stock, on Update)', () => {
  const line = { productId: 'a', count: 4, deviations: [], description: 'warm' }
  it("caps the edited line at the stock the other lines leave; the line's own units do not count", () => {
    const cart = [item('mine', 'a', 1), item('other', 'a', 2, ['x'])]
    // Stock 5, 2 on the other line: the edited line may hold 3 (not 2, its own 1 is chosen again).
    expect(replaceWithinStock(cart, 'mine', line, article({ count: 5 }))).toEqual([{ ...line, id: 'mine', count: 3 }, cart[1]])
    expect(replaceWithinStock(cart, 'mine', { ...line, count: 2 }, article({ count: 5 }))).toEqual([{ ...line, id: 'mine', count: 2 }, cart[1]])
  })
  it('removes the line when the other lines already use up the stock', () => {
    const cart = [item('mine', 'a', 1), item('other', 'a', 5, ['x'])]
    expect(replaceWithinStock(cart, 'mine', line, article({ count: 5 }))).toEqual([cart[1]])
  })
  it('caps a line merged into its twin, and a line no longer in the cart, at the stock left', () => {
    const cart = [item('mine', 'a', 1), { ...item('twin', 'a', 3), description: 'warm' }]
    expect(replaceWithinStock(cart, 'mine', line, article({ count: 5 }))).toEqual([{ ...cart[1], count: 5 }])
    expect(replaceWithinStock([item('other', 'a', 3)], 'gone', line, article({ count: 5 }))).toEqual([item('other', 'a', 3), { ...line, id: 'gone', count: 2 }])
  })
  it('replaces as replaceLine does for an unlimited or unknown article', () => {
    const cart = [item('mine', 'a', 1)]
    expect(replaceWithinStock(cart, 'mine', { ...line, count: 40 }, article({ limitStock: false }))).toEqual(replaceLine(cart, 'mine', { ...line, count: 40 }))
    expect(replaceWithinStock(cart, 'mine', { ...line, count: 40 }, undefined)).toEqual(replaceLine(cart, 'mine', { ...line, count: 40 }))
  })
  it('never leaves more of the article in the cart than its stock, from any cart within it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.array(fc.nat(4), { maxLength: 4 }), fc.nat(5), fc.integer({ min: -1, max: 12 }), fc.boolean(), (stock, counts, pick, n, dev) => {
        const a = article({ count: stock })
        // A cart within the stock, as the session keeps it.
        const cart = addAll(counts, a)
        const target = cart[pick % Math.max(1, cart.length)]?.id ?? 'gone'
        const next = replaceWithinStock(cart, target, { productId: 'a', count: n, deviations: dev ? ['x'] : [], description: '' }, a)
        expect(quantityInCart(next, 'a')).toBeLessThanOrEqual(stock)
      }),
    )
  })
})

/** A cart of lines (each its own deviation) added within the stock of `a`. */
function addAll(counts: readonly number[], a: Article): CartItem[] {
  return counts.reduce<CartItem[]>((cart, count, i) => addWithinStock(cart, { productId: 'a', count, deviations: [`d${i}`], description: '' }, `l${i}`, a), [])
}

describe('lineCountCap / cappedLineCount (the cart page\'s +/-, SPEC §4, §5)', () => {
  it('lets a line grow into the stock the other lines of its article leave', () => {
    const cart = [item('1', 'a', 2), item('2', 'a', 1, ['x']), item('3', 'b', 4)]
    expect(lineCountCap(article(), cart, cart[0]!)).toBe(4)
    const articles = { a: article(), b: article({ id: 'b' }) }
    expect(cappedLineCount(cart, '1', 9, articles)).toBe(4)
    expect(cappedLineCount(cart, '1', 3, articles)).toBe(3)
  })

  it('keeps a line already above the cap at its count, and always lets it go down', () => {
    const cart = [item('1', 'a', 4), item('2', 'a', 2, ['x'])]
    // Stock fell to 3: the other line uses 2, so the cap alone would be 1.
    expect(lineCountCap(article({ count: 3 }), cart, cart[0]!)).toBe(4)
    const articles = { a: article({ count: 3 }) }
    expect(cappedLineCount(cart, '1', 5, articles)).toBe(4)
    expect(cappedLineCount(cart, '1', 2, articles)).toBe(2)
    expect(cappedLineCount(cart, '1', 0, articles)).toBe(0)
  })

  it('takes no more units of an article the platform marks out of stock, count or none, but lets its line go down', () => {
    const cart = [item('1', 'a', 2)]
    expect(lineCountCap(article({ outOfStock: true, count: null }), cart, cart[0]!)).toBe(2)
    const articles = { a: article({ outOfStock: true, count: null }) }
    expect(cappedLineCount(cart, '1', 3, articles)).toBe(2)
    expect(cappedLineCount(cart, '1', 1, articles)).toBe(1)
  })

  it('does not cap an unlimited or unknown article', () => {
    const cart = [item('1', 'a', 2)]
    expect(lineCountCap(article({ limitStock: false }), cart, cart[0]!)).toBe(Infinity)
    expect(cappedLineCount(cart, '1', 50, {})).toBe(50)
    expect(cappedLineCount(cart, 'gone', 50, { a: article() })).toBe(50)
  })
})

describe('withReportedStock (SPEC §8 OUT_OF_STOCK)', () => {
  it('limits each listed article to the units reported, leaves the rest and skips unknown ids', () => {
    const articles = { bun: article({ id: 'bun', count: 10, limitStock: true }), tea: article({ id: 'tea', count: null, limitStock: false }), pie: article({ id: 'pie', count: 2, limitStock: true }) }
    const next = withReportedStock(articles, { bun: 1, tea: -2, ghost: 4 })
    expect(next.bun).toMatchObject({ count: 1, limitStock: true })
    expect(next.tea).toMatchObject({ count: 0, limitStock: true })
    expect(next.pie).toBe(articles.pie)
    expect(Object.keys(next)).toEqual(['bun', 'tea', 'pie'])
    expect(articles.bun.count).toBe(10)
  })

  it('caps the cart page and the popup by the reported stock', () => {
    const articles = withReportedStock({ bun: article({ id: 'bun', count: 10, limitStock: true }) }, { bun: 3 })
    const cart = [item('l1', 'bun', 4)]
    expect(lineCountCap(articles.bun!, cart, cart[0]!)).toBe(4)
    expect(isOutOfStock(articles.bun!, cart)).toBe(true)
  })
})
