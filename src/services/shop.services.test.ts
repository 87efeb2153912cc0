import { describe, expect, it, vi } from 'vitest'
import type { PlatformApi } from '@/api/client'
import { fakeAppServices } from '@tests/fakes/app-services.fake'
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

describe('shop gates: one per shop id (the /$shopId route starts and releases them)', () => {
  const navigation = { openReceipt: vi.fn() }
  const request = (shopId: string) => ({ shopId, table: null, tabId: null })

  it('gives the same running gate for the same shop id, and stops it on release', () => {
    const services = fakeAppServices()
    const cafe = services.shop.gateFor(request('cafe'), navigation)
    expect(services.shop.gateFor(request('cafe'), navigation)).toBe(cafe)
    expect(cafe.getSnapshot().status).toBe('active')
    services.shop.release('cafe')
    expect(cafe.getSnapshot().status).toBe('stopped')
    expect(services.shop.gateFor(request('cafe'), navigation)).not.toBe(cafe)
  })

  it('keeps only the gate of the shop the customer is in', () => {
    const services = fakeAppServices()
    const cafe = services.shop.gateFor(request('cafe'), navigation)
    const bar = services.shop.gateFor(request('bar'), navigation)
    services.shop.keepOnly('bar')
    expect(cafe.getSnapshot().status).toBe('stopped')
    expect(bar.getSnapshot().status).toBe('active')
  })
})
