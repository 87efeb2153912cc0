import { describe, expect, it, vi } from 'vitest'
import type { PlatformApi } from '@/api/client'
import type { SessionActor } from '@machines/session/session.machine'
import type { CardGateway } from './card-gateway'
import type { CustomerMemory } from './customer-memory'
import { createShopServices } from './shop.services'

/** A session actor stand-in: only what flushCart reads (a snapshot with tags and context). */
function sessionWith(tags: string[]): SessionActor {
  const snapshot = {
    hasTag: (tag: string) => tags.includes(tag),
    context: {
      shopId: 'cafe',
      cart: [{ id: 'l1', productId: 'latte', count: 2, deviations: [], description: '' }],
      tabItems: [{ id: 't1', count: 1, title: 'Beer', price: 6900 }],
    },
  }
  return { getSnapshot: () => snapshot } as unknown as SessionActor
}

function setup() {
  const putCart = vi.fn<PlatformApi['putCart']>(() => Promise.resolve())
  const api = { putCart } as unknown as PlatformApi
  const services = createShopServices(api, { navigateTo: vi.fn(), origin: 'https://shop.test' }, {} as CardGateway, {} as CustomerMemory)
  return { services, putCart }
}

describe('flushCart (issue 5: the last edit before the page goes)', () => {
  it('sends a cart the server may not have yet once more with keepalive', () => {
    const { services, putCart } = setup()
    expect(services.flushCart(sessionWith(['syncing']))).toBe(true)
    expect(putCart).toHaveBeenCalledWith(
      'cafe',
      { cart: [{ id: 'l1', productId: 'latte', count: 2, deviations: [], description: '' }], tabItems: [{ id: 't1', count: 1 }] },
      { keepalive: true },
    )
  })

  it('sends nothing when the server already holds the cart', () => {
    const { services, putCart } = setup()
    expect(services.flushCart(sessionWith([]))).toBe(false)
    expect(putCart).not.toHaveBeenCalled()
  })

  it('swallows a failed flush (the page is going away)', async () => {
    const { services, putCart } = setup()
    putCart.mockRejectedValueOnce(new Error('offline'))
    expect(services.flushCart(sessionWith(['syncing', 'offline']))).toBe(true)
    await Promise.resolve()
  })
})
