import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { waitFor as waitForActor } from 'xstate'
import { PROVIDER_URL } from '@/config'
import { session } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { ShopLayoutView } from './shop-layout.view'
import { apiFailure, pending, renderInShop, settledShop, startShop } from './shop-view.samples'

const child = <p>Menu content</p>

function closedShop() {
  const data = shopData()
  return shopData({ shop: { ...data.shop, active: false, openHours: 'Mon–Fri 07–18\nSat 09–16' } })
}

function referenceShop() {
  const data = shopData()
  return shopData({ shop: { ...data.shop, requireReference: true } })
}

describe('ShopLayoutView gate (SPEC §2 order)', () => {
  it('shows only the not-found message for an unknown shop, without header or footer', async () => {
    const actor = await settledShop({ loadShop: async () => Promise.reject(apiFailure('notFound', 404)) })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('heading', { name: 'Are you sure you entered the correct address?' })).toBeInTheDocument()
    expect(document.title).toBe('Are you sure you entered the correct address?')
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.queryByText('Menu content')).toBeNull()
  })

  it('shows the error page, once, for a shop answer that is not a shop (CONTRACT "Wire shapes")', async () => {
    const loadShop = vi.fn(async () => Promise.reject(apiFailure('badResponse', 200)))
    const actor = await settledShop({ loadShop })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Please try again later')).toBeInTheDocument()
    expect(screen.queryByText('Menu content')).toBeNull()
    // The same answer would come again: no automatic retries.
    expect(loadShop).toHaveBeenCalledTimes(1)
  })

  it('shows the loading screen while the shop loads, and nothing of the shop', async () => {
    document.title = 'Webshop'
    const actor = startShop({ loadShop: () => pending() })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument()
    // Named for what it shows, not the document's generic title (WCAG 2.4.2).
    expect(document.title).toBe('Loading')
    // The page's one main landmark and level-1 heading say so too; no shop heading yet.
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Loading'])
    expect(screen.getAllByRole('main')).toHaveLength(1)
    expect(screen.queryByText('Menu content')).toBeNull()
  })

  it('keeps the loading screen while the first session load runs', async () => {
    const actor = startShop({ fetchSession: () => pending() })
    await waitForActor(actor, (s) => s.matches('awaitingSession'))
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(screen.queryByText('Menu content')).toBeNull()
    expect(document.title).toBe(`Loading – ${shopData().shop.title}`)
  })

  it('offers Try again once automatic retries are used up, and loads the shop on it', async () => {
    const user = userEvent.setup()
    let calls = 0
    const loadShop = vi.fn(async () => {
      calls += 1
      if (calls <= 4) throw apiFailure('server', 500)
      return shopData()
    })
    const actor = await settledShop({ loadShop })
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true)
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('heading', { name: 'The shop could not be loaded' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Menu content')).toBeInTheDocument()
    expect(loadShop).toHaveBeenCalledTimes(5)
  })

  it('shows the closed screen with the opening hours, inside the shop frame', async () => {
    const actor = await settledShop({ loadShop: async () => closedShop() })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    const heading = await screen.findByRole('heading', { name: /closed/i })
    expect(heading).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(within(main).getByText(/Mon–Fri 07–18\s+Sat 09–16/)).toBeInTheDocument()
    expect(screen.queryByText('Menu content')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'Café Test' })).toBeInTheDocument()
    // The cart belongs to an open shop only.
    expect(screen.queryByRole('link', { name: /cart/i })).toBeNull()
  })

  it('renders the children of a closed shop when the gate is bypassed (refund policy)', async () => {
    const actor = await settledShop({ loadShop: async () => closedShop() })
    await renderInShop(<ShopLayoutView shop={actor} bypassGate>{child}</ShopLayoutView>)
    expect(await screen.findByText('Menu content')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /closed/i })).toBeNull()
  })

  it('renders the children when the shop is open', async () => {
    const actor = await settledShop()
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(within(await screen.findByRole('main')).getByText('Menu content')).toBeInTheDocument()
  })
})

describe('ShopLayoutView reference entry (SPEC §5)', () => {
  it('asks for a table number, says "not found" for any failed check, clears it on typing, and opens once saved', async () => {
    const user = userEvent.setup()
    const outcomes = [apiFailure('notFound', 404), apiFailure('server', 500)]
    const saveReference = vi.fn(async () => {
      const next = outcomes.shift()
      if (next) throw next
    })
    const actor = await settledShop({ loadShop: async () => referenceShop(), saveReference })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)

    const input = await screen.findByRole('textbox', { name: 'Table number' })
    expect(input).toHaveAttribute('placeholder', '01')
    expect(screen.queryByText('Menu content')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(input).toHaveAccessibleDescription('You must enter a table number')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    // Said as it appears, though focus stays on Save (WCAG 4.1.3, 3.3.1).
    expect(screen.getByRole('alert')).toHaveTextContent('You must enter a table number')
    expect(saveReference).not.toHaveBeenCalled()

    await user.type(input, '99')
    expect(input).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Table number not found')).toBeInTheDocument()
    expect(saveReference).toHaveBeenLastCalledWith(expect.objectContaining({ reference: '99' }))

    // Any failed check says the same (SPEC §5 reference.notFound), a 500 too; typing clears it.
    await user.clear(input)
    expect(screen.queryByText('Table number not found')).toBeNull()
    await user.type(input, '12')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Table number not found')).toBeInTheDocument()
    expect(screen.queryByText('An unknown error has occurred')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Menu content')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Café Test - 12' })).toBeInTheDocument()
  })

  it('shows the Save button busy while the reference is being saved', async () => {
    const user = userEvent.setup()
    const actor = await settledShop({ loadShop: async () => referenceShop(), saveReference: () => pending() })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    await user.type(await screen.findByRole('textbox', { name: 'Table number' }), '5')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const save = await screen.findByRole('button', { name: 'Save' })
    expect(save).toHaveAttribute('aria-busy', 'true')
    expect(save).toBeDisabled()
  })
})

describe('ShopLayoutView header', () => {
  it('titles the page with the order reference and links home and to the cart with count and total', async () => {
    const cart = [{ id: 'l1', productId: 'cappuccino', count: 2, deviations: [], description: '' }]
    const actor = await settledShop({ fetchSession: async () => session({ cart, orderReference: '7' }) })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent(/^Café Test - 7$/)
    const cartLink = within(banner).getByRole('link', { name: /cart/i })
    expect(cartLink).toHaveAttribute('href', '/cafe/cart')
    expect(cartLink.textContent?.replace(/\s/g, ' ')).toBe('Cart, 2 items, 90,00 kr')
    expect(within(banner).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/cafe')
  })

  it('shows the title alone without a reference, and the logo as the home link named by the company', async () => {
    const data = shopData()
    const actor = await settledShop({ loadShop: async () => shopData({ company: { ...data.company, logo: 'https://img.example/logo.png' } }) })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent(/^Café Test$/)
    const logo = within(banner).getByRole('img', { name: 'Test AB' })
    expect(logo).toHaveAttribute('src', 'https://img.example/logo.png')
    expect(logo).toHaveAttribute('width', '200')
    // Not the page's largest paint: it must not take bandwidth from the first product image.
    expect(logo).toHaveAttribute('fetchpriority', 'low')
    expect(logo).toHaveAttribute('height', '100')
    expect(within(banner).getByRole('link', { name: 'Test AB' })).toHaveAttribute('href', '/cafe')
    expect(within(banner).getByRole('link', { name: /cart/i })).toHaveTextContent(/0 items/)
  })

  it('applies the shop theme as CSS variables on the shell', async () => {
    const actor = await settledShop()
    const { container } = await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    await screen.findByRole('banner')
    const shell = container.querySelector('[style]') as HTMLElement
    expect(Object.values(shell.style).length).toBeGreaterThan(0)
    expect(shell.getAttribute('style')).toContain('#1f6f50')
  })
})

describe('ShopLayoutView footer', () => {
  it("names a Finnish company's organisation number as a business ID (SPEC §3 company.country)", async () => {
    const data = shopData()
    const actor = await settledShop({ loadShop: async () => shopData({ company: { ...data.company, country: 'FI', organizationnumber: '1234567-8' } }) })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).getByText('Business ID 1234567-8')).toBeInTheDocument()
    expect(within(footer).queryByText(/Org\. no\./)).toBeNull()
  })

  it('lists the company details, contact links, refund policy, opening hours and the provider', async () => {
    const actor = await settledShop()
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    const footer = await screen.findByRole('contentinfo')
    for (const text of ['Test AB', 'Org. no. 556000-0000', 'Gatan 1', '11122 Stockholm']) {
      expect(within(footer).getByText(text)).toBeInTheDocument()
    }
    expect(within(footer).getByRole('link', { name: '08-123 45 67' })).toHaveAttribute('href', 'tel:081234567')
    expect(within(footer).getByRole('link', { name: 'info@example.se' })).toHaveAttribute('href', 'mailto:info@example.se')
    expect(within(footer).getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/cafe/refundPolicy')
    expect(within(footer).getByRole('heading', { name: 'Opening hours' })).toBeInTheDocument()
    expect(within(footer).getByText('Mon–Fri 07–18')).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: /^Hosted by / })).toHaveAttribute('href', PROVIDER_URL)
  })

  it('leaves the opening hours block out when the shop has none', async () => {
    const data = shopData()
    const actor = await settledShop({ loadShop: async () => shopData({ shop: { ...data.shop, openHours: null } }) })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    const footer = await screen.findByRole('contentinfo')
    expect(within(footer).queryByRole('heading', { name: 'Opening hours' })).toBeNull()
  })
})

describe('ShopLayoutView session notices', () => {
  it('alerts a blank table number', async () => {
    const actor = await settledShop({}, { table: ' ' })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('alert')).toHaveTextContent('You must enter a table number')
    expect(screen.getByText('Menu content')).toBeInTheDocument()
  })

  it('alerts an unknown table number', async () => {
    const fetchSession = async ({ table }: { table: string | null }) => {
      if (table !== null) throw apiFailure('notFound', 404)
      return session()
    }
    const actor = await settledShop({ fetchSession }, { table: '77' })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    expect(await screen.findByRole('alert')).toHaveTextContent('Table number not found')
  })

  it('says politely when cart changes wait for the connection', async () => {
    const actor = await settledShop({ pushCart: async () => Promise.reject(apiFailure('network')) })
    await renderInShop(<ShopLayoutView shop={actor}>{child}</ShopLayoutView>)
    await screen.findByRole('banner')
    expect(screen.queryByText(/No connection to the shop/)).toBeNull()
    const sessionRef = sessionOf(actor.getSnapshot())
    if (!sessionRef) throw new Error('no session')
    await act(async () => {
      sessionRef.send({ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } })
      await waitForActor(sessionRef, (s) => s.hasTag('offline'))
    })
    const notice = screen.getByText('No connection to the shop. Your cart is saved and will be sent when the connection returns.')
    expect(notice.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')
    // The cart link already counts the unsent item.
    expect(screen.getByRole('link', { name: /cart/i })).toHaveTextContent(/1 item\b/)
  })
})
