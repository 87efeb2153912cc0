import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { createPlatformApi } from '@/api/client'
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch'
import { createSimulatedStripe, type SimulatedStripe } from './simulated-stripe'
import { createStripeConfirmer } from './card-confirmer'
import type { CardConfirmer } from '../card-gateway'

/** A stand-in platform that records the notifications and answers 200 like the sandbox (answer unread). */
function sandboxFetch() {
  return fakeFetch(() => jsonResponse({ status: 'succeeded', id: 'pi_1' }))
}

/** Platform APIs whose notification fails in each way a foreign or broken server can. */
const failingPlatforms: [string, () => Response | Promise<Response>][] = [
  ['404 (a server without the sandbox)', () => jsonResponse({ message: 'Not Found' }, 404)],
  ['500', () => new Response('oops', { status: 500 })],
  ['a dropped connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['a malformed body', () => new Response('<html>', { status: 200 })],
  ['an answer contradicting the card', () => jsonResponse({ status: 'failed', error: { message: 'No such payment intent' } })],
]

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

  it('takes a new locale through <Elements> options as Stripe does: relabelled in place, the typed number kept', async () => {
    const user = userEvent.setup()
    const stripe = asStripe(createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) }))
    const captured: Captured = { confirmer: null }
    const onReady = vi.fn()
    const form = (locale: 'en' | 'sv') => (
      <Elements stripe={stripe} options={{ clientSecret: 'pi_1_secret_x', locale }}>
        <PaymentElement onReady={onReady} />
        <Capture into={captured} />
      </Elements>
    )
    const { rerender } = render(form('en'))
    await waitFor(() => expect(onReady).toHaveBeenCalled())
    const input = screen.getByRole('textbox', { name: 'Card number' })
    await user.type(input, '4242')
    rerender(form('sv'))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Kortnummer' })).toBe(input))
    expect(input).toHaveValue('4242')
    expect(screen.getByText('Testkort: 4242 4242 4242 4242')).toBeInTheDocument()
    await user.clear(input)
    // Its own messages follow the new locale too.
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Kortnumret är ofullständigt.',
    })
  })

  it('succeeds on 4242 locally and notifies the sandbox, same origin, with the typed digits', async () => {
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

  it('requires action on 4000002500003155 once per client secret, then succeeds; each confirmation is notified', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000002500003155')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: true })).toEqual({ status: 'succeeded' })
    // Another intent asks for its own action.
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(fake.calls.map((c) => c.body)).toEqual([
      { clientSecret: 's1', cardNumber: '4000002500003155' },
      { clientSecret: 's1', cardNumber: '4000002500003155' },
      { clientSecret: 's2', cardNumber: '4000002500003155' },
    ])
  })

  it('asks for action on 4000008400001629, then declines it (authenticated, then card_declined)', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000008400001629')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: true })).toEqual({ status: 'failed', message: 'Your card was declined.' })
  })

  it('declines 0002 with its message and fails 9995 without one, notifying the sandbox of both', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    await user.type(input, '4000000000000002')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    await user.clear(input)
    await user.type(input, '4000000000009995')
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({ status: 'failed', message: null })
    // The sandbox marks a declined session FAILED, so the checkout's poll offers Try again.
    expect(fake.calls.map((c) => c.body)).toEqual([
      { clientSecret: 's1', cardNumber: '4000000000000002' },
      { clientSecret: 's2', cardNumber: '4000000000009995' },
    ])
  })

  it.each([
    ['4111 1111 1111 1111', { status: 'succeeded' }],
    ['4242 4242 4242', { status: 'succeeded' }],
    ['4242 4242 424', { status: 'failed', message: 'Your card number is invalid.' }],
    ['4242 4242 4242 4242 4242', { status: 'failed', message: 'Your card number is invalid.' }],
  ])('answers %s as the sandbox table does: %j', async (card, expected) => {
    const user = userEvent.setup()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: sandboxFetch().fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), card)
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual(expected)
  })

  it('refuses an empty card number at submit without notifying the server', async () => {
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card number is incomplete.',
    })
    expect(fake.calls).toHaveLength(0)
  })

  it.each(failingPlatforms)('decides alone when the notification meets %s: 4242 succeeds, 0002 declines', async (_, answer) => {
    const user = userEvent.setup()
    const fake = fakeFetch(answer)
    const { captured } = await mountCardForm(createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    await user.type(input, '4242424242424242')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'succeeded' })
    await user.clear(input)
    await user.type(input, '4000000000000002')
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    expect(fake.calls).toHaveLength(2)
  })
})

describe('simulated Stripe object', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('has the functions <Elements> checks for', () => {
    const stripe = createSimulatedStripe()
    for (const name of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment', 'confirmPayment'] as const) {
      expect(typeof stripe[name]).toBe('function')
    }
  })

  it('answers a confirmation without a card element as an invalid number, and still notifies', async () => {
    const fake = sandboxFetch()
    const stripe = createSimulatedStripe({ api: createPlatformApi({ fetch: fake.fetch }) })
    await expect(stripe.confirmCardPayment('pi_1_secret_x')).resolves.toEqual({ error: { type: 'card_error', message: 'Your card number is invalid.' } })
    expect(fake.calls[0]?.body).toEqual({ clientSecret: 'pi_1_secret_x', cardNumber: '' })
  })

  it('answers only after the notification has arrived, so the sandbox has recorded it before polling', async () => {
    const order: string[] = []
    const api = {
      notifySimulatedCard: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        order.push('notified')
      },
    }
    await createSimulatedStripe({ api }).confirmCardPayment('s1')
    order.push('answered')
    expect(order).toEqual(['notified', 'answered'])
  })

  it('waits at most 2 s for a notification that never answers', async () => {
    vi.useFakeTimers()
    const stripe = createSimulatedStripe({ api: { notifySimulatedCard: () => new Promise<void>(() => {}) } })
    let answer: unknown = null
    void stripe.confirmCardPayment('s1').then((a) => (answer = a))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(answer).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(answer).toEqual({ error: { type: 'card_error', message: 'Your card number is invalid.' } })
  })

  it('ignores an api that throws synchronously', async () => {
    const api = {
      notifySimulatedCard: (): Promise<void> => {
        throw new Error('boom')
      },
    }
    await expect(createSimulatedStripe({ api }).confirmCardPayment('s1')).resolves.toHaveProperty('error.type', 'card_error')
  })

  it('notifies a configured platform base URL', async () => {
    const fake = sandboxFetch()
    const stripe = createSimulatedStripe({ api: createPlatformApi({ baseUrl: 'https://platform.example/base/', fetch: fake.fetch }) })
    await stripe.confirmCardPayment('s1')
    expect(fake.calls[0]?.url.href).toBe('https://platform.example/base/sandbox/card/confirm')
  })
})
