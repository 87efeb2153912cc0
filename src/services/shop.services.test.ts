import { describe, expect, it, vi } from 'vitest'
import type { PlatformApi } from '@/api/client'
import { flushCart } from './shop.services'

const session = {
  shopId: 'cafe',
  cart: [{ id: 'l1', productId: 'latte', count: 2, deviations: [], description: '' }],
  tabItems: [{ id: 't1', count: 1, title: 'Beer', price: 6900 }],
}

function fakeApi() {
  return { putCart: vi.fn<PlatformApi['putCart']>(() => Promise.resolve()) }
}

describe('flushCart (issue 5: the last edit before the page goes)', () => {
  it('sends the cart once more with keepalive, tab lines as {id, count}', () => {
    const api = fakeApi()
    flushCart(api, session)
    expect(api.putCart).toHaveBeenCalledWith(
      'cafe',
      { cart: [{ id: 'l1', productId: 'latte', count: 2, deviations: [], description: '' }], tabItems: [{ id: 't1', count: 1 }] },
      { keepalive: true },
    )
  })

  it('swallows a failed flush (the page is going away)', async () => {
    const api = fakeApi()
    api.putCart.mockRejectedValueOnce(new Error('offline'))
    expect(() => flushCart(api, session)).not.toThrow()
    await Promise.resolve()
  })
})
