import { describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { createActor, fromPromise } from 'xstate'
import { cardPaymentMachine, type CardConfirmResult } from '@machines/payment/providers/card.machine'
import { cardReportsAlone } from '@machines/payment/providers/providers.samples'
import { createCardGateway } from '@/services/card-gateway'
import { CardForm } from './-card-form'

/** A card payment whose confirmations wait until the test settles them, one at a time. */
function startCard() {
  const waiting: ((result: CardConfirmResult) => void)[] = []
  const machine = cardPaymentMachine.provide({
    // Rendered alone: no checkout to tell that the card is being charged.
    actions: cardReportsAlone,
    actors: { confirmCardPayment: fromPromise(() => new Promise<CardConfirmResult>((resolve) => waiting.push(resolve))) },
  })
  const card = createActor(machine, {
    input: { methodType: 'STRIPE', paymentId: 'pi_1_secret_x', isMobile: false, stripeAccountId: null, primaryColor: '#000000', shopId: 'cafe', resumed: false },
  }).start()
  const settle = (result: CardConfirmResult) => act(() => waiting.shift()?.(result))
  return { card, settle }
}

describe('CardForm (SPEC §2 "Card", §4 "Card"; the simulated provider without a key)', () => {
  it('makes the payment element read-only while the card is confirmed and once it is charged, and editable after a failure', async () => {
    const { card, settle } = startCard()
    render(<CardForm card={card} locale="en" gateway={createCardGateway()} />)
    const number = await screen.findByRole('textbox', { name: 'Card number' })
    expect(number).toBeEnabled()

    act(() => card.send({ type: 'card.submit' }))
    await waitFor(() => expect(number).toBeDisabled())
    expect(screen.getByRole('textbox', { name: 'CVC' })).toBeDisabled()

    // Declined: nothing was charged, so another card can be typed.
    await settle({ status: 'failed', message: 'Your card was declined.' })
    await waitFor(() => expect(number).toBeEnabled())

    act(() => card.send({ type: 'card.submit' }))
    await waitFor(() => expect(number).toBeDisabled())
    await settle({ status: 'succeeded' })
    expect(card.getSnapshot().value).toBe('succeeded')
    expect(number).toBeDisabled()
  })
})
