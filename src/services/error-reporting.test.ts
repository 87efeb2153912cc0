import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ErrorEvent } from '@sentry/react'
import { version } from '../../package.json'

const init = vi.fn()
const captureException = vi.fn()
vi.mock('@sentry/react', () => ({ init, captureException }))

const { initErrorReporting, reportError } = await import('./error-reporting')
const { scrubEvent, scrubText } = await import('./error-scrubbing')

afterEach(() => {
  init.mockClear()
  captureException.mockClear()
})

describe('scrubText', () => {
  it.each([
    ['Mail to anna.svensson+shop@example.se failed', 'Mail to [email] failed'],
    ['card 4242 4242 4242 4242 declined', 'card [card] declined'],
    ['card 4000-0025-0000-3155', 'card [card]'],
    ['pan=4000000000000002;', 'pan=[card];'],
    ['call 070-123 45 67 now', 'call [phone] now'],
    ['call +46 70 123 45 67', 'call [phone]'],
    ['soita 040 1234567', 'soita [phone]'],
    ['+358401234567', '[phone]'],
    ['0046701234567', '[card]'],
  ])('scrubs %j', (input, expected) => {
    expect(scrubText(input)).toBe(expected)
  })

  it.each(['Receipt 1234 not ready', 'HTTP 500 at step 3', 'chunk-a1b2c3.js:12:3456', 'order 12345'])('keeps %j', (text) => {
    expect(scrubText(text)).toBe(text)
  })
})

describe('scrubEvent', () => {
  const event = (): ErrorEvent => ({
    type: undefined,
    message: 'Could not send receipt to anna@example.se',
    user: { id: 'u1', email: 'anna@example.se', ip_address: '10.0.0.1' },
    request: {
      url: 'https://shop.example/auth/passwordreset?oobCode=secret-code&lang=sv',
      headers: { Cookie: 'session=abc' },
      cookies: { session: 'abc' },
      data: { email: 'anna@example.se' },
      query_string: 'oobCode=secret-code',
    },
    exception: {
      values: [
        {
          type: 'ApiError',
          value: 'Phone 0701234567 is not enrolled',
          stacktrace: { frames: [{ filename: 'https://shop.example/assets/index-1234567890123.js', lineno: 1, colno: 4242424242424242 }] },
        },
      ],
    },
    breadcrumbs: [
      { category: 'navigation', data: { from: '/cafe/cart?email=anna@example.se', to: '/auth/passwordreset?oobCode=x' } },
      { category: 'console', message: 'paying with 4242424242424242' },
      { category: 'fetch', data: { url: '/api/v2/webshop/cafe/cart/startPayment?x=1', method: 'POST' } },
    ],
    extra: { customerInfo: { name: 'Anna Svensson', phone: '0701234567' }, name: 'Anna Svensson', step: 'pay', note: 'ring 070-123 45 67' },
    contexts: { flow: { value: 'form', context: { password: 'hunter22', email: 'a@b.se' } } },
    tags: { shop: 'cafe' },
  })

  it('drops user and request data, keeping the page URL without its query', () => {
    const out = scrubEvent(event())
    expect(out.user).toBeUndefined()
    expect(out.request).toEqual({ url: 'https://shop.example/auth/passwordreset' })
  })

  it('leaves no e-mail, phone, name, card number or secret anywhere in the JSON sent', () => {
    const json = JSON.stringify(scrubEvent(event()))
    for (const secret of ['anna@example.se', '0701234567', '070-123 45 67', 'Anna Svensson', '4242424242424242 ', 'hunter22', 'secret-code', 'a@b.se', 'oobCode=x']) {
      expect(json, secret).not.toContain(secret)
    }
    const out = scrubEvent(event())
    expect(out.message).toBe('Could not send receipt to [email]')
    expect(out.exception?.values?.[0]?.value).toBe('Phone [phone] is not enrolled')
    expect(out.extra).toEqual({ customerInfo: '[redacted]', name: '[redacted]', step: 'pay', note: 'ring [phone]' })
    expect(out.breadcrumbs?.[0]?.data).toEqual({ from: '/cafe/cart', to: '/auth/passwordreset' })
    expect(out.breadcrumbs?.[1]?.message).toBe('paying with [card]')
    expect(out.breadcrumbs?.[2]?.data).toEqual({ url: '/api/v2/webshop/cafe/cart/startPayment', method: 'POST' })
    expect(out.tags).toEqual({ shop: 'cafe' })
  })

  it('keeps stack frames as they are and does not change the event passed in', () => {
    const original = event()
    const copy = structuredClone(original)
    const out = scrubEvent(original)
    expect(out.exception?.values?.[0]?.stacktrace).toEqual(copy.exception?.values?.[0]?.stacktrace)
    expect(original).toEqual(copy)
  })
})

describe('initErrorReporting', () => {
  it('stays off without a DSN and loads nothing', async () => {
    expect(await initErrorReporting({ dsn: undefined, release: undefined })).toBe(false)
    expect(await initErrorReporting({ dsn: '  ', release: '1.2.3' })).toBe(false)
    expect(init).not.toHaveBeenCalled()
    reportError(new Error('x'))
    expect(captureException).not.toHaveBeenCalled()
  })

  it('initialises with release, production, no traces, ignored network errors and the scrubber', async () => {
    expect(await initErrorReporting({ dsn: 'https://key@o1.ingest.example/1', release: undefined })).toBe(true)
    const options = init.mock.calls[0]?.[0] as Record<string, unknown> & { beforeSend: (e: ErrorEvent) => ErrorEvent }
    expect(options).toMatchObject({
      dsn: 'https://key@o1.ingest.example/1',
      release: version,
      environment: 'production',
      tracesSampleRate: 0,
      ignoreErrors: ['Failed to fetch', 'Load failed'],
    })
    expect(options.beforeSend({ type: undefined, message: 'to a@b.se', user: { id: '1' } })).toEqual({ type: undefined, message: 'to [email]' })
    await initErrorReporting({ dsn: 'https://key@o1.ingest.example/1', release: '2026.11.23' })
    expect(init.mock.calls[1]?.[0]).toMatchObject({ release: '2026.11.23' })
    const error = new Error('integration failed')
    reportError(error)
    expect(captureException).toHaveBeenCalledWith(error)
  })
})
