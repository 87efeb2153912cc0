import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  cartItemTotal,
  cartUnits,
  cartTotal,
  deviationsTotal,
  orderTotal,
  receiptLineTotal,
  receiptTotals,
  tabItemsTotal,
  tabLineTotal,
  unitPrice,
  vatOfGross,
} from './totals'
import type { ActiveTab, Article, CartItem, Deviation, ReceiptProduct, TabLine } from './types'

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

const product = (p: Partial<ReceiptProduct> = {}): ReceiptProduct => ({
  id: 'p',
  title: 'P',
  count: 1,
  price: 10000,
  description: null,
  deviations: [],
  sizeOfItem: 1,
  discount: null,
  tax: 25,
  ...p,
})

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

describe('receipt totals', () => {
  it('computes (price + deviations × count) × count × sizeOfItem', () => {
    const p = product({
      price: 5000,
      count: 2,
      sizeOfItem: 1.5,
      deviations: [{ id: 'd', name: 'Extra', count: 2, price: 500 }],
    })
    expect(receiptLineTotal(p)).toBe((5000 + 1000) * 2 * 1.5)
  })

  it('applies percentage and amount discounts, never below 0', () => {
    expect(receiptLineTotal(product({ discount: { type: 'PERCENTAGE', amount: 10 } }))).toBe(9000)
    expect(receiptLineTotal(product({ price: 999, discount: { type: 'PERCENTAGE', amount: 50 } }))).toBe(500)
    expect(receiptLineTotal(product({ discount: { type: 'AMOUNT', amount: 2500 } }))).toBe(7500)
    expect(receiptLineTotal(product({ discount: { type: 'AMOUNT', amount: 20000 } }))).toBe(0)
  })

  it('takes a discount off the whole line once, after count and sizeOfItem (SPEC §9 "then discount")', () => {
    const line = { price: 5000, count: 3, deviations: [{ id: 'd', name: 'Extra', count: 1, price: 500 }] }
    // (5000 + 500) × 3 = 16500, less 1000 once: not per unit, not before the count.
    expect(receiptLineTotal(product({ ...line, discount: { type: 'AMOUNT', amount: 1000 } }))).toBe(15500)
    expect(receiptLineTotal(product({ ...line, sizeOfItem: 1.5, discount: { type: 'AMOUNT', amount: 1000 } }))).toBe(23750)
    expect(receiptLineTotal(product({ ...line, sizeOfItem: 1.5, discount: { type: 'PERCENTAGE', amount: 10 } }))).toBe(22275)
  })

  it('rounds weighed items to whole minor units', () => {
    expect(receiptLineTotal(product({ price: 1999, sizeOfItem: 0.333 }))).toBe(666)
  })

  it('extracts VAT included in the price (SPEC §9)', () => {
    expect(vatOfGross(12500, 25)).toBe(2500)
    expect(vatOfGross(11200, 12)).toBe(1200)
    expect(vatOfGross(10600, 6)).toBe(600)
    expect(vatOfGross(12550, 25.5)).toBe(2550)
    expect(vatOfGross(10000, 0)).toBe(0)
  })

  it('sums a receipt: total, VAT per line, net', () => {
    const t = receiptTotals({
      products: [product({ price: 12500, tax: 25 }), product({ price: 5600, count: 2, tax: 12 })],
    })
    expect(t).toEqual({ total: 12500 + 11200, totalTax: 2500 + 1200, netTotal: 10000 + 10000 })
  })

  it('VAT + net = gross and 0 ≤ VAT ≤ gross for any line', () => {
    const productArb = fc.record({
      id: fc.constant(null),
      title: fc.constant('x'),
      count: fc.integer({ min: 0, max: 100 }),
      price: fc.integer({ min: 0, max: 1_000_000 }),
      description: fc.constant(null),
      deviations: fc.array(
        fc.record({
          id: fc.constant(null),
          name: fc.constant('d'),
          count: fc.integer({ min: 1, max: 5 }),
          price: fc.integer({ min: 0, max: 10_000 }),
        }),
        { maxLength: 3 },
      ),
      sizeOfItem: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 10, noNaN: true })),
      discount: fc.oneof(
        fc.constant(null),
        fc.record({ type: fc.constant('PERCENTAGE' as const), amount: fc.integer({ min: 0, max: 100 }) }),
        fc.record({ type: fc.constant('AMOUNT' as const), amount: fc.integer({ min: 0, max: 1_000_000 }) }),
      ),
      tax: fc.constantFrom(0, 6, 10, 12, 14, 24, 25, 25.5),
    })
    fc.assert(
      fc.property(fc.array(productArb, { maxLength: 6 }), (products) => {
        const { total, totalTax, netTotal } = receiptTotals({ products })
        expect(totalTax + netTotal).toBe(total)
        expect(totalTax).toBeGreaterThanOrEqual(0)
        expect(totalTax).toBeLessThanOrEqual(total)
        expect(total).toBe(products.reduce((s, p) => s + receiptLineTotal(p), 0))
        for (const p of products) {
          const line = receiptLineTotal(p)
          expect(Number.isInteger(line)).toBe(true)
          expect(line).toBeGreaterThanOrEqual(0)
        }
      }),
    )
  })

  it('vatOfGross stays within [0, gross]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.double({ min: 0, max: 100, noNaN: true }), (gross, tax) => {
        const vat = vatOfGross(gross, tax)
        expect(vat).toBeGreaterThanOrEqual(0)
        expect(vat).toBeLessThanOrEqual(gross)
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
