import { useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise, waitFor } from 'xstate'
import { sessionOf, shopGateMachine, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import type { CartItem, Session } from '@/domain/types'
import { session as sessionAnswer } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import { TestProvider } from '@tests/test-provider'
import { pageHeadingProps } from '@/ui/route-focus'
import { ProductDialog } from './-product-dialog'

const shop = shopData()
const started: { stop: () => void }[] = []
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop()
})

/**
 * A shop gate whose shop and session loads answer at once; pushes resolve. With `answering`,
 * the session fails while it says false (the first load gives up and the menu opens without
 * the cart) and answers, retried every 10 ms, once it says true.
 */
async function openGate(answer: Session = sessionAnswer(), answering: () => boolean = () => true) {
  const gate = createActor(
    shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(async () => shop),
        saveReference: fromPromise(async () => {}),
        session: sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async () => {
              if (!answering()) throw new Error('HTTP 500')
              return answer
            }),
            pushCart: fromPromise(async () => {}),
          },
          delays: { loadRetry: 10 },
        }),
      },
    }),
    { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false } },
  ).start()
  started.push(gate)
  await waitFor(gate, (s) => s.matches('open'))
  const session = sessionOf(gate.getSnapshot())
  if (!session) throw new Error('no session')
  return { gate, session }
}

/** The URL as the route holds it: `onClose` replaces `?product=` away, and Back can too. */
function Harness({ shop, initial, onClose, page }: { shop: ShopGateActor; initial: { productId?: string; itemId?: string }; onClose: () => void; page?: ReactNode }) {
  const [url, setUrl] = useState(initial)
  return (
    <>
      {page}
      <button type="button" onClick={() => setUrl({})}>
        Back
      </button>
      <button type="button" onClick={() => setUrl(initial)}>
        Forward
      </button>
      <ProductDialog
        shop={shop}
        productId={url.productId}
        itemId={url.itemId}
        onClose={() => {
          onClose()
          setUrl({})
        }}
      />
    </>
  )
}

/**
 * Renders the popup and lets React finish: the popup's catalog (`useCatalogPart`) may suspend
 * its first render for a microtask, and React retries a suspended render inside `act` only once
 * the act is awaited.
 */
async function renderDialog(gate: Awaited<ReturnType<typeof openGate>>['gate'], initial: { productId?: string; itemId?: string }, page?: ReactNode) {
  const onClose = vi.fn()
  await act(async () => {
    render(<Harness shop={gate} initial={initial} onClose={onClose} page={page} />, { wrapper: TestProvider })
  })
  return onClose
}

const nb = (text: string) => text.replace(/ (kr|€)/g, '\u00a0$1')

/** The status line beside the popup that tells an Add or Update (the quantity is a status too). */
const addedStatus = () => screen.getAllByRole('status').find((element) => !element.closest('dialog'))

/** The popup element whatever its phase (a closing one has lost its name with its content). */
const dialogElement = () => document.querySelector('dialog')

describe('ProductDialog', () => {
  it('Add hides the popup at once, then changes the cart and the URL after that paint', async () => {
    const user = userEvent.setup()
    const { gate, session } = await openGate()
    const onClose = await renderDialog(gate, { productId: 'cappuccino' })

    const dialog = await screen.findByRole('dialog', { name: 'Cappuccino' })
    // The status line that tells the Add is in the page, empty, before it speaks (WCAG 4.1.3).
    const told = addedStatus()
    expect(told).toBeEmptyDOMElement()
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') }))
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    // A click in one synchronous step: no timer (and so no frame) can run before the checks.
    act(() => add.click())

    // Hidden in the frame of the tap; the cart and the URL wait for that paint.
    expect(dialog).toHaveAttribute('data-closing')
    expect(screen.queryByRole('dialog', { name: 'Cappuccino' })).toBeNull()
    expect(session.getSnapshot().context.cart).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    expect(session.getSnapshot().context.cart).toEqual([
      expect.objectContaining({ productId: 'cappuccino', count: 2, deviations: ['oat'], description: '' }),
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(dialog).not.toHaveAttribute('data-closing')
    await vi.waitFor(() => expect(told).toHaveTextContent('Added to cart: 2 × Cappuccino'))
    expect(addedStatus()).toBe(told)
  })

  it('with a cart item id says Update and replaces that line', async () => {
    const user = userEvent.setup()
    const line: CartItem = { id: 'line-1', productId: 'cappuccino', count: 1, deviations: ['whole'], description: 'Hot' }
    const { gate, session } = await openGate(sessionAnswer({ cart: [line] }))
    const onClose = await renderDialog(gate, { productId: 'cappuccino', itemId: 'line-1' })

    expect(await screen.findByRole('radio', { name: 'Whole milk' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') }))
    await user.click(screen.getByRole('button', { name: 'Update' }))

    await waitFor(session, (s) => s.context.cart[0]?.deviations[0] === 'oat')
    const cart = session.getSnapshot().context.cart
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatchObject({ productId: 'cappuccino', count: 1, deviations: ['oat'], description: 'Hot' })
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    await vi.waitFor(() => expect(addedStatus()).toHaveTextContent('Cart updated: 1 × Cappuccino'))
  })

  it('an Edit opened before the session answered becomes Update of that line, and Update sets its count (SPEC §2 "Cart page")', async () => {
    const user = userEvent.setup()
    const line: CartItem = { id: 'line-1', productId: 'bun', count: 2, deviations: [], description: 'Warm' }
    let answering = false
    const { gate, session } = await openGate(sessionAnswer({ cart: [line] }), () => answering)
    // A reload of ?product=bun&item=line-1 while the session cannot be loaded: no line to edit yet.
    expect(session.getSnapshot().context.cart).toEqual([])
    await renderDialog(gate, { productId: 'bun', itemId: 'line-1' })
    await screen.findByRole('button', { name: 'Add' })

    // The session answers with the line: the same popup edits it now, untouched, so no notice.
    answering = true
    const update = await screen.findByRole('button', { name: 'Update' })
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2')
    expect(screen.getByRole('textbox', { name: 'Allergies or requests' })).toHaveValue('Warm')
    expect(screen.queryByText(/in your cart|meanwhile/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }))
    await user.click(update)

    // The line is set to 1, not 2 + 1.
    await waitFor(session, (s) => s.context.cart[0]?.count === 1)
    expect(session.getSnapshot().context.cart).toEqual([{ ...line, count: 1 }])
  })

  it("an open Edit follows the line's add-ons and note changed elsewhere, saying so, and keeps what the customer changed (SPEC §4)", async () => {
    const user = userEvent.setup()
    const line: CartItem = { id: 'line-1', productId: 'cappuccino', count: 1, deviations: ['whole'], description: 'Hot' }
    const { gate, session } = await openGate(sessionAnswer({ cart: [line] }))
    await renderDialog(gate, { productId: 'cappuccino', itemId: 'line-1' })
    expect(await screen.findByRole('radio', { name: 'Whole milk' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    // Another tab (through a poll) makes the line oat milk, served cold.
    act(() => session.send({ type: 'cart.replace', itemId: 'line-1', line: { productId: 'cappuccino', count: 1, deviations: ['oat'], description: 'Cold' } }))
    expect(await screen.findByText('Your cart changed meanwhile: it now holds 1 of this item.')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Allergies or requests' })).toHaveValue('Cold')
    // The quantity the customer set stays theirs.
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2')
    await user.click(screen.getByRole('button', { name: 'Update' }))
    await waitFor(session, (s) => s.context.cart[0]?.count === 2)
    expect(session.getSnapshot().context.cart).toEqual([{ ...line, count: 2, deviations: ['oat'], description: 'Cold' }])
  })

  it('caps the quantity at the stock left beside the cart', async () => {
    const line: CartItem = { id: 'line-1', productId: 'bun', count: 2, deviations: [], description: '' }
    const { gate } = await openGate(sessionAnswer({ cart: [line] }))
    await renderDialog(gate, { productId: 'bun' })
    expect(await screen.findByText('Only 1 in stock')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
  })

  it("follows the session's cart while open: the stock cap and the quantity within it", async () => {
    const user = userEvent.setup()
    const { gate, session } = await openGate()
    await renderDialog(gate, { productId: 'bun' })
    expect(await screen.findByText('Only 3 in stock')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    // Two buns reach the cart from elsewhere (a late session answer, another tab's poll).
    act(() => session.send({ type: 'cart.add', line: { productId: 'bun', count: 2, deviations: [], description: 'Warm' } }))
    expect(await screen.findByText('Only 1 in stock')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('1')
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('waits with Add while the session holds the cart for a card payment, begun before or while open (SPEC §4 Card)', async () => {
    const why = 'Your card payment is being completed. You can change your order once it is done.'
    const { gate, session } = await openGate()
    act(() => session.send({ type: 'cart.hold' }))
    await renderDialog(gate, { productId: 'bun' })
    await screen.findByRole('dialog', { name: 'Cinnamon bun' })
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
    expect(screen.getByText(why)).toHaveAttribute('role', 'status')
    act(() => session.send({ type: 'cart.release' }))
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled()
    expect(screen.queryByText(why)).toBeNull()
    act(() => session.send({ type: 'cart.hold' }))
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
  })

  it.each([['nope'], ['constructor'], [undefined]])('shows nothing for product id %s', async (productId) => {
    const { gate } = await openGate()
    const onClose = await renderDialog(gate, productId === undefined ? {} : { productId })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('a double click on Add adds one line and closes once', async () => {
    const user = userEvent.setup()
    const { gate, session } = await openGate()
    const onClose = await renderDialog(gate, { productId: 'bun' })
    await user.dblClick(await screen.findByRole('button', { name: 'Add' }))
    await waitFor(session, (s) => s.context.cart.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(session.getSnapshot().context.cart).toHaveLength(1)
    expect(session.getSnapshot().context.cart[0]).toMatchObject({ productId: 'bun', count: 1 })
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('the close button closes after the paint without touching the cart', async () => {
    const { gate, session } = await openGate()
    const onClose = await renderDialog(gate, { productId: 'bun' })
    const close = await screen.findByRole('button', { name: 'Close' })
    // A click in one synchronous step: no timer (and so no frame) can run before the check.
    act(() => close.click())
    expect(dialogElement()).toHaveAttribute('data-closing')
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(session.getSnapshot().context.cart).toEqual([])
  })

  it("gives focus to the page's heading on close when no opener is left: opened from a link, then an Update at 0", async () => {
    const user = userEvent.setup()
    const line: CartItem = { id: 'line-1', productId: 'bun', count: 1, deviations: [], description: '' }
    const { gate, session } = await openGate(sessionAnswer({ cart: [line] }))
    // The cart page behind the popup, as the shop layout renders it (its <main> focusable by script).
    const cartPage = (
      <main tabIndex={-1}>
        <h2 {...pageHeadingProps}>Your cart</h2>
      </main>
    )
    const onClose = await renderDialog(gate, { productId: 'bun', itemId: 'line-1' }, cartPage)
    await user.click(await screen.findByRole('button', { name: 'Decrease quantity' }))
    await user.click(screen.getByRole('button', { name: 'Update' }))
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    expect(session.getSnapshot().context.cart).toEqual([])
    expect(screen.getByRole('heading', { name: 'Your cart' })).toHaveFocus()
    await vi.waitFor(() => expect(addedStatus()).toHaveTextContent('Removed from cart: Cinnamon bun'))
  })

  it('Back closes the popup and leaves the URL to the router; Forward opens it fresh', async () => {
    const user = userEvent.setup()
    const { gate } = await openGate()
    const onClose = await renderDialog(gate, { productId: 'bun' })
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }))
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toHaveAttribute('aria-disabled', 'false')
    act(() => screen.getByRole('button', { name: 'Back', hidden: true }).click())
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    act(() => screen.getByRole('button', { name: 'Forward', hidden: true }).click())
    await screen.findByRole('dialog', { name: 'Cinnamon bun' })
    // A new opening: quantity back to 1 (SPEC §2 "Closing resets selections").
    expect(screen.getByText('Only 3 in stock')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: /quantity/i })).getByText('1')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })
})
