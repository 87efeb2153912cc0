import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  cartItemTotal,
  cartUnits,
  cartTotal,
  deviationsTotal,
  orderTotal,
  tabItemsTotal,
  tabLineTotal,
  unitPrice,
} from './totals'
import type { ActiveTab, Article, CartItem, Deviation, TabLine } from './types'

const article = (id: string, price: number): Article => ({
  id,
  title: id,
  description: null,
  price,
  image: null,
  tags: [],
  category: null,
  deviationGroupIds: [],
  count: null,
  limitStock: false,
  outOfStock: false,
})
const deviations: Record<string, Deviation> = {
  cheese: { id: 'cheese', name: 'Cheese', price: 1000 },
  bacon: { id: 'bacon', name: 'Bacon', price: 1500 },
  free: { id: 'free', name: 'No onion', price: 0 },
}
const shop = { articles: { burger: article('burger', 8900), soda: article('soda', 2500) }, deviations }


const tabLine = (id: string, count: number, price: number, devPrices: number[] = []): TabLine => ({
  id,
  count,
  price,
  product: { id: `prod-${id}`, title: id, price },
  deviations: devPrices.map((p, i) => ({ id: `d${i}`, name: `d${i}`, price: p })),
  description: '',
})

describe('cart totals', () => {
  it('adds deviation prices to the unit price; repeats count; unknown ids count 0', () => {
    expect(deviationsTotal(['cheese', 'cheese', 'bacon', 'gone'], deviations)).toBe(3500)
    expect(unitPrice(shop.articles.burger, ['cheese', 'free'], deviations)).toBe(9900)
  })

  it('multiplies by count and skips unknown products', () => {
    const item: CartItem = { id: '1', productId: 'burger', count: 3, deviations: ['bacon'], description: '' }
    expect(cartItemTotal(item, shop)).toBe(3 * (8900 + 1500))
    expect(cartItemTotal({ ...item, productId: 'nope' }, shop)).toBe(0)
    const cart: CartItem[] = [item, { id: '2', productId: 'soda', count: 2, deviations: [], description: '' }]
    expect(cartTotal(cart, shop)).toBe(3 * 10400 + 2 * 2500)
    expect(cartUnits(cart, [])).toBe(5)
    expect(cartUnits(cart, [{ id: 't1', count: 2 }])).toBe(7)
    expect(cartTotal([], shop)).toBe(0)
  })

  const cartArb = fc.array(
    fc.record({
      id: fc.uuid(),
      productId: fc.constantFrom('burger', 'soda', 'unknown'),
      count: fc.integer({ min: 1, max: 50 }),
      deviations: fc.array(fc.constantFrom('cheese', 'bacon', 'free', 'gone'), { maxLength: 5 }),
      description: fc.string({ maxLength: 5 }),
    }),
    { maxLength: 8 },
  )

  it('is additive over concatenation and non-negative', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (a, b) => {
        expect(cartTotal([...a, ...b], shop)).toBe(cartTotal(a, shop) + cartTotal(b, shop))
        expect(cartUnits([...a, ...b], [])).toBe(cartUnits(a, []) + cartUnits(b, []))
        expect(cartTotal(a, shop)).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe('tab totals', () => {
  const tab: ActiveTab = {
    id: 'tab1',
    customerReference: 'Table 4',
    // Line price excludes the deviations (SPEC §9): unit 5000 + 500 + 200 = 5700.
    cart: [tabLine('a', 3, 5000, [500, 200]), tabLine('b', 1, 2000)],
  }

  it('prices a line as (price + deviation prices) × count (SPEC §9)', () => {
    expect(tabLineTotal(tab.cart[0]!)).toBe(3 * 5700)
    expect(tabLineTotal(tab.cart[0]!, 1)).toBe(5700)
    expect(tabLineTotal(tab.cart[0]!, 0)).toBe(0)
    expect(tabLineTotal(tab.cart[1]!)).toBe(2000)
  })

  it("adds the deviations to the line's own price, not to product.price", () => {
    // The audit's line: price 120,00, product price 110,00, Ham + 15,00 → 135,00 per unit.
    const ham: TabLine = {
      id: 'h',
      count: 1,
      price: 12000,
      product: { id: 'toast', title: 'Toast', price: 11000 },
      deviations: [{ id: null, name: 'Ham', price: 1500 }],
      description: '',
    }
    expect(tabLineTotal(ham)).toBe(13500)
    expect(tabLineTotal({ ...ham, count: 2 })).toBe(27000)
    expect(tabItemsTotal({ id: 't', customerReference: '', cart: [ham] }, [{ id: 'h', count: 1 }])).toBe(13500)
  })

  it('totals chosen tab items, capped at the line count, ignoring unknown lines', () => {
    expect(tabItemsTotal(tab, [{ id: 'a', count: 2 }])).toBe(2 * 5700)
    expect(tabItemsTotal(tab, [{ id: 'a', count: 9 }, { id: 'b', count: 1 }, { id: 'zz', count: 4 }])).toBe(
      3 * 5700 + 2000,
    )
    expect(tabItemsTotal(tab, [])).toBe(0)
  })

  it('totals an order: cart lines plus the chosen tab units, none without an open tab', () => {
    const cart: CartItem[] = [{ id: '1', productId: 'soda', count: 2, deviations: [], description: '' }]
    expect(orderTotal(cart, [{ id: 'a', count: 9 }], tab, shop)).toBe(2 * 2500 + 3 * 5700)
    expect(orderTotal(cart, [{ id: 'a', count: 1 }], null, shop)).toBe(2 * 2500)
    expect(orderTotal([], [], tab, shop)).toBe(0)
  })
})

describe("ids like 'toString' (own keys only)", () => {
  it('price a line of such an article or add-on as unknown: 0, never NaN', () => {
    const shop = { articles: {}, deviations: {} }
    const line = { id: 'l1', productId: 'toString', count: 2, deviations: ['constructor', '__proto__'], description: '' }
    expect(cartItemTotal(line, shop)).toBe(0)
    expect(deviationsTotal(['valueOf', 'hasOwnProperty'], {})).toBe(0)
    expect(cartTotal([line], shop)).toBe(0)
  })
})
