import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { receiptLineTotal, receiptTotals, vatOfGross, vatRows } from './receipt-totals'
import type { ReceiptProduct } from './types'

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

  it('sums a receipt: total, VAT per rate, net', () => {
    const t = receiptTotals({
      products: [product({ price: 12500, tax: 25 }), product({ price: 5600, count: 2, tax: 12 })],
    })
    expect(t).toEqual({ total: 12500 + 11200, totalTax: 2500 + 1200, netTotal: 10000 + 10000 })
  })

  it("takes each rate's VAT from the rate's sum, rounded once, so it is the VAT of what was paid (SPEC §9)", () => {
    // 60 lines of 3,33 kr at 25 %: 66,6 öre each. Rounded per line it would be 60 × 67 = 4020.
    const sixty = { products: Array.from({ length: 60 }, () => product({ price: 333, tax: 25 })) }
    expect(receiptTotals(sixty)).toEqual({ total: 19980, totalTax: 3996, netTotal: 15984 })
    // Four dishes at 39,90 kr and 12 %: 15 960 × 12/112 = 1710 (per line: 4 × 428 = 1712).
    const four = { products: Array.from({ length: 4 }, () => product({ price: 3990, tax: 12 })) }
    expect(receiptTotals(four).totalTax).toBe(1710)
    expect(vatRows(four)).toEqual([{ rate: 12, amount: 1710 }])
  })

  it('splits VAT by rate, lowest first, the rows adding up to the total VAT', () => {
    const receipt = { products: [product({ price: 12500, tax: 25 }), product({ price: 5600, count: 2, tax: 12 }), product({ price: 1060, tax: 6 })] }
    expect(vatRows(receipt)).toEqual([
      { rate: 6, amount: 60 },
      { rate: 12, amount: 1200 },
      { rate: 25, amount: 2500 },
    ])
    expect(receiptTotals(receipt).totalTax).toBe(3760)
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
