import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise, waitFor } from 'xstate'
import { sessionOf, shopGateMachine } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import type { CartItem, Session } from '@/domain/types'
import { session as sessionAnswer } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import { TestProvider } from '@tests/test-provider'
import { ProductDialog, productSelectionInput } from './-product-dialog'

const shop = shopData()
const started: { stop: () => void }[] = []
afterEach(() => {
  for (const actor of started.splice(0)) actor.stop()
})

/** A shop gate whose shop and session loads answer at once; pushes resolve. */
async function openGate(answer: Session = sessionAnswer()) {
  const gate = createActor(
    shopGateMachine.provide({
      actors: {
        loadShop: fromPromise(async () => shop),
        saveReference: fromPromise(async () => {}),
        session: sessionMachine.provide({
          actors: {
            fetchSession: fromPromise(async () => answer),
            pushCart: fromPromise(async () => {}),
          },
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

function renderDialog(gate: Awaited<ReturnType<typeof openGate>>['gate'], props: { productId: string | undefined; itemId?: string }) {
  const onClose = vi.fn()
  render(<ProductDialog shop={gate} {...props} onClose={onClose} />, { wrapper: TestProvider })
  return onClose
}

const nb = (text: string) => text.replace(/ (kr|€)/g, '\u00a0$1')

describe('ProductDialog', () => {
  it('Add sends cart.add with the chosen line to the session and closes', async () => {
    const user = userEvent.setup()
    const { gate, session } = await openGate()
    const onClose = renderDialog(gate, { productId: 'cappuccino' })

    expect(screen.getByRole('dialog', { name: 'Cappuccino' })).toBeInTheDocument()
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') }))
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    await user.click(add)

    // The popup closes at once; the URL (onClose) and the cart change after the next paint.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(session.getSnapshot().context.cart).toEqual([])
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    await waitFor(session, (s) => s.context.cart.length > 0)
    expect(session.getSnapshot().context.cart).toEqual([
      expect.objectContaining({ productId: 'cappuccino', count: 2, deviations: ['oat'], description: '' }),
    ])
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('with a cart item id says Update and replaces that line', async () => {
    const user = userEvent.setup()
    const line: CartItem = { id: 'line-1', productId: 'cappuccino', count: 1, deviations: ['whole'], description: 'Hot' }
    const { gate, session } = await openGate(sessionAnswer({ cart: [line] }))
    const onClose = renderDialog(gate, { productId: 'cappuccino', itemId: 'line-1' })

    expect(screen.getByRole('radio', { name: 'Whole milk' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') }))
    await user.click(screen.getByRole('button', { name: 'Update' }))

    await waitFor(session, (s) => s.context.cart[0]?.deviations[0] === 'oat')
    const cart = session.getSnapshot().context.cart
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatchObject({ productId: 'cappuccino', count: 1, deviations: ['oat'], description: 'Hot' })
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce())
  })

  it('caps the quantity at the stock left beside the cart', async () => {
    const line: CartItem = { id: 'line-1', productId: 'bun', count: 2, deviations: [], description: '' }
    const { gate } = await openGate(sessionAnswer({ cart: [line] }))
    renderDialog(gate, { productId: 'bun' })
    expect(screen.getByText('Only 1 in stock')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled()
  })

  it.each([['nope'], ['constructor'], [undefined]])('renders nothing for product id %s', async (productId) => {
    const { gate } = await openGate()
    const onClose = renderDialog(gate, { productId })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('a double click on Add adds one line and closes once', async () => {
    const user = userEvent.setup()
    const { gate, session } = await openGate()
    const onClose = renderDialog(gate, { productId: 'bun' })
    await user.dblClick(screen.getByRole('button', { name: 'Add' }))
    await waitFor(session, (s) => s.context.cart.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(session.getSnapshot().context.cart).toHaveLength(1)
    expect(session.getSnapshot().context.cart[0]).toMatchObject({ productId: 'bun', count: 1 })
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('closing calls onClose without touching the cart', async () => {
    const user = userEvent.setup()
    const { gate, session } = await openGate()
    const onClose = renderDialog(gate, { productId: 'bun' })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(session.getSnapshot().context.cart).toEqual([])
  })
})

describe('productSelectionInput', () => {
  const cart: CartItem[] = [{ id: 'line-1', productId: 'bun', count: 2, deviations: [], description: 'Warm' }]

  it('gives the article, its groups in order and the remaining stock', () => {
    const input = productSelectionInput(shop, cart, 'bun')
    expect(input).toMatchObject({ article: { id: 'bun' }, groups: [], maxQuantity: 1, editing: null })
    expect(productSelectionInput(shop, [], 'cappuccino')?.groups.map((g) => g.id)).toEqual(['milk', 'extras'])
    expect(productSelectionInput(shop, [], 'cappuccino')?.maxQuantity).toBe(Infinity)
  })

  it('edits a cart line: its choices, and a cap that leaves the line itself out', () => {
    expect(productSelectionInput(shop, cart, 'bun', 'line-1')).toMatchObject({
      maxQuantity: 3,
      editing: { itemId: 'line-1', count: 2, deviations: [], description: 'Warm' },
    })
  })

  it('opens a new line for an item id that is not in the cart or belongs to another product', () => {
    expect(productSelectionInput(shop, cart, 'bun', 'gone')?.editing).toBeNull()
    expect(productSelectionInput(shop, cart, 'cappuccino', 'line-1')?.editing).toBeNull()
  })

  it('gives 0 for a new line of an article marked out of stock', () => {
    expect(productSelectionInput(shop, [], 'pie')?.maxQuantity).toBe(0)
  })

  it('is null for an unknown id, including inherited property names', () => {
    expect(productSelectionInput(shop, [], 'nope')).toBeNull()
    expect(productSelectionInput(shop, [], '__proto__')).toBeNull()
    expect(productSelectionInput(shop, [], 'toString')).toBeNull()
  })
})
