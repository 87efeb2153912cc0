import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { TestProvider } from '@tests/test-provider'
import { fakeAppServices } from '@tests/fakes/app-services.fake'
import { shopData } from '@tests/fixtures/shop'
import { session } from '@tests/fixtures/session'
import { createAppRouter } from '@/router'

describe('/$shopId/cart (SPEC §2 "Cart page")', () => {
  it("shows 'Your info' and the payment section in the same render as the cart, whatever the browser's idle state", async () => {
    const services = fakeAppServices({
      getShop: async () => shopData(),
      getSession: async () => session({ cart: [{ id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }] }),
    })
    const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: ['/cafe/cart'] }) })
    render(
      <TestProvider>
        <RouterProvider router={router} context={{ services }} />
      </TestProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument()
    // The checkout exists as soon as the shop is open: nothing waits for an idle browser.
    expect(screen.getByRole('heading', { name: 'Your info' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Choose payment method' })).toBeInTheDocument()
  })
})
