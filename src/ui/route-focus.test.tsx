import { afterEach, describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { focusHeadingOnPageChange, pageHeading, pageHeadingProps } from './route-focus'

/**
 * A small app shaped like the shop: a header h1 on every page, a menu whose popup opens through
 * `?product=`, and a cart page with its own heading. The buttons navigate as the customer would.
 */
function renderApp(initial = '/') {
  const root = createRootRoute({
    component: () => (
      <>
        <header>
          <h1>Cafe</h1>
          <button type="button" onClick={() => void router.navigate({ href: '/cart' })}>
            Cart
          </button>
          <input aria-label="Search" />
        </header>
        <main>
          <Outlet />
        </main>
      </>
    ),
  })
  const menu = createRoute({
    getParentRoute: () => root,
    path: '/',
    validateSearch: (search: Record<string, unknown>) => ({ product: typeof search['product'] === 'string' ? search['product'] : undefined }),
    component: () => (
      <>
        <h2>Coffee</h2>
        <button type="button" onClick={() => void router.navigate({ href: '/?product=latte' })}>
          Latte
        </button>
        <button type="button" onClick={() => void router.navigate({ href: '/cart', replace: true })}>
          Redirect
        </button>
      </>
    ),
  })
  const cart = createRoute({
    getParentRoute: () => root,
    path: '/cart',
    component: () => (
      <>
        <h2>Your tab</h2>
        <h2 {...pageHeadingProps}>Your cart</h2>
        <button type="button" onClick={() => void router.navigate({ href: '/' })}>
          Back to the menu
        </button>
      </>
    ),
  })
  const router = createRouter({ routeTree: root.addChildren([menu, cart]), history: createMemoryHistory({ initialEntries: [initial] }) })
  const stop = focusHeadingOnPageChange(router)
  render(<RouterProvider router={router} />)
  return { router, stop }
}

/** Lets the router finish the navigation and report it rendered. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

const heading = (name: string) => screen.getByRole('heading', { name })

afterEach(() => {
  ;(document.activeElement as HTMLElement | null)?.blur()
})

describe('focusHeadingOnPageChange (SPEC §2, WCAG 2.4.3)', () => {
  it('takes no focus on the first load', async () => {
    renderApp('/cart')
    await screen.findByRole('heading', { name: 'Your cart' })
    await settle()
    expect(document.activeElement).toBe(document.body)
  })

  it("focuses the new page's own heading after the customer's page change, not the first heading", async () => {
    const user = userEvent.setup()
    renderApp()
    await user.click(await screen.findByRole('button', { name: 'Cart' }))
    await screen.findByRole('heading', { name: 'Your cart' })
    await settle()
    expect(heading('Your cart')).toHaveFocus()
  })

  it("focuses the h1, made focusable by script only, on a page without a heading of its own; Back counts", async () => {
    const user = userEvent.setup()
    const { router } = renderApp()
    await user.click(await screen.findByRole('button', { name: 'Cart' }))
    await user.click(await screen.findByRole('button', { name: 'Back to the menu' }))
    await screen.findByRole('heading', { name: 'Coffee' })
    await settle()
    expect(heading('Cafe')).toHaveFocus()
    expect(heading('Cafe')).toHaveAttribute('tabindex', '-1')

    act(() => router.history.back())
    await screen.findByRole('heading', { name: 'Your cart' })
    await settle()
    expect(heading('Your cart')).toHaveFocus()
  })

  it('leaves focus alone when only the query changes (the popup owns focus then)', async () => {
    const user = userEvent.setup()
    const { router } = renderApp()
    const latte = await screen.findByRole('button', { name: 'Latte' })
    await user.click(latte)
    await settle()
    expect(router.state.location.search).toEqual({ product: 'latte' })
    expect(latte).toHaveFocus()
  })

  it('leaves focus alone for a replaced entry (a redirect)', async () => {
    const user = userEvent.setup()
    renderApp()
    const redirect = await screen.findByRole('button', { name: 'Redirect' })
    await user.click(redirect)
    await screen.findByRole('heading', { name: 'Your cart' })
    await settle()
    expect(document.activeElement).toBe(document.body)
  })

  it('leaves focus where the customer moved it while the page changed', async () => {
    const { router } = renderApp()
    const search = await screen.findByRole('textbox', { name: 'Search' })
    const cartButton = screen.getByRole('button', { name: 'Cart' })
    cartButton.focus()
    act(() => {
      void router.navigate({ href: '/cart' })
      // Tab before the new page rendered: focus is on the header's next control.
      search.focus()
    })
    await screen.findByRole('heading', { name: 'Your cart' })
    await settle()
    expect(search).toHaveFocus()
  })

  it('stops when unsubscribed', async () => {
    const user = userEvent.setup()
    const { stop } = renderApp()
    stop()
    await user.click(await screen.findByRole('button', { name: 'Cart' }))
    await screen.findByRole('heading', { name: 'Your cart' })
    await settle()
    expect(heading('Your cart')).not.toHaveFocus()
  })
})

describe('pageHeading', () => {
  function page(html: string) {
    document.body.innerHTML = html
  }
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it("prefers the page's marked heading in <main>, then an h1 in <main>, then the document's h1", () => {
    page('<header><h1>Cafe</h1></header><main><h2>Tab</h2><h1>Thank you</h1><h2 data-page-heading tabindex="-1">Your cart</h2></main>')
    expect(pageHeading()?.textContent).toBe('Your cart')
    page('<header><h1>Cafe</h1></header><main><h2>Coffee</h2><h1>Thank you</h1></main>')
    expect(pageHeading()?.textContent).toBe('Thank you')
    page('<header><h1>Cafe</h1></header><main><h2>Coffee</h2></main>')
    expect(pageHeading()?.textContent).toBe('Cafe')
    page('<main><p>Nothing</p></main>')
    expect(pageHeading()).toBeNull()
  })

  it('makes an h1 focusable by script only, and keeps a tabindex the page set', () => {
    page('<h1>Cafe</h1>')
    const h1 = pageHeading()
    expect(h1?.getAttribute('tabindex')).toBe('-1')
    h1?.focus()
    expect(h1).toHaveFocus()
    page('<main><h1 tabindex="0">Receipt</h1></main>')
    expect(pageHeading()?.getAttribute('tabindex')).toBe('0')
  })
})
