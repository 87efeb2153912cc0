/**
 * A customer of the sandbox platform without a browser: SPEC §7's shop calls with the session
 * cookie kept between calls, for tests that need a paid receipt to look at rather than the way
 * to it (which the journey and payment suites walk in the browser).
 */
import { expect } from 'vitest'

/** Options of one {@link PlatformCustomer.call}: method (default GET) and a JSON body. */
export interface CallInit {
  method?: string
  json?: unknown
}

/** A cookie-keeping client of one sandbox origin. */
export interface PlatformCustomer {
  /** Calls `path` on the sandbox with the session cookie, keeping any new one it sets. */
  call(path: string, init?: CallInit): Promise<Response>
}

/** A new customer (no cookie yet) of the sandbox at `baseUrl`. */
export function platformCustomer(baseUrl: string): PlatformCustomer {
  let cookie = ''
  return {
    async call(path, init = {}) {
      const res = await fetch(new URL(path, baseUrl), {
        method: init.method ?? 'GET',
        headers: { ...(cookie ? { cookie } : {}), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      })
      const sid = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')
      if (sid) cookie = sid[0]
      return res
    },
  }
}

/** How {@link paidReceiptId} pays: Swish (paid on the 3rd poll) or the test card 4242…. */
export type ReceiptMethod = 'swish' | 'card'

/**
 * Buys one `productId` in `shopId` (Swish method `{shopId}-swish`, card `{shopId}-card`) and
 * polls the session until it names the receipt; returns the receipt's opaque id.
 * @throws AssertionError when a call fails or the sandbox does not complete the payment.
 */
export async function paidReceiptId(baseUrl: string, opts: { shopId?: string; productId?: string; method?: ReceiptMethod } = {}): Promise<string> {
  const { shopId = 'cafe', productId = 'espresso', method = 'swish' } = opts
  const customer = platformCustomer(baseUrl)
  const shop = `/api/v2/webshop/${shopId}`
  await customer.call(`${shop}/cart`)
  const put = await customer.call(`${shop}/cart`, {
    method: 'PUT',
    json: { cart: [{ id: 'l1', productId, count: 1, deviations: [], description: '' }], tabItems: [] },
  })
  expect(put.ok, `PUT cart: HTTP ${put.status}`).toBe(true)
  const customerInfo = { name: 'Anna', email: 'anna@example.com', phone: '0701234567', extraInfo: '', postalCode: '', address: '', city: '', isMobile: false }
  const started = await customer.call(`${shop}/cart/startPayment`, {
    method: 'POST',
    json: { paymentMethodId: `${shopId}-${method}`, customerInfo, orderReference: null },
  })
  expect(started.ok, `startPayment: HTTP ${started.status}`).toBe(true)
  if (method === 'card') {
    const { paymentId } = (await started.json()) as { paymentId: string }
    // The simulated card provider's webhook for the test card 4242: succeeded.
    const confirmed = await customer.call('/sandbox/card/confirm', { method: 'POST', json: { clientSecret: paymentId, status: 'succeeded' } })
    expect(confirmed.ok, `card confirm: HTTP ${confirmed.status}`).toBe(true)
  }
  for (let i = 0; i < 5; i++) {
    const session = (await (await customer.call(`${shop}/cart`)).json()) as { receiptId?: string | null }
    if (session.receiptId) return session.receiptId
  }
  throw new Error(`the sandbox did not complete the ${method} payment`)
}
