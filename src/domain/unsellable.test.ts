import { describe, expect, it } from 'vitest'
import { shopData } from '@tests/fixtures/shop'
import { hasUnsellableLine } from './unsellable'

describe('hasUnsellableLine', () => {
  const shop = shopData()
  const line = { id: 'l1', productId: 'cappuccino', count: 1, deviations: ['whole'], description: '' }

  it('is false for lines the shop sells, with add-ons it has', () => {
    expect(hasUnsellableLine([], shop)).toBe(false)
    expect(hasUnsellableLine([line, { ...line, id: 'l2', productId: 'bun', deviations: [] }], shop)).toBe(false)
  })

  it('is true for a line of an article or with an add-on the shop no longer has, own keys only', () => {
    expect(hasUnsellableLine([line, { ...line, id: 'l2', productId: 'gone', deviations: [] }], shop)).toBe(true)
    expect(hasUnsellableLine([{ ...line, deviations: ['whole', 'gone'] }], shop)).toBe(true)
    expect(hasUnsellableLine([{ ...line, productId: 'constructor', deviations: [] }], shop)).toBe(true)
  })
})
