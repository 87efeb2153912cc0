import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { createPlatformApi } from '@/api/client'
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch'
import { createSimulatedStripe, type SimulatedStripe } from './simulated-stripe'
import { createStripeConfirmer } from './card-confirmer'
import type { CardConfirmer } from '../card-gateway'

/** The sandbox's answers per test card (sandbox/app.ts `/sandbox/card/confirm`). */
function sandboxFetch() {
  const confirmations = new Map<string, number>()
  return fakeFetch((call) => {
    const body = call.body as { clientSecret: string; cardNumber: string }
    const n = (confirmations.get(body.clientSecret) ?? 0) + 1
    confirmations.set(body.clientSecret, n)
    switch (body.cardNumber) {
      case '4242424242424242':
        return jsonResponse({ status: 'succeeded', id: 'pi_1' })
      case '4000002500003155':
        return jsonResponse({ status: n === 1 ? 'requires_action' : 'succeeded', id: 'pi_1' })
      case '4000000000000002':
        return jsonResponse({ status: 'failed', id: 'pi_1', error: { message: 'Your card was declined.' } })
      case '4000000000009995':
        return jsonResponse({ status: 'failed', id: 'pi_1', error: {} })
      default:
        return jsonResponse({ status: 'failed', error: { message: 'No such payment intent' } }, 404)
    }
  })
}

const asStripe = (s: SimulatedStripe) => s as unknown as Stripe

interface Captured {
  confirmer: CardConfirmer | null
}

function Capture({ into }: { into: Captured }) {
  const stripe = useStripe()
  const elements = useElements()
  if (stripe && elements) into.confirmer = createStripeConfirmer(stripe, elements)
  return null
}

async function mountCardForm(stripe: SimulatedStripe, locale: 'en' | 'sv' = 'en') {
  const captured: Captured = { confirmer: null }
  const onReady = vi.fn()
  const onChange = vi.fn()
  render(
    <Elements stripe={asStripe(stripe)} options={{ clientSecret: 'pi_1_secret_x', locale }}>
      <PaymentElement onReady={onReady} onChange={onChange} />
      <Capture into={captured} />
    </Elements>,
  )
  await waitFor(() => expect(onReady).toHaveBeenCalled())
  return { captured, onReady, onChange }
}

describe('simulated Stripe inside <Elements> (CONTRACT.md test mode)', () => {
  it('passes react-stripe-js validation and mounts a real card number input that reports ready and change', async () => {
    const user = userEvent.setup()
    const { onChange } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    expect(input).toHaveAttribute('autocomplete', 'cc-number')
    await user.type(input, '4242 4242 4242 4242')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ complete: true, empty: false, elementType: 'payment' }))
  })

  it('labels its inputs in the element locale', async () => {
    await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) }), 'sv')
    expect(screen.getByRole('textbox', { name: 'Kortnummer' })).toBeInTheDocument()
  })

  it('confirms a succeeding card through the sandbox endpoint, same origin, with the typed number', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242')
    const result = await captured.confirmer?.confirm({ clientSecret: 'pi_1_secret_x', stripeAccountId: null, again: false })
    expect(result).toEqual({ status: 'succeeded' })
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]?.method).toBe('POST')
    expect(fake.calls[0]?.url.href).toBe(`${location.origin}/sandbox/card/confirm`)
    expect(fake.calls[0]?.body).toEqual({ clientSecret: 'pi_1_secret_x', cardNumber: '4242424242424242' })
  })

  it('requires action on 4000002500003155, then succeeds when confirmed again', async () => {
    const user = userEvent.setup()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000002500003155')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: true })).toEqual({ status: 'succeeded' })
  })

  it('maps a decline to its message and a failure without message to null', async () => {
    const user = userEvent.setup()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    await user.type(input, '4000000000000002')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    await user.clear(input)
    await user.type(input, '4000000000009995')
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({ status: 'failed', message: null })
  })

  it('refuses an empty card number at submit without calling the server', async () => {
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card number is incomplete.',
    })
    expect(fake.calls).toHaveLength(0)
  })
})

describe('simulated Stripe object', () => {
  it('has the functions <Elements> checks for', () => {
    const stripe = createSimulatedStripe()
    for (const name of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment', 'confirmPayment'] as const) {
      expect(typeof stripe[name]).toBe('function')
    }
  })

  it('answers a network failure as an error result, never a rejection', async () => {
    const stripe = createSimulatedStripe({
      api: createPlatformApi({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) }),
    })
    await expect(stripe.confirmCardPayment('s1')).resolves.toEqual({ error: { type: 'api_connection_error' } })
  })

  it("answers the stand-in's refusal (404, unknown intent) as a card error with its message", async () => {
    const stripe = createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) })
    await expect(stripe.confirmCardPayment('pi_unknown_secret')).resolves.toEqual({ error: { type: 'card_error', message: 'No such payment intent' } })
  })

  it('answers an unreadable body as an error result', async () => {
    const stripe = createSimulatedStripe({ api: createPlatformApi({ fetch: async () => new Response('<html>', { status: 502 }) }) })
    await expect(stripe.confirmCardPayment('s1')).resolves.toEqual({ error: { type: 'api_connection_error' } })
  })

  it('posts to a configured platform base URL', async () => {
    const fake = sandboxFetch()
    const stripe = createSimulatedStripe({ api: createPlatformApi({ baseUrl: 'https://platform.example/base/', fetch: fake.fetch }) })
    await stripe.confirmCardPayment('s1')
    expect(fake.calls[0]?.url.href).toBe('https://platform.example/base/sandbox/card/confirm')
  })
})
