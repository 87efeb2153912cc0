import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { waitFor as waitForActor } from 'xstate'
import type { ActiveTab, CartItem } from '@/domain/types'
import { session } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import { apiFailure, fillCustomer, renderInCheckout, sessionOf, startCheckoutShop, type CheckoutFakes } from '../payment/checkout-view.samples'
import { CartPageView } from './cart-page.view'
import { deviationLines } from './cart-lines.view'

/** Intl writes no-break spaces in money; tests write plain ones. */
const norm = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')
const plain = (el: HTMLElement) => el.textContent?.replace(/\s+/g, ' ').trim()

const cappuccino: CartItem = { id: 'l1', productId: 'cappuccino', count: 2, deviations: ['oat', 'shot', 'shot'], description: 'No sugar' }
const bun: CartItem = { id: 'l2', productId: 'bun', count: 1, deviations: [], description: '' }

const tab: ActiveTab = {
  id: 'tab-1',
  customerReference: 'Anna, table 4',
  cart: [
    { id: 't1', count: 2, price: 5000, product: { id: 'beer', title: 'Beer', price: 5000 }, deviations: [], description: '' },
    // A tab line's price excludes its deviations (SPEC §9): unit 3000 + 500 dip = 35,00.
    { id: 't2', count: 1, price: 3000, product: { id: 'chips', title: 'Chips', price: 3000 }, deviations: [{ id: null, name: 'Dip', price: 500 }], description: '' },
  ],
}

async function setup(fakes: CheckoutFakes = {}) {
  const onEditLine = vi.fn()
  const started = await startCheckoutShop(fakes)
  const data = fakes.shopData ?? shopData()
  await renderInCheckout(
    <CartPageView
      shopId="cafe"
      shopData={data}
      session={sessionOf(started.shop)}
      checkout={started.checkout}
      receiptDownloadUrl={(id) => `/download/${id}`}
      onEditLine={onEditLine}
    />,
  )
  return { ...started, onEditLine, user: userEvent.setup() }
}

const line = (title: string) => {
  const item = screen.getByText(title, { selector: 'span' }).closest('li')
  if (!item) throw new Error(`no line ${title}`)
  return item
}

const totalRow = () => plain(screen.getByText('Total', { exact: true }).parentElement as HTMLElement)

describe('CartPageView: cart lines (SPEC §2 "Cart page")', () => {
  it('shows each line with title, deviations with prices, note, count and line total, and the sum', async () => {
    await setup({ session: session({ cart: [cappuccino, bun] }) })
    expect(screen.getByRole('heading', { level: 2, name: 'Your cart' })).toBeInTheDocument()
    const row = line('Cappuccino')
    expect(within(row).getByText(/Oat milk/)).toHaveTextContent('Oat milk + 5,00 kr')
    expect(within(row).getByText(/Extra shot/)).toHaveTextContent('2 × Extra shot + 8,00 kr')
    expect(within(row).getByText('No sugar')).toBeInTheDocument()
    expect(within(row).getByRole('group', { name: 'Quantity of Cappuccino' })).toHaveTextContent('2')
    // (45 + 5 + 2 × 8) × 2 = 132 kr
    expect(within(row).getByText('132,00 kr')).toBeInTheDocument()
    expect(within(line('Cinnamon bun')).getByText('30,00 kr')).toBeInTheDocument()
    expect(totalRow()).toBe('Total 162,00 kr')
  })

  it('the stepper changes the count in the session, and 0 removes the line', async () => {
    const { user, shop } = await setup({ session: session({ cart: [cappuccino, bun] }) })
    const stepper = within(line('Cinnamon bun')).getByRole('group', { name: 'Quantity of Cinnamon bun' })
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity' }))
    expect(sessionOf(shop).getSnapshot().context.cart.find((i) => i.id === 'l2')?.count).toBe(2)
    expect(totalRow()).toBe('Total 192,00 kr')
    await user.click(within(stepper).getByRole('button', { name: 'Decrease quantity' }))
    await user.click(within(stepper).getByRole('button', { name: 'Decrease quantity' }))
    expect(screen.queryByText('Cinnamon bun')).toBeNull()
    expect(sessionOf(shop).getSnapshot().context.cart.map((i) => i.id)).toEqual(['l1'])
    // The line went with its buttons: a status line in the page says which (WCAG 4.1.3).
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Removed from cart: Cinnamon bun')
  })

  it('caps the count at the remaining stock', async () => {
    const { user } = await setup({ session: session({ cart: [{ ...bun, count: 2 }] }) })
    const increase = within(line('Cinnamon bun')).getByRole('button', { name: 'Increase quantity' })
    await user.click(increase)
    expect(increase).toHaveAttribute('aria-disabled', 'true')
    // At the bound a further press changes nothing.
    await user.click(increase)
    expect(within(line('Cinnamon bun')).getByRole('group')).toHaveTextContent('3')
  })

  it('Edit opens the popup for that line', async () => {
    const { user, onEditLine } = await setup({ session: session({ cart: [cappuccino, bun] }) })
    await user.click(within(line('Cappuccino')).getByRole('button', { name: 'Edit' }))
    expect(onEditLine).toHaveBeenCalledWith(cappuccino)
  })

  it('a line of a product no longer on the menu says so, costs nothing, can be removed and not edited', async () => {
    const { user, shop } = await setup({ session: session({ cart: [{ ...bun, id: 'l9', productId: 'gone' }, cappuccino] }) })
    const row = line('No longer on the menu')
    expect(within(row).queryByText('gone')).toBeNull()
    expect(within(row).getByText('0,00 kr')).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull()
    await user.click(within(row).getByRole('button', { name: 'Decrease quantity' }))
    expect(sessionOf(shop).getSnapshot().context.cart.map((i) => i.id)).toEqual(['l1'])
  })

  it('shows a price off beside its add-on, as the total counts it', async () => {
    const base = shopData()
    const data = shopData({ deviations: { ...base.deviations, nocream: { id: 'nocream', name: 'No cream', price: -500 } } })
    await setup({ shopData: data, session: session({ cart: [{ ...bun, deviations: ['nocream'] }] }) })
    const row = line('Cinnamon bun')
    expect(norm(within(row).getByText(/No cream/).textContent)).toBe('No cream − 5,00 kr')
    expect(norm(totalRow())).toContain('25,00 kr')
  })

  it('offers no payment method while a line is no longer on the menu, and does once it is removed', async () => {
    const { user, checkout, shop } = await setup({ session: session({ cart: [{ ...bun, id: 'l9', productId: 'gone' }, cappuccino] }) })
    act(() => fillCustomer(checkout, { email: 'anna@example.se' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Some items in your cart are no longer on the menu. Remove them to pay.')
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
    await user.click(within(line('No longer on the menu')).getByRole('button', { name: 'Decrease quantity' }))
    expect(sessionOf(shop).getSnapshot().context.cart.map((i) => i.id)).toEqual(['l1'])
    expect(screen.getByRole('heading', { name: 'Choose payment method' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('tells an add-on the shop no longer has, and offers no payment method until Edit drops it', async () => {
    const { checkout } = await setup({ session: session({ cart: [{ ...cappuccino, deviations: ['oat', 'gone', 'gone'] }] }) })
    act(() => fillCustomer(checkout, { email: 'anna@example.se' }))
    const row = line('Cappuccino')
    expect(within(row).getByText(/Oat milk/)).toHaveTextContent('Oat milk + 5,00 kr')
    expect(within(row).getByText(/no longer on the menu/)).toHaveTextContent('2 × Add-on no longer on the menu')
    expect(screen.getByRole('alert')).toHaveTextContent('Some items in your cart are no longer on the menu')
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
  })

  it('an empty cart says so and links back to the menu', async () => {
    await setup()
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/cafe')
    expect(totalRow()).toBe('Total 0,00 kr')
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
  })

  it('after an OUT_OF_STOCK answer marks the short lines and says how many units too many', async () => {
    const { user, checkout } = await setup({
      session: session({ cart: [cappuccino, { ...bun, count: 3 }] }),
      startPayment: async () => {
        throw apiFailure('outOfStock', 400, { stock: { bun: 1 } })
      },
    })
    act(() => fillCustomer(checkout, { email: 'anna@example.se' }))
    await user.click(screen.getByRole('button', { name: 'Card' }))
    await waitForActor(checkout, (s) => s.matches('stopped'))
    const row = line('Cinnamon bun')
    // One is left: the marker says so rather than 'Out of stock' (CONTRACT: 'Only N in stock').
    expect(within(row).getByText('Only 1 in stock')).toBeInTheDocument()
    expect(within(row).getByText('2 more than in stock')).toBeInTheDocument()
    expect(within(line('Cappuccino')).queryByText('Out of stock')).toBeNull()
    expect(screen.getByRole('alert')).toHaveTextContent('Articles are out of stock')
  })
})

describe("CartPageView: a platform's cart over the shop's own stock (SPEC §4 'item count capped by remaining stock')", () => {
  it('marks the line with what is left and how many too many, before any payment is tried', async () => {
    const shop = shopData()
    const limited = { ...shop.articles.bun!, count: 2, limitStock: true }
    await setup({ shopData: { ...shop, articles: { ...shop.articles, bun: limited } }, session: session({ cart: [cappuccino, { ...bun, count: 5 }] }) })
    expect(within(line('Cinnamon bun')).getByText('Only 2 in stock')).toBeInTheDocument()
    expect(within(line('Cinnamon bun')).getByText('3 more than in stock')).toBeInTheDocument()
    expect(within(line('Cappuccino')).queryByText(/in stock/)).toBeNull()
  })
})

describe('CartPageView: lines still short after an OUT_OF_STOCK answer (SPEC §4, §8)', () => {
  it('lowering one short line clears only its marker; the other stays marked and the alert stays until none is short', async () => {
    const pie: CartItem = { id: 'l3', productId: 'pie', count: 1, deviations: [], description: '' }
    const { user, checkout, cancelPayment } = await setup({
      session: session({ cart: [cappuccino, { ...bun, count: 3 }, pie] }),
      startPayment: async () => {
        throw apiFailure('outOfStock', 400, { stock: { bun: 1, pie: 0 } })
      },
    })
    act(() => fillCustomer(checkout, { email: 'anna@example.se' }))
    await user.click(screen.getByRole('button', { name: 'Card' }))
    await waitForActor(checkout, (s) => s.matches('stopped'))
    expect(within(line('Cinnamon bun')).getByText('2 more than in stock')).toBeInTheDocument()
    expect(within(line('Blueberry pie')).getByText('1 more than in stock')).toBeInTheDocument()

    const buns = within(line('Cinnamon bun')).getByRole('group', { name: 'Quantity of Cinnamon bun' })
    await user.click(within(buns).getByRole('button', { name: 'Decrease quantity' }))
    await user.click(within(buns).getByRole('button', { name: 'Decrease quantity' }))
    expect(within(line('Cinnamon bun')).queryByText(/in stock/)).toBeNull()
    expect(within(line('Blueberry pie')).getByText('Out of stock')).toBeInTheDocument()
    expect(within(line('Blueberry pie')).getByText('1 more than in stock')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Articles are out of stock')
    // Another line changing keeps the pie marked.
    const cups = within(line('Cappuccino')).getByRole('group', { name: 'Quantity of Cappuccino' })
    await user.click(within(cups).getByRole('button', { name: 'Increase quantity' }))
    expect(within(line('Blueberry pie')).getByText('1 more than in stock')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Articles are out of stock')
    // The refused start created no payment: nothing to cancel.
    expect(cancelPayment).not.toHaveBeenCalled()

    await user.click(within(line('Blueberry pie')).getByRole('button', { name: 'Decrease quantity' }))
    expect(screen.queryByText('Blueberry pie')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Card' })).toBeEnabled()
  })
})

describe('CartPageView: a card being charged holds the cart (SPEC §4 Card)', () => {
  const why = 'Your card payment is being completed. You can change your order once it is done.'

  it('says why the cart and Your info are disabled, even with no payment section shown', async () => {
    // A second tab: its Your info (the e-mail is required here) is empty, so no payment method
    // and no card message shows.
    const data = shopData()
    data.shop.customerInputs = {
      nameInput: { active: false, required: false },
      emailInput: { active: true, required: true },
      phoneInput: { active: false, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: false, required: false },
    }
    const { shop } = await setup({ shopData: data, session: session({ cart: [bun] }) })
    expect(screen.queryByText(why)).toBeNull()
    act(() => sessionOf(shop).send({ type: 'cart.hold' }))
    expect(screen.getByText(why)).toHaveAttribute('role', 'status')
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
    const edits = screen.getByRole('group', { description: why })
    expect(edits).toBeDisabled()
    expect(within(line('Cinnamon bun')).getByRole('button', { name: 'Increase quantity' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: /email/i })).toBeDisabled()

    act(() => sessionOf(shop).send({ type: 'cart.release' }))
    expect(screen.queryByText(why)).toBeNull()
    expect(within(line('Cinnamon bun')).getByRole('button', { name: 'Increase quantity' })).toBeEnabled()
  })
})

describe('CartPageView: an open tab (SPEC §2 "Cart page")', () => {
  it('lists the tab lines not in the cart under Tab: {reference} with the instruction and unit prices', async () => {
    await setup({ session: session({ activeTab: tab }) })
    expect(screen.getByRole('heading', { level: 2, name: 'Tab: Anna, table 4' })).toBeInTheDocument()
    expect(screen.getByText('Choose what you want to pay from the tab')).toBeInTheDocument()
    expect(within(line('Chips')).getByText(/Dip/)).toHaveTextContent('Dip + 5,00 kr')
    expect(within(line('Chips')).getByText('35,00 kr')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Added from tab' })).toBeNull()
  })

  it('names a tab line whose product came without a title by its article, else as an item on the tab', async () => {
    const untitled: ActiveTab = {
      ...tab,
      cart: [
        { id: 't3', count: 1, price: 3000, product: { id: 'bun', title: '', price: 3000 }, deviations: [], description: '' },
        { id: 't4', count: 1, price: 2000, product: { id: 'gone', title: '', price: 2000 }, deviations: [], description: '' },
      ],
    }
    await setup({ session: session({ activeTab: untitled }) })
    expect(within(line('Cinnamon bun')).getByRole('group', { name: 'Quantity of Cinnamon bun' })).toBeInTheDocument()
    expect(within(line('Item on the tab')).getByText('20,00 kr')).toBeInTheDocument()
  })

  it('choosing tab units sends tab.setCount, lists them under Added from tab and adds them to the total', async () => {
    const { user, shop } = await setup({ session: session({ activeTab: tab, cart: [bun] }) })
    const chooser = screen.getByRole('heading', { name: /^Tab:/ }).closest('section') as HTMLElement
    const beer = within(chooser).getByRole('group', { name: 'Quantity of Beer' })
    await user.click(within(beer).getByRole('button', { name: 'Increase quantity' }))
    expect(sessionOf(shop).getSnapshot().context.tabItems).toEqual([{ id: 't1', count: 1 }])
    const added = screen.getByRole('heading', { name: 'Added from tab' }).closest('section') as HTMLElement
    expect(within(added).getByText('Beer')).toBeInTheDocument()
    expect(within(added).getByText('50,00 kr')).toBeInTheDocument()
    expect(totalRow()).toBe('Total 80,00 kr')
    // Both units chosen: the line leaves the chooser, and its stepper stops at the tab count.
    await user.click(within(added).getByRole('button', { name: 'Increase quantity' }))
    expect(within(chooser).queryByText('Beer')).toBeNull()
    expect(within(added).getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
    expect(totalRow()).toBe('Total 130,00 kr')
    // It went from the chooser with its buttons: a status line says where (WCAG 4.1.3).
    const statuses = () => screen.getAllByRole('status').map((status) => status.textContent)
    expect(statuses()).toContain('Added from tab: Beer')
    // Back to 0: it leaves Added from tab, and that is said too.
    await user.click(within(added).getByRole('button', { name: 'Decrease quantity' }))
    await user.click(within(added).getByRole('button', { name: 'Decrease quantity' }))
    expect(screen.queryByRole('heading', { name: 'Added from tab' })).toBeNull()
    expect(statuses()).toContain('Removed from cart: Beer')
  })

  it('with only tab units chosen the payment methods appear', async () => {
    const { user, checkout } = await setup({ session: session({ activeTab: tab }) })
    act(() => fillCustomer(checkout, { email: 'anna@example.se' }))
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
    const chooser = screen.getByRole('heading', { name: /^Tab:/ }).closest('section') as HTMLElement
    await user.click(within(within(chooser).getByRole('group', { name: 'Quantity of Chips' })).getByRole('button', { name: 'Increase quantity' }))
    expect(screen.getByRole('heading', { name: 'Choose payment method' })).toBeInTheDocument()
  })
})

describe('CartPageView: page order', () => {
  it('tab, cart, added from tab, total, your info, payment', async () => {
    await setup({ session: session({ activeTab: tab, cart: [bun], tabItems: [{ id: 't1', count: 1 }] }) })
    const headings = screen.getAllByRole('heading').map((h) => h.textContent)
    expect(headings).toEqual(['Tab: Anna, table 4', 'Your cart', 'Added from tab', 'Your info', 'Choose payment method'])
  })
})

describe('deviationLines', () => {
  it('groups repeated ids in first-seen order and skips unknown ones', () => {
    const { deviations } = shopData()
    expect(deviationLines(['shot', 'oat', 'shot', 'gone'], deviations)).toEqual([
      { id: 'shot', name: 'Extra shot', count: 2, price: 800 },
      { id: 'oat', name: 'Oat milk', count: 1, price: 500 },
    ])
  })
})
