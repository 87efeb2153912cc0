import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { waitFor as waitForActor } from 'xstate'
import { RECEIPT_WAIT_MS, type CheckoutActor } from '@machines/checkout/checkout.machine'
import type { CartItem, PaymentStatus } from '@/domain/types'
import { session } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import { PaymentSectionView } from './payment-section.view'
import { apiFailure, fillCustomer, pending, renderInCheckout, startCheckoutShop, type CheckoutFakes } from './checkout-view.samples'

const bun: CartItem = { id: 'l1', productId: 'bun', count: 1, deviations: [], description: '' }
const requireName = shopData()
requireName.shop.customerInputs = {
  nameInput: { active: true, required: true },
  emailInput: { active: true, required: true },
  phoneInput: { active: true, required: false },
  addressInput: { active: false, required: false },
  extraInfoInput: { active: false, required: false },
}

/** A shop with one bun in the cart, the payment section rendered. */
async function setup(fakes: CheckoutFakes = {}, cardForm?: React.ReactNode) {
  const started = await startCheckoutShop({ session: session({ cart: [bun] }), ...fakes })
  await renderInCheckout(
    <PaymentSectionView checkout={started.checkout} shopId="cafe" receiptDownloadUrl={(id) => `/api/v2/webshop/cafe/receipt/${id}/download`} cardForm={cardForm} />,
  )
  return { ...started, user: userEvent.setup() }
}

function polled(checkout: CheckoutActor, paymentStatus: PaymentStatus, extra: { message?: string; receiptId?: string } = {}) {
  act(() => {
    checkout.send({
      type: 'session.updated',
      session: session({ cart: [bun], paymentStatus, paymentId: 'pay-1', message: extra.message ?? null, receiptId: extra.receiptId ?? null }),
      payableUnits: 1,
    })
  })
}

const methodButton = (name: string) => screen.getByRole('button', { name })

describe('PaymentSectionView: when the methods show (SPEC §5, CONTRACT "Payment")', () => {
  it('is hidden while the cart is empty, even with a valid form', async () => {
    await setup({ session: session() })
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
  })

  it('is hidden until the form is valid, then shows one toggle button per method', async () => {
    const { checkout } = await setup({ shopData: requireName })
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
    act(() => fillCustomer(checkout, { name: 'Anna', email: 'anna@' }))
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
    act(() => fillCustomer(checkout, { email: 'anna@example.se' }))
    expect(screen.getByRole('heading', { level: 2, name: 'Choose payment method' })).toBeInTheDocument()
    for (const name of ['Swish', 'Card', 'Viva Wallet']) expect(methodButton(name)).toHaveAttribute('aria-pressed', 'false')
  })

  it('presses the chosen method and deselects it on a second click', async () => {
    const { user } = await setup()
    await user.click(methodButton('Swish'))
    expect(methodButton('Swish')).toHaveAttribute('aria-pressed', 'true')
    expect(methodButton('Card')).toHaveAttribute('aria-pressed', 'false')
    await user.click(methodButton('Swish'))
    expect(methodButton('Swish')).toHaveAttribute('aria-pressed', 'false')
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull()
  })
})

describe('PaymentSectionView: focus when a running payment is deselected (WCAG 2.4.3)', () => {
  it('moves focus to the heading while the cancel locks the methods, never to the page body', async () => {
    const { user } = await setup({ cancelPayment: () => pending() })
    await user.click(methodButton('Swish'))
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0701234567')
    await user.click(screen.getByRole('button', { name: 'Start payment' }))
    await screen.findByText('Open the Swish app and approve the payment')
    methodButton('Swish').focus()
    await user.keyboard('{Enter}')
    expect(methodButton('Swish')).toBeDisabled()
    expect(screen.getByRole('heading', { name: 'Choose payment method' })).toHaveFocus()
  })
})

describe('PaymentSectionView: Swish on a desktop', () => {
  it('asks for a phone number, refuses an empty one and starts with the typed one', async () => {
    const { user, startPayment } = await setup()
    await user.click(methodButton('Swish'))
    await user.click(screen.getByRole('button', { name: 'Start payment' }))
    const phone = screen.getByRole('textbox', { name: 'Phone number' })
    expect(phone).toHaveAccessibleDescription('You must enter a phone number')
    // CONTRACT.md "Words and roles": a payment error is in an element with role alert.
    expect(screen.getByRole('alert')).toHaveTextContent('You must enter a phone number')
    expect(startPayment).not.toHaveBeenCalled()
    await user.type(phone, '0701234567')
    expect(phone).not.toHaveAccessibleDescription('You must enter a phone number')
    await user.click(screen.getByRole('button', { name: 'Start payment' }))
    expect(await screen.findByText('Open the Swish app and approve the payment')).toBeInTheDocument()
    expect(startPayment).toHaveBeenCalledWith(expect.objectContaining({ paymentMethodId: 'swish', customerInfo: expect.objectContaining({ phone: '0701234567', isMobile: false }) }))
  })

  it('shows Starting payment… while startPayment is in flight, with the methods locked', async () => {
    const { user } = await setup({ startPayment: () => pending() })
    await user.click(methodButton('Swish'))
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0701234567')
    await user.click(screen.getByRole('button', { name: 'Start payment' }))
    expect(screen.getByRole('status')).toHaveTextContent('Starting payment…')
    expect(methodButton('Card')).toBeDisabled()
  })

  it('says each step in the one status line the panel had from the start, so a screen reader announces it (WCAG 4.1.3)', async () => {
    let answer: (value: { paymentId: string }) => void = () => {}
    const { user, checkout } = await setup({ startPayment: () => new Promise((resolve) => (answer = resolve)) })
    await user.click(methodButton('Swish'))
    const line = screen.getByRole('status')
    expect(line).toBeEmptyDOMElement()
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0701234567')
    await user.click(screen.getByRole('button', { name: 'Start payment' }))
    expect(line).toHaveTextContent('Starting payment…')
    await act(async () => answer({ paymentId: 'pay-1' }))
    expect(line).toHaveTextContent('Open the Swish app and approve the payment')
    // A change nobody pressed for in the panel: the customer's edit elsewhere cancels.
    act(() => checkout.send({ type: 'customer.changed', field: 'name', value: 'Anna B' }))
    expect(line).toHaveTextContent('Cancelling payment…')
    expect(screen.getByRole('status')).toBe(line)
  })

  it('after a declined payment shows the message in an alert and restarts with Try again', async () => {
    const { user, checkout, startPayment, cancelPayment } = await setup()
    await user.click(methodButton('Swish'))
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0700000001')
    await user.click(screen.getByRole('button', { name: 'Start payment' }))
    await screen.findByText('Open the Swish app and approve the payment')
    polled(checkout, 'FAILED', { message: 'Declined by payer' })
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred, please try again: Declined by payer')
    const phone = screen.getByRole('textbox', { name: 'Phone number' })
    await user.clear(phone)
    await user.type(phone, '0701234567')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('Open the Swish app and approve the payment')
    expect(cancelPayment).toHaveBeenCalledTimes(1)
    expect(startPayment).toHaveBeenCalledTimes(2)
    expect(startPayment.mock.calls[1]?.[0].customerInfo.phone).toBe('0701234567')
  })
})

describe('PaymentSectionView: Swish on a phone', () => {
  it('starts on selection, opens the app, and Open Swish opens it again', async () => {
    const { user, openSwishApp } = await setup({ isMobile: true })
    await user.click(methodButton('Swish'))
    const open = await screen.findByRole('button', { name: 'Open Swish' })
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).toBeNull()
    expect(openSwishApp).toHaveBeenCalledWith({ token: 'pay-1', shopId: 'cafe' })
    await user.click(open)
    expect(openSwishApp).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the payment to be approved in Swish…')
  })
})

describe('PaymentSectionView: Viva Wallet', () => {
  it('redirects on selection and offers Open checkout on a desktop', async () => {
    const { user, redirectToViva } = await setup({ startPayment: async () => ({ paymentId: 'order-7' }) })
    await user.click(methodButton('Viva Wallet'))
    expect(await screen.findByText('Redirecting to Viva Wallet…')).toBeInTheDocument()
    expect(redirectToViva).toHaveBeenCalledWith({ orderCode: 'order-7', color: '#1f6f50' })
    await user.click(screen.getByRole('button', { name: 'Open checkout' }))
    expect(redirectToViva).toHaveBeenCalledTimes(2)
  })

  it('has no Open checkout button on a phone', async () => {
    const { user } = await setup({ isMobile: true })
    await user.click(methodButton('Viva Wallet'))
    await screen.findByText('Redirecting to Viva Wallet…')
    expect(screen.queryByRole('button', { name: 'Open checkout' })).toBeNull()
  })
})

describe('PaymentSectionView: card', () => {
  it('renders the card form slot only while the card payment is started', async () => {
    const { user } = await setup({}, <p>card form here</p>)
    expect(screen.queryByText('card form here')).toBeNull()
    await user.click(methodButton('Card'))
    expect(await screen.findByText('card form here')).toBeInTheDocument()
  })
})

describe('PaymentSectionView: outcomes (SPEC §4, §8)', () => {
  it.each<[string, () => Error, string]>([
    ['a server refusal with its message', () => apiFailure('badRequest', 400, { serverMessage: 'Shop is closed' }), 'An error occurred, please try again: Shop is closed'],
    ['a server refusal without message', () => apiFailure('badRequest', 400), 'An unknown error occurred, please try again'],
    ['a server failure (500: not reached, SPEC §8)', () => apiFailure('server', 500), 'An error occurred, please try again: Could not reach the server'],
    ['a server failure that names itself (5xx JSON {name})', () => apiFailure('server', 503, { serverName: 'Card payments are paused' }), 'An error occurred, please try again: Card payments are paused'],
    ['a server failure with a text body (SPEC §8 response text)', () => apiFailure('server', 500, { serverMessage: 'Internal boom' }), 'An error occurred, please try again: Internal boom'],
    ['a message with tag-like text, shown as it came', () => apiFailure('badRequest', 400, { serverMessage: 'Use <b>other</b> card <0>now</0>' }), 'An error occurred, please try again: Use <b>other</b> card <0>now</0>'],
    ['a network failure', () => apiFailure('network', null), 'An error occurred, please try again: Could not reach the server'],
    ['out of stock', () => apiFailure('outOfStock', 400, { stock: { bun: 0 } }), 'Articles are out of stock'],
  ])('start failing with %s shows the text in an alert, and Try again starts anew', async (_, error, text) => {
    let calls = 0
    const { user, startPayment } = await setup({
      startPayment: async () => {
        calls += 1
        if (calls === 1) throw error()
        return { paymentId: 'pay-2' }
      },
    })
    await user.click(methodButton('Card'))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(startPayment).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a payment resumed with a method the shop no longer lists says so, and every listed method can start', async () => {
    const started = await startCheckoutShop({
      session: session({ cart: [bun], paymentStatus: 'STARTED', paymentId: 'tok-old', paymentMethodId: 'gone' }),
    })
    await renderInCheckout(
      <PaymentSectionView checkout={started.checkout} shopId="cafe" receiptDownloadUrl={(id) => `/receipt/${id}`} cardForm={null} />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred, please try again')
    for (const name of ['Swish', 'Card', 'Viva Wallet']) expect(methodButton(name)).toHaveAttribute('aria-pressed', 'false')
  })

  it('a cancelled payment says so', async () => {
    const { user, checkout } = await setup()
    await user.click(methodButton('Card'))
    await waitForActor(checkout, (s) => s.matches('started'))
    polled(checkout, 'CANCELLED')
    expect(screen.getByRole('alert')).toHaveTextContent('Payment was cancelled')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  })

  it('an ERROR without a message shows the unknown-error text', async () => {
    const { user, checkout } = await setup()
    await user.click(methodButton('Card'))
    await waitForActor(checkout, (s) => s.matches('started'))
    polled(checkout, 'ERROR')
    expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred, please try again')
  })

  it('a completed payment shows Payment completed and links the receipt', async () => {
    const { user, checkout, goToReceipt } = await setup()
    await user.click(methodButton('Viva Wallet'))
    await waitForActor(checkout, (s) => s.matches('started'))
    polled(checkout, 'COMPLETED', { receiptId: 'r-42' })
    expect(screen.getByRole('heading', { name: 'Payment completed' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', '/cafe/receipt/r-42')
    // SPEC §2 "Payment-complete screen with link to the receipt and download receipts".
    const download = screen.getByRole('link', { name: 'Download receipt' })
    expect(download).toHaveAttribute('href', '/api/v2/webshop/cafe/receipt/r-42/download')
    expect(download).toHaveAttribute('target', '_blank')
    expect(goToReceipt).toHaveBeenCalledWith({ shopId: 'cafe', receiptId: 'r-42' })
    expect(screen.queryByRole('heading', { name: 'Choose payment method' })).toBeNull()
  })

  it('COMPLETED without a receipt id: creating your receipt…, then the success message and a way back to the menu, never an empty receipt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { user, checkout, goToReceipt } = await setup()
      await user.click(methodButton('Card'))
      await waitForActor(checkout, (s) => s.matches('started'))
      polled(checkout, 'COMPLETED')
      expect(screen.getByRole('status')).toHaveTextContent('Payment successful, creating your receipt…')
      await act(async () => {
        await vi.advanceTimersByTimeAsync(RECEIPT_WAIT_MS)
      })
      const done = screen.getByRole('region', { name: 'Payment completed' })
      expect(within(done).getByText('Your payment went through. The receipt is not ready yet.')).toBeInTheDocument()
      expect(within(done).getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/cafe')
      expect(within(done).queryByRole('link', { name: 'View receipt' })).toBeNull()
      expect(goToReceipt).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a customer change during a payment shows Cancelling payment… until the cancel answers', async () => {
    const { user, checkout } = await setup({ cancelPayment: () => pending() })
    await user.click(methodButton('Card'))
    await waitForActor(checkout, (s) => s.matches('started'))
    act(() => fillCustomer(checkout, { phone: '070' }))
    // A card not confirmed here reads its intent first (unread here: not charged), then cancels.
    const text = await screen.findByText('Cancelling payment…')
    expect(text.closest('[role="status"]')).not.toBeNull()
  })

  it('a change whose cancel came too late (409) shows Checking the payment…, not Starting payment…', async () => {
    const { user, checkout } = await setup({ cancelPayment: async () => 'ended' })
    await user.click(methodButton('Card'))
    await waitForActor(checkout, (s) => s.matches('started'))
    act(() => fillCustomer(checkout, { phone: '070' }))
    await waitForActor(checkout, (s) => s.matches('awaitingOutcome'))
    expect(screen.getByRole('status')).toHaveTextContent('Checking the payment…')
    expect(screen.queryByText('Starting payment…')).toBeNull()
  })
})
