import { describe, expect, it } from 'vitest'
import { receiptTotals } from '@/domain/receipt-totals'
import type { ReceiptProduct } from '@/domain/types'
import { tab } from './fixtures/tab'
import type { DemoShop } from './fixtures/types'
import { newSession, receiptProducts, sessionAmount } from './model'

// The audit's tab line: its own price differs from product.price and it carries a priced deviation.
const shop: DemoShop = {
  ...tab,
  tabs: {
    'tab-h': {
      id: 'tab-h',
      customerReference: 'Ham',
      cart: [
        {
          id: 'h1',
          count: 2,
          price: 12000,
          product: { id: 'toast', title: 'Toast', price: 11000 },
          deviations: [{ id: 'ham', name: 'Ham', price: 1500 }],
          description: '',
        },
      ],
    },
  },
}

describe('tab amounts (SPEC §9 "Item total")', () => {
  it("charges a tab line's own price plus its deviations, and books the receipt to match", () => {
    const session = { ...newSession('k', shop.id), tabId: 'tab-h', tabItems: [{ id: 'h1', count: 2 }] }
    expect(sessionAmount(shop, session)).toBe(2 * (12000 + 1500))
    const products = receiptProducts(shop, session)
    expect(products.map((p) => [p.title, p.count, p.price])).toEqual([['Toast', 2, 12000]])
    expect(receiptTotals({ products: products as ReceiptProduct[] }).total).toBe(2 * (12000 + 1500))
  })
})
