import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { cardPaymentMachine, type CardConfirmResult, type CardIntentAnswer } from '@machines/payment/providers/card.machine'
import { cardReportsAlone } from '@machines/payment/providers/providers.samples'
import { TestProvider } from '@tests/test-provider'
import { CardPaymentView } from './card-payment.view'
import { pending } from './checkout-view.samples'

function startCard(confirm: (input: { again: boolean }) => Promise<CardConfirmResult>) {
  const calls: boolean[] = []
  const machine = cardPaymentMachine.provide({
    // Rendered alone: no checkout to tell that the card is being charged.
    actions: cardReportsAlone,
    actors: {
      confirmCardPayment: fromPromise(({ input }) => {
        calls.push(input.again)
        return confirm(input)
      }),
    },
  })
  const provider = createActor(machine, {
    input: { methodType: 'STRIPE', paymentId: 'cs_1', isMobile: false, stripeAccountId: 'acct_1', primaryColor: '#000000', shopId: 'cafe', resumed: false },
  }).start()
  return { provider, calls }
}

function renderCard(provider: ReturnType<typeof startCard>['provider'], props: { testMode?: boolean; elementReady?: boolean } = {}) {
  return render(
    <TestProvider>
      <CardPaymentView provider={provider} testMode={props.testMode ?? false} elementReady={props.elementReady ?? true}>
        <input aria-label="Card number" />
      </CardPaymentView>
    </TestProvider>,
  )
}

/** A card payment resumed after a reload, whose intent read answers `retrieve()`. */
function resumeCard(retrieve: () => Promise<CardIntentAnswer>) {
  const machine = cardPaymentMachine.provide({ actions: cardReportsAlone, actors: { retrieveCardIntent: fromPromise(retrieve) } })
  return createActor(machine, {
    input: { methodType: 'STRIPE', paymentId: 'cs_1', isMobile: false, stripeAccountId: 'acct_1', primaryColor: '#000000', shopId: 'cafe', resumed: true },
  }).start()
}

describe('CardPaymentView (SPEC §2 "Card", §4 "Card")', () => {
  it('resumed after a reload: busy while the intent is read, then the success message if Pay had gone through', async () => {
    renderCard(resumeCard(() => pending()))
    expect(screen.getByRole('status')).toHaveTextContent('Processing payment…')
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled()
  })

  it('resumed after a reload with a paid intent: the success message and no Pay', async () => {
    renderCard(resumeCard(async () => ({ status: 'succeeded' })))
    expect(await screen.findByText('Payment successful, creating your receipt…')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull()
  })

  it('resumed after a reload with an unpaid intent: Pay as before', async () => {
    renderCard(resumeCard(async () => ({ status: 'requires_payment_method' })))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled())
    // The status line stays, empty, for what comes next (WCAG 4.1.3).
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('shows Test mode only with the simulated provider, and the element', () => {
    const { provider } = startCard(async () => ({ status: 'succeeded' }))
    const { unmount } = renderCard(provider, { testMode: true })
    expect(screen.getByText('Test mode')).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument()
    unmount()
    renderCard(provider, { testMode: false })
    expect(screen.queryByText('Test mode')).toBeNull()
  })

  it('keeps Pay disabled until the element is ready', () => {
    const { provider } = startCard(async () => ({ status: 'succeeded' }))
    renderCard(provider, { elementReady: false })
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled()
  })

  it('Pay confirms; while confirming it is busy and says Processing payment…', async () => {
    const user = userEvent.setup()
    const { provider, calls } = startCard(() => pending())
    renderCard(provider)
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(calls).toEqual([false])
    expect(screen.getByRole('status')).toHaveTextContent('Processing payment…')
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled()
  })

  it('says Processing payment… and then success in the one status line that was there before Pay (WCAG 4.1.3)', async () => {
    const user = userEvent.setup()
    let pay: (result: CardConfirmResult) => void = () => {}
    const { provider } = startCard(() => new Promise((resolve) => (pay = resolve)))
    renderCard(provider)
    const line = screen.getByRole('status')
    expect(line).toBeEmptyDOMElement()
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(line).toHaveTextContent('Processing payment…')
    pay({ status: 'succeeded' })
    await waitFor(() => expect(line).toHaveTextContent('Payment successful, creating your receipt…'))
    expect(screen.getByRole('status')).toBe(line)
  })

  it('tells a refusal above Pay and scrolls it into view: Pay may sit at the bottom edge of a phone', async () => {
    const user = userEvent.setup()
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    const { provider } = startCard(async () => ({ status: 'failed', message: 'Your card was declined.' }))
    renderCard(provider)
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    const alert = await screen.findByRole('alert')
    expect(alert.compareDocumentPosition(screen.getByRole('button', { name: 'Pay' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' })
    expect(scrolled.mock.contexts.at(-1)).toBe(alert.parentElement)
    scrolled.mockRestore()
  })

  it('confirms again after requires_action and then reports success', async () => {
    const user = userEvent.setup()
    const { provider, calls } = startCard(async ({ again }) => (again ? { status: 'succeeded' } : { status: 'requires_action' }))
    renderCard(provider)
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(await screen.findByText('Payment successful, creating your receipt…')).toBeInTheDocument()
    expect(calls).toEqual([false, true])
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull()
  })

  it.each<[CardConfirmResult, string]>([
    [{ status: 'failed', message: 'Your card was declined.' }, 'An error occurred, please try again: Your card was declined.'],
    [{ status: 'failed', message: null }, 'An unknown error occurred, please try again'],
  ])('a refusal %j shows %s and Pay can be pressed again', async (answer, text) => {
    const user = userEvent.setup()
    const { provider, calls } = startCard(async () => answer)
    renderCard(provider)
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(calls).toHaveLength(2)
  })
})
