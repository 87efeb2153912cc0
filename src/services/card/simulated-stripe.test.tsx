import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { createHttp, type HttpOptions } from '@/api/http'
import { fakeFetch, jsonResponse, type FakeFetch } from '@/api/testing/fake-fetch'
import { createCardSandboxApi, type CardSandboxApi } from '@/api/endpoints/card-sandbox'
import { createSimulatedStripe, type SimulatedStripe } from './simulated-stripe'
import { createStripeConfirmer } from './card-confirmer'
import type { CardConfirmer } from '../card-gateway'

/** A stand-in platform that records the notifications and answers 200 like the sandbox (answer unread). */
function sandboxFetch() {
  return fakeFetch(() => jsonResponse({ status: 'succeeded', id: 'pi_1' }))
}

/** The calls to one of the sandbox's card paths: `confirm` (the webhook) or `intent` (the provider's record). */
const callsTo = (fake: FakeFetch, what: 'confirm' | 'intent') => fake.calls.filter((c) => c.url.pathname.endsWith(`/sandbox/card/${what}`))

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
    const { onChange } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: sandboxFetch().fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    expect(input).toHaveAttribute('autocomplete', 'cc-number')
    await user.type(input, '4242 4242 4242 4242')
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ complete: true, empty: false, elementType: 'payment' }))
  })

  it('labels its inputs in the element locale', async () => {
    await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: sandboxFetch().fetch }) }), 'sv')
    expect(screen.getByRole('textbox', { name: 'Kortnummer' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Utgångsdatum' })).toHaveAttribute('placeholder', 'MM / ÅÅ')
  })

  it('takes a new locale through <Elements> options as Stripe does: relabelled in place, the typed number kept', async () => {
    const user = userEvent.setup()
    const stripe = asStripe(createSimulatedStripe({ sandbox: overHttp({ fetch: sandboxFetch().fetch }) }))
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
    expect(screen.getByRole('textbox', { name: 'Utgångsdatum' })).toHaveAttribute('placeholder', 'MM / ÅÅ')
    await user.clear(input)
    // Its own messages follow the new locale too.
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Kortnumret är ofullständigt.',
    })
  })

  it('honours readOnly at creation and through element.update as Stripe does: inputs disabled, the typed number kept', async () => {
    const user = userEvent.setup()
    const stripe = asStripe(createSimulatedStripe({ sandbox: overHttp({ fetch: sandboxFetch().fetch }) }))
    const onReady = vi.fn()
    const form = (readOnly: boolean) => (
      <Elements stripe={stripe} options={{ clientSecret: 'pi_1_secret_x', locale: 'en' }}>
        <PaymentElement onReady={onReady} options={{ layout: 'tabs', readOnly }} />
      </Elements>
    )
    const { rerender } = render(form(true))
    await waitFor(() => expect(onReady).toHaveBeenCalled())
    const fields = () => ['Card number', 'Expiry date', 'CVC'].map((name) => screen.getByRole('textbox', { name }))
    for (const field of fields()) expect(field).toBeDisabled()
    rerender(form(false))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Card number' })).toBeEnabled())
    for (const field of fields()) expect(field).toBeEnabled()
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242')
    rerender(form(true))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Card number' })).toBeDisabled())
    for (const field of fields()) expect(field).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242')
  })

  it('succeeds on 4242 locally and notifies the sandbox, same origin, with the typed digits', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242')
    const result = await captured.confirmer?.confirm({ clientSecret: 'pi_1_secret_x', stripeAccountId: null, again: false })
    expect(result).toEqual({ status: 'succeeded' })
    const [notified, ...more] = callsTo(fake, 'confirm')
    expect(more).toHaveLength(0)
    expect(notified?.method).toBe('POST')
    expect(notified?.url.href).toBe(`${location.origin}/sandbox/card/confirm`)
    // The outcome, as Stripe's webhook would say it: never the card number.
    expect(notified?.body).toEqual({ clientSecret: 'pi_1_secret_x', status: 'succeeded', message: null })
    expect(JSON.stringify(fake.calls.map((c) => c.body))).not.toContain('4242')
    // The intent's new status is recorded apart, where retrievePaymentIntent reads it after a reload.
    expect(callsTo(fake, 'intent').map((c) => [c.method, c.url.href, c.body])).toEqual([
      ['POST', `${location.origin}/sandbox/card/intent`, { clientSecret: 'pi_1_secret_x', status: 'succeeded' }],
    ])
    expect(fake.calls).toHaveLength(2)
  })

  it('requires action on 4000002500003155 once per client secret, then succeeds; each confirmation is notified', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000002500003155')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: true })).toEqual({ status: 'succeeded' })
    // Another intent asks for its own action.
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(callsTo(fake, 'intent').map((c) => c.body)).toEqual([
      { clientSecret: 's1', status: 'requires_action' },
      { clientSecret: 's1', status: 'succeeded' },
      { clientSecret: 's2', status: 'requires_action' },
    ])
    expect(callsTo(fake, 'confirm').map((c) => c.body)).toEqual([
      { clientSecret: 's1', status: 'requires_action', message: null },
      { clientSecret: 's1', status: 'succeeded', message: null },
      { clientSecret: 's2', status: 'requires_action', message: null },
    ])
  })

  it('asks for action on 4000008400001629, then declines it (authenticated, then card_declined)', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000008400001629')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'requires_action' })
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: true })).toEqual({ status: 'failed', message: 'Your card was declined.' })
  })

  it('declines 0002 with its message and fails 9995 without one, notifying the sandbox of both', async () => {
    const user = userEvent.setup()
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    await user.type(input, '4000000000000002')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    await user.clear(input)
    await user.type(input, '4000000000009995')
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({ status: 'failed', message: null })
    // A refused card leaves the intent waiting for a payment method, as Stripe's does.
    expect(callsTo(fake, 'intent').map((c) => c.body)).toEqual([
      { clientSecret: 's1', status: 'requires_payment_method' },
      { clientSecret: 's2', status: 'requires_payment_method' },
    ])
    // The sandbox marks a declined session FAILED, so the checkout's poll offers Try again.
    expect(callsTo(fake, 'confirm').map((c) => c.body)).toEqual([
      { clientSecret: 's1', status: 'failed', message: 'Your card was declined.' },
      { clientSecret: 's2', status: 'failed', message: null },
    ])
  })

  it('declines in the element locale, as Stripe localises its refusals (SPEC §7: Swedish locale)', async () => {
    const user = userEvent.setup()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: sandboxFetch().fetch }) }), 'sv')
    const input = screen.getByRole('textbox', { name: 'Kortnummer' })
    await user.type(input, '4000000000000002')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'failed', message: 'Ditt kort nekades.' })
    await user.clear(input)
    await user.type(input, '4242 4242 424')
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({ status: 'failed', message: 'Kortnumret är ogiltigt.' })
  })

  it.each([
    ['4111 1111 1111 1111', { status: 'succeeded' }],
    ['4242 4242 4242', { status: 'succeeded' }],
    ['4242 4242 424', { status: 'failed', message: 'Your card number is invalid.' }],
    ['4242 4242 4242 4242 4242', { status: 'failed', message: 'Your card number is invalid.' }],
  ])('answers %s as the sandbox table does: %j', async (card, expected) => {
    const user = userEvent.setup()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: sandboxFetch().fetch }) }))
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), card)
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual(expected)
  })

  it('refuses an empty card number at submit without notifying the server', async () => {
    const fake = sandboxFetch()
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) }))
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card number is incomplete.',
    })
    expect(fake.calls).toHaveLength(0)
  })

  it.each(failingPlatforms)('decides alone when the notification meets %s: 4242 succeeds, 0002 declines', async (_, answer) => {
    const user = userEvent.setup()
    const fake = fakeFetch(answer)
    const { captured } = await mountCardForm(createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) }))
    const input = screen.getByRole('textbox', { name: 'Card number' })
    await user.type(input, '4242424242424242')
    expect(await captured.confirmer?.confirm({ clientSecret: 's1', stripeAccountId: null, again: false })).toEqual({ status: 'succeeded' })
    await user.clear(input)
    await user.type(input, '4000000000000002')
    expect(await captured.confirmer?.confirm({ clientSecret: 's2', stripeAccountId: null, again: false })).toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    })
    expect(callsTo(fake, 'confirm')).toHaveLength(2)
    expect(callsTo(fake, 'intent')).toHaveLength(2)
  })
})

/** The sandbox calls over the HTTP layer (fetch and base URL as the app's would be). */
const overHttp = (options: HttpOptions) => createCardSandboxApi(createHttp(options))

/** A sandbox that takes every record and notification at once and has no intents to tell of. */
const quietSandbox: CardSandboxApi = {
  recordSimulatedCardIntent: async () => {},
  notifySimulatedCard: async () => {},
  getSimulatedCardIntent: (): Promise<{ status: string }> => Promise.reject(new Error('Not Found')),
}

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
    const stripe = createSimulatedStripe({ sandbox: overHttp({ fetch: fake.fetch }) })
    await expect(stripe.confirmCardPayment('pi_1_secret_x')).resolves.toEqual({ error: { type: 'card_error', message: 'Your card number is invalid.' } })
    expect(callsTo(fake, 'confirm')[0]?.body).toEqual({ clientSecret: 'pi_1_secret_x', status: 'failed', message: 'Your card number is invalid.' })
  })

  it('answers only after the notification has arrived, so the sandbox has recorded it before polling', async () => {
    const order: string[] = []
    const sandbox: CardSandboxApi = {
      ...quietSandbox,
      recordSimulatedCardIntent: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10))
        order.push('recorded')
      },
      notifySimulatedCard: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        order.push('notified')
      },
    }
    await createSimulatedStripe({ sandbox }).confirmCardPayment('s1')
    order.push('answered')
    expect(order).toEqual(['recorded', 'notified', 'answered'])
  })

  it('waits at most 2 s for a notification that never answers', async () => {
    vi.useFakeTimers()
    const stripe = createSimulatedStripe({ sandbox: { ...quietSandbox, notifySimulatedCard: () => new Promise<void>(() => {}) } })
    let answer: unknown = null
    void stripe.confirmCardPayment('s1').then((a) => (answer = a))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(answer).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(answer).toEqual({ error: { type: 'card_error', message: 'Your card number is invalid.' } })
  })

  it('ignores sandbox calls that throw synchronously', async () => {
    const sandbox: CardSandboxApi = {
      ...quietSandbox,
      recordSimulatedCardIntent: (): Promise<void> => {
        throw new Error('boom')
      },
      notifySimulatedCard: (): Promise<void> => {
        throw new Error('boom')
      },
    }
    await expect(createSimulatedStripe({ sandbox }).confirmCardPayment('s1')).resolves.toHaveProperty('error.type', 'card_error')
  })

  it('notifies a configured platform base URL', async () => {
    const fake = sandboxFetch()
    const stripe = createSimulatedStripe({ sandbox: overHttp({ baseUrl: 'https://platform.example/base/', fetch: fake.fetch }) })
    await stripe.confirmCardPayment('s1')
    expect(fake.calls.map((c) => c.url.href).sort()).toEqual(['https://platform.example/base/sandbox/card/confirm', 'https://platform.example/base/sandbox/card/intent'])
  })

  it('records the verdict even while the platform notification is held, so a reload can read it', async () => {
    vi.useFakeTimers()
    const recorded: unknown[] = []
    const sandbox: CardSandboxApi = { ...quietSandbox, recordSimulatedCardIntent: async (clientSecret: string, status: string) => void recorded.push({ clientSecret, status }), notifySimulatedCard: () => new Promise<void>(() => {}) }
    let answer: unknown = null
    void createSimulatedStripe({ sandbox }).confirmCardPayment('pi_1_secret_x').then((a) => (answer = a))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(answer).toHaveProperty('error.type', 'card_error')
    expect(recorded).toEqual([{ clientSecret: 'pi_1_secret_x', status: 'requires_payment_method' }])
  })
})

describe('simulated Stripe retrievePaymentIntent (a card payment resumed after a reload, SPEC §4 "Card")', () => {
  it('answers the status the sandbox recorded, as a PaymentIntent with its id, from the configured platform', async () => {
    const fake = fakeFetch(() => jsonResponse({ status: 'succeeded' }))
    const stripe = createSimulatedStripe({ sandbox: overHttp({ baseUrl: 'https://platform.example/base/', fetch: fake.fetch }) })
    await expect(stripe.retrievePaymentIntent('pi_1_secret_x')).resolves.toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded', client_secret: 'pi_1_secret_x' },
    })
    expect(fake.calls.map((c) => [c.method, c.url.href])).toEqual([['GET', 'https://platform.example/base/sandbox/card/intent?clientSecret=pi_1_secret_x']])
  })

  it('reads what a confirmation recorded (one sandbox for both)', async () => {
    const intents = new Map<string, string>()
    const sandbox: CardSandboxApi = {
      ...quietSandbox,
      recordSimulatedCardIntent: async (clientSecret: string, status: string) => void intents.set(clientSecret, status),
      getSimulatedCardIntent: async (clientSecret: string) => ({ status: intents.get(clientSecret) ?? 'requires_payment_method' }),
    }
    const before = createSimulatedStripe({ sandbox })
    await expect(before.retrievePaymentIntent('pi_1_secret_x')).resolves.toHaveProperty('paymentIntent.status', 'requires_payment_method')
    await before.confirmCardPayment('pi_1_secret_x')
    // The card number was invalid (no element): the intent still waits for a payment method.
    await expect(createSimulatedStripe({ sandbox }).retrievePaymentIntent('pi_1_secret_x')).resolves.toHaveProperty('paymentIntent.status', 'requires_payment_method')
    intents.set('pi_1_secret_x', 'succeeded')
    // A new page (a reload) has a new simulated Stripe: the sandbox alone remembers.
    await expect(createSimulatedStripe({ sandbox }).retrievePaymentIntent('pi_1_secret_x')).resolves.toHaveProperty('paymentIntent.status', 'succeeded')
  })

  it("answers this browser's copy of the verdict when the platform has no sandbox record (any other server: 404)", async () => {
    const record = new Map<string, string>()
    const browserRecord = () => ({ getItem: (k: string) => record.get(k) ?? null, setItem: (k: string, v: string) => void record.set(k, v) }) as unknown as Storage
    const sandbox: CardSandboxApi = { ...quietSandbox, getSimulatedCardIntent: () => Promise.reject(new Error('HTTP 404')) }
    expect((await createSimulatedStripe({ sandbox, browserRecord }).retrievePaymentIntent('pi_1_secret_x')).error).toBeDefined()
    await createSimulatedStripe({ sandbox, browserRecord }).confirmCardPayment('pi_1_secret_x')
    // A reload: a new simulated Stripe finds the verdict this browser kept.
    await expect(createSimulatedStripe({ sandbox, browserRecord }).retrievePaymentIntent('pi_1_secret_x')).resolves.toEqual({
      paymentIntent: { id: 'pi_1', status: 'requires_payment_method', client_secret: 'pi_1_secret_x' },
    })
  })

  it.each(failingPlatforms.slice(0, 4))('answers an error, never throws, when the platform gives %s and this browser kept nothing', async (_, answer) => {
    const stripe = createSimulatedStripe({ sandbox: overHttp({ fetch: fakeFetch(answer).fetch }), browserRecord: () => undefined })
    const result = await stripe.retrievePaymentIntent('pi_1_secret_x')
    expect(result.paymentIntent).toBeUndefined()
    expect(result.error).toEqual({ type: 'api_error', message: expect.any(String) })
  })
})
