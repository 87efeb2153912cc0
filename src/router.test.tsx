import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { TestProvider } from '@tests/test-provider'
import { fakeAppServices } from '@tests/fakes/app-services.fake'
import { shopData } from '@tests/fixtures/shop'
import { session } from '@tests/fixtures/session'
import { ApiError } from '@/api/errors'
import { receipt } from '@tests/fixtures/receipt'
import { createAppRouter } from './router'

/** Renders the app at `path` with the given fake services; returns the router. */
function renderAt(path: string, services = fakeAppServices()) {
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <TestProvider>
      <RouterProvider router={router} context={{ services }} />
    </TestProvider>,
  )
  return router
}

afterEach(() => {
  window.localStorage.clear()
  document.documentElement.lang = 'en'
})

describe('app router', () => {
  it('renders the not-found page for an unknown nested path', async () => {
    renderAt('/no/such/page/here')
    expect(await screen.findByRole('heading', { name: 'Page not found!' })).toBeInTheDocument()
  })

  it('renders the not-found page at / with the language switcher (SPEC §2)', async () => {
    renderAt('/')
    expect(await screen.findByRole('heading', { name: 'Page not found!' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
  })

  it('switches language from ?lang= (se is Swedish) and ignores unknown values', async () => {
    const router = renderAt('/?lang=se&table=4')
    await waitFor(() => expect(document.documentElement.lang).toBe('sv'))
    expect(await screen.findByRole('heading', { name: 'Sidan hittades inte!' })).toBeInTheDocument()
    // Applied and remembered, `lang` leaves the URL (a reload must not override the switcher);
    // other query parameters survive root validation for child routes, as text (src/search-params.ts).
    await waitFor(() => expect(router.state.location.search).toEqual({ table: '4' }))
    await router.navigate({ href: '/?lang=fi' })
    await waitFor(() => expect(document.documentElement.lang).toBe('fi'))
    await router.navigate({ href: '/' })
    expect(i18n.locale).toBe('fi')
  })
})

describe('the receipt route (SPEC §2 "Receipt page", §8)', () => {
  function renderReceipt(getReceipt: () => Promise<never>, shop = shopData()) {
    const services = fakeAppServices({ getShop: async () => shop, getSession: async () => session(), getReceipt })
    renderAt('/cafe/receipt/r-missing', services)
  }

  it('shows a 404 as "We could not find this receipt" without logging an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      renderReceipt(() => Promise.reject(new ApiError({ kind: 'notFound', status: 404 })))
      expect(await screen.findByRole('heading', { name: 'We could not find this receipt' })).toBeInTheDocument()
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })

  it("tells the receipt's time in the shop's zone, not the browser's (a Swedish shop: Stockholm)", async () => {
    // 12:00 UTC is 13:00 in Stockholm in January (this test runs in the browser's zone, UTC in CI).
    const paid = receipt({ dateCreated: Date.UTC(2026, 0, 15, 12) })
    renderReceipt(async () => paid as never)
    expect(await screen.findByText(/2026-01-15 13:00/)).toBeInTheDocument()
  })

  it("shows the receipt in the shop's currency, with Download opening this receipt's download in a new window (SPEC §2, §7)", async () => {
    const finnish = shopData()
    renderReceipt(async () => receipt() as never, { ...finnish, company: { ...finnish.company, country: 'FI', currency: 'EUR' } })
    const download = await screen.findByRole('link', { name: 'Download' })
    expect(download).toHaveAttribute('href', '/api/v2/webshop/cafe/receipt/r-missing/download')
    expect(download).toHaveAttribute('target', '_blank')
    const text = document.body.textContent ?? ''
    expect(text).toMatch(/\d,\d\d\s€/)
    expect(text).not.toMatch(/\d\skr/)
  })

  it('shows any other failure as the error page', async () => {
    // React and the router report what an error boundary catches: an unexpected failure may be logged.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      renderReceipt(() => Promise.reject(new ApiError({ kind: 'server', status: 500 })))
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
      expect(screen.queryByRole('heading', { name: 'We could not find this receipt' })).toBeNull()
    } finally {
      logged.mockRestore()
      warned.mockRestore()
    }
  })
})

describe('the shop route and the platform', () => {
  it('asks for the shop once, and for the session with the table and tab exactly as the URL writes them', async () => {
    // The boot script guesses this query from the URL (src/boot/menu-path.ts) to start the
    // same GET early: the route must send the text as written, never read as a number.
    const getShop = vi.fn(() => Promise.resolve(shopData()))
    const getSession = vi.fn(() => Promise.resolve(session()))
    const services = fakeAppServices({ getShop, getSession })
    renderAt('/cafe?table=1.50&tabId=007', services)
    expect(await screen.findByRole('heading', { name: 'Coffee' })).toBeInTheDocument()
    expect(getShop).toHaveBeenCalledExactlyOnceWith('cafe')
    expect(getSession).toHaveBeenCalledExactlyOnceWith('cafe', { table: '1.50', tabId: '007' })
  })

  it('leaves a menu with no categories for the cart only when a tab is open (SPEC §2 "Menu page")', async () => {
    const emptyMenu = async () => shopData({ categories: [] })
    const openTab = { id: 'tab-1', customerReference: 'Anna, table 4', cart: [] }
    for (const [activeTab, path] of [[openTab, '/cafe/cart'], [null, '/cafe']] as const) {
      const services = fakeAppServices({ getShop: emptyMenu, getSession: async () => session({ activeTab }) })
      const router = renderAt('/cafe', services)
      // The shop's title shows once the gate is open, which is when the menu route decides.
      await screen.findByRole('heading', { level: 1 })
      await waitFor(() => expect(router.state.location.pathname, `activeTab ${activeTab?.id ?? null}`).toBe(path))
      // And stays there: the menu without a tab is not sent on later either.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(router.state.location.pathname).toBe(path)
      cleanup()
    }
  })

  it('keeps ?table= and ?tabId= on every link and navigation inside the shop (SPEC §2)', async () => {
    const services = fakeAppServices({ getShop: async () => shopData({ shop: { ...shopData().shop, displayType: 'LARGE_IMAGE' } }), getSession: async () => session() })
    const router = renderAt('/cafe/cart?table=4&tabId=007', services)
    const shopLinks = () =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="/cafe"]'), (a) => new URL(a.getAttribute('href') ?? '', 'http://x'))
    const keepsVisit = (url: URL) => [url.pathname, url.searchParams.get('table'), url.searchParams.get('tabId')]

    // The cart: 'Back to the menu', the header's logo, cart and refund policy links.
    const back = await screen.findByRole('link', { name: 'Back to the menu' })
    expect(keepsVisit(new URL(back.getAttribute('href') ?? '', 'http://x'))).toEqual(['/cafe', '4', '007'])
    expect(shopLinks().length).toBeGreaterThan(2)
    for (const url of shopLinks()) expect(keepsVisit(url)).toEqual([url.pathname, '4', '007'])

    // The menu: its product page links too, and a navigation that names no search.
    back.click()
    expect(await screen.findByRole('heading', { name: 'Coffee' })).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ table: '4', tabId: '007' })
    expect(shopLinks().some((url) => url.pathname.startsWith('/cafe/products/'))).toBe(true)
    for (const url of shopLinks()) expect(keepsVisit(url)).toEqual([url.pathname, '4', '007'])
    await router.navigate({ to: '/$shopId/cart', params: { shopId: 'cafe' } })
    expect(router.state.location.search).toEqual({ table: '4', tabId: '007' })
  })
})
