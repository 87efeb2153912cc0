import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { TestProvider } from '@tests/test-provider'
import { fakeAppServices } from '@tests/fakes/app-services.fake'
import { shopData } from '@tests/fixtures/shop'
import { session } from '@tests/fixtures/session'
import { createAppRouter } from '@/router'
import type { CartItem } from '@/domain/types'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'

/** Renders the app's router at /cafe/products/bun with `services`; returns the router. */
async function renderProductPage(services: ReturnType<typeof fakeAppServices>) {
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: ['/cafe/products/bun'] }) })
  await act(async () => {
    render(
      <TestProvider>
        <RouterProvider router={router} context={{ services }} />
      </TestProvider>,
    )
  })
  return router
}

describe('/$shopId/products/$productId (SPEC §2 "Product page", §5 stock)', () => {
  it("follows the session's cart: another tab's buns lower the stock left on the open page", async () => {
    let cart: CartItem[] = []
    const services = fakeAppServices({
      getShop: async () => shopData(),
      getSession: async () => session({ cart }),
      putCart: async () => {},
    })
    await renderProductPage(services)
    expect(await screen.findByRole('heading', { name: 'Cinnamon bun' })).toBeInTheDocument()
    expect(screen.getByText('Only 3 in stock')).toBeInTheDocument()

    // Another tab added 2 of the 3 buns; this tab coming back into view reads the session again.
    cart = [{ id: 'l1', productId: 'bun', count: 2, deviations: [], description: '' }]
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    expect(await screen.findByText('Only 1 in stock')).toBeInTheDocument()
  })
  it('waits with Add while the session holds the cart for a card payment (SPEC §4 Card)', async () => {
    const services = fakeAppServices({ getShop: async () => shopData(), getSession: async () => session(), putCart: async () => {} })
    const router = await renderProductPage(services)
    expect(await screen.findByRole('heading', { name: 'Cinnamon bun' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled()
    // The shop layout's gate, as the route context gives it to the page.
    const gate = router.state.matches.find((match) => match.routeId === '/$shopId')?.context.shop
    if (!gate) throw new Error('no shop gate')
    act(() => sessionOf(gate.getSnapshot())?.send({ type: 'cart.hold' }))
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
    expect(screen.getByText('Your card payment is being completed. You can change your order once it is done.')).toBeInTheDocument()
  })
})
