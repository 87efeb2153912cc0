import { describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { waitFor as waitForActor } from 'xstate'
import type { ActiveTab } from '@/domain/types'
import { session } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import { cartSummaryOf, type CartSummary } from './cart-summary'
import { MobileCartBarView, ShopMobileCartBar } from './mobile-cart-bar.view'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { renderInShop, settledShop } from './shop-view.samples'

const plain = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ')

const tab: ActiveTab = {
  id: 'tab-1',
  customerReference: 'Anna, table 4',
  cart: [
    { id: 't1', count: 2, price: 5000, product: { id: 'beer', title: 'Beer', price: 5000 }, deviations: [], description: '' },
    // A tab line's price excludes its deviations (SPEC §9): unit 3000 + 500 dip = 35,00.
    { id: 't2', count: 1, price: 3000, product: { id: 'chips', title: 'Chips', price: 3000 }, deviations: [{ id: null, name: 'Dip', price: 500 }], description: '' },
  ],
}

function summary(overrides: Partial<CartSummary>): CartSummary {
  return { count: 0, total: 0, tabCount: 0, tabTotal: 0, currency: 'SEK', ...overrides }
}

describe('MobileCartBarView (SPEC §2 mobile bar)', () => {
  it('links To cart with total and count when the cart has items', async () => {
    await renderInShop(<MobileCartBarView shopId="cafe" summary={summary({ count: 3, total: 13500, tabCount: 2 })} onPayTab={() => {}} />)
    const link = await screen.findByRole('link', { name: /^To cart/ })
    expect(link).toHaveAttribute('href', '/cafe/cart')
    expect(plain(link)).toBe('To cart, 135,00 kr, 3 items')
    expect(screen.queryByRole('button', { name: /Pay tab/ })).toBeNull()
  })

  it('offers Pay tab with the tab total and count when the cart is empty but a tab is open', async () => {
    const user = userEvent.setup()
    const onPayTab = vi.fn()
    await renderInShop(<MobileCartBarView shopId="cafe" summary={summary({ tabCount: 3, tabTotal: 13500, currency: 'EUR' })} onPayTab={onPayTab} />)
    const button = await screen.findByRole('button', { name: /^Pay tab/ })
    expect(plain(button)).toBe('Pay tab, 135,00 €, 3 items')
    expect(screen.queryByRole('link', { name: /To cart/ })).toBeNull()
    await user.click(button)
    expect(onPayTab).toHaveBeenCalledTimes(1)
  })

  it('links To cart with 0 and 0 when there is nothing to pay', async () => {
    await renderInShop(<MobileCartBarView shopId="cafe" summary={summary({})} onPayTab={() => {}} />)
    expect(plain(await screen.findByRole('link', { name: /^To cart/ }))).toBe('To cart, 0,00 kr, 0 items')
  })

  it('follows the live session: Pay tab until a cart change, then To cart', async () => {
    const actor = await settledShop({ fetchSession: async () => session({ activeTab: tab }) })
    await renderInShop(<ShopMobileCartBar shop={actor} onPayTab={() => {}} />)
    expect(plain(await screen.findByRole('button', { name: /^Pay tab/ }))).toBe('Pay tab, 135,00 kr, 3 items')
    const sessionRef = sessionOf(actor.getSnapshot())
    if (!sessionRef) throw new Error('no session')
    await act(async () => {
      sessionRef.send({ type: 'cart.add', line: { productId: 'bun', count: 2, deviations: [], description: '' } })
      await waitForActor(sessionRef, (s) => s.context.cart.length === 1)
    })
    expect(plain(screen.getByRole('link', { name: /^To cart/ }))).toBe('To cart, 60,00 kr, 2 items')
  })
})

describe('cartSummaryOf', () => {
  it('counts and prices the cart with deviations, and the tab lines not chosen yet', () => {
    const data = shopData()
    const result = cartSummaryOf(
      {
        cart: [
          { id: 'a', productId: 'cappuccino', count: 2, deviations: ['oat', 'shot'], description: '' },
          { id: 'b', productId: 'gone', count: 1, deviations: [], description: '' },
        ],
        tabItems: [{ id: 't1', count: 1 }],
        activeTab: tab,
      },
      data,
    )
    // (4500 + 500 + 800) × 2 + 0 (unknown product) + one beer 5000 from the tab.
    expect(result).toEqual({ count: 4, total: 16600, tabCount: 2, tabTotal: 8500, currency: 'SEK' })
  })

  it('ignores tab refs without an open tab and defaults to SEK before the shop loads', () => {
    expect(cartSummaryOf({ cart: [], tabItems: [{ id: 't1', count: 2 }], activeTab: null }, null)).toEqual({
      count: 0,
      total: 0,
      tabCount: 0,
      tabTotal: 0,
      currency: 'SEK',
    })
  })

  it('caps chosen tab units at the line count', () => {
    const result = cartSummaryOf({ cart: [], tabItems: [{ id: 't2', count: 5 }], activeTab: tab }, null)
    expect(result.count).toBe(1)
    expect(result.total).toBe(3500)
    expect(result.tabCount).toBe(2)
  })
})
