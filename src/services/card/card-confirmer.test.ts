import { describe, expect, it, vi } from 'vitest'
import { createStripeConfirmer, toCardConfirmResult, type ConfirmAnswer, type SubmittableElements } from './card-confirmer'

describe('toCardConfirmResult (SPEC §4 "Card")', () => {
  it.each<[ConfirmAnswer, unknown]>([
    [{ paymentIntent: { status: 'succeeded' } }, { status: 'succeeded' }],
    [{ paymentIntent: { status: 'processing' } }, { status: 'processing' }],
    // Authorised for a later capture: a second Pay would authorise the card twice.
    [{ paymentIntent: { status: 'requires_capture' } }, { status: 'requires_capture' }],
    [{ paymentIntent: { status: 'requires_action' } }, { status: 'requires_action' }],
    [{ paymentIntent: { status: 'requires_payment_method' } }, { status: 'failed', message: null }],
    [{ error: { message: 'Your card was declined.' } }, { status: 'failed', message: 'Your card was declined.' }],
    [{ error: { message: '  ' } }, { status: 'failed', message: null }],
    [{ error: {} }, { status: 'failed', message: null }],
    [{}, { status: 'failed', message: null }],
  ])('%j → %j', (answer, expected) => {
    expect(toCardConfirmResult(answer)).toEqual(expected)
  })
})

function fakes(submit: Awaited<ReturnType<SubmittableElements['submit']>> = {}) {
  const elements = { submit: vi.fn(async () => submit) }
  const stripe = {
    confirmPayment: vi.fn(async (): Promise<ConfirmAnswer> => ({ paymentIntent: { status: 'requires_action' } })),
    confirmCardPayment: vi.fn(async (): Promise<ConfirmAnswer> => ({ paymentIntent: { status: 'succeeded' } })),
  }
  return { elements, stripe, confirmer: createStripeConfirmer(stripe, elements) }
}

describe('createStripeConfirmer', () => {
  it('first submits the element, then confirms without redirect unless required', async () => {
    const { elements, stripe, confirmer } = fakes()
    expect(await confirmer.confirm({ clientSecret: 'cs_1', stripeAccountId: 'acct_1', again: false })).toEqual({ status: 'requires_action' })
    expect(elements.submit).toHaveBeenCalledTimes(1)
    expect(stripe.confirmPayment).toHaveBeenCalledWith({ elements, clientSecret: 'cs_1', redirect: 'if_required' })
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled()
  })

  it('confirms again with confirmCardPayment(clientSecret) after requires_action', async () => {
    const { elements, stripe, confirmer } = fakes()
    expect(await confirmer.confirm({ clientSecret: 'cs_1', stripeAccountId: null, again: true })).toEqual({ status: 'succeeded' })
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('cs_1')
    expect(elements.submit).not.toHaveBeenCalled()
  })

  it('stops at a failed submit with its message', async () => {
    const { stripe, confirmer } = fakes({ error: { message: 'Your card number is incomplete.' } })
    expect(await confirmer.confirm({ clientSecret: 'cs_1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card number is incomplete.',
    })
    expect(stripe.confirmPayment).not.toHaveBeenCalled()
  })

  it('turns a thrown provider error into a failure with its message', async () => {
    const { stripe, confirmer } = fakes()
    stripe.confirmPayment.mockRejectedValueOnce(new Error('stripe exploded'))
    expect(await confirmer.confirm({ clientSecret: 'cs_1', stripeAccountId: null, again: false })).toEqual({ status: 'failed', message: 'stripe exploded' })
  })
})
