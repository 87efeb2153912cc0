import { describe, expect, it, vi } from 'vitest'
import type { PlatformApi } from '@/api/client'
import { fakeAppServices } from '@tests/fakes/app-services.fake'
import { waitFor } from 'xstate'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { session as sessionAnswer } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
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

describe("this browser's other windows (SPEC §4 Cart: the PUT sends the whole cart)", () => {
  const navigation = { openReceipt: vi.fn() }

  it('announces a cart the platform took, and reads the session again when another window announces one', async () => {
    const cart = [{ id: 'l1', productId: 'latte', count: 1, deviations: [], description: '' }]
    const getSession = vi.fn<PlatformApi['getSession']>(() => Promise.resolve(sessionAnswer({ cart })))
    const putCart = vi.fn<PlatformApi['putCart']>(() => Promise.resolve())
    const services = fakeAppServices({ getSession, putCart, getShop: () => Promise.resolve(shopData()) })
    const gate = services.shop.gateFor({ shopId: 'cafe', table: null, tabId: null }, navigation)
    const session = await waitFor(gate, (s) => sessionOf(s)?.getSnapshot().matches('ready') ?? false).then(sessionOf)
    expect(getSession).toHaveBeenCalledTimes(1)

    const key = 'storefront.cartPushed.cafe'
    localStorage.removeItem(key)
    session?.send({ type: 'cart.add', line: { productId: 'latte', count: 1, deviations: [], description: '' } })
    await vi.waitFor(() => expect(localStorage.getItem(key)).not.toBeNull())
    expect(putCart).toHaveBeenCalledTimes(1)

    // Another shop's announcement is not this one's; this shop's is.
    window.dispatchEvent(new StorageEvent('storage', { key: 'storefront.cartPushed.bar', newValue: '1' }))
    expect(getSession).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: '2' }))
    expect(getSession).toHaveBeenCalledTimes(2)

    services.shop.release('cafe')
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: '3' }))
    expect(getSession).toHaveBeenCalledTimes(2)
  })
})
