import { describe, expect, it } from 'vitest'
import { createPlatformApi } from './client'
import { fakeFetch, jsonResponse, textResponse } from './testing/fake-fetch'
import type { FakeHandler } from './testing/fake-fetch'
import { receiptWire, sessionWire, shopWire } from './testing/wire-samples'
import type { PutCartBody, StartPaymentBody } from './schemas/session.schema'

const BASE = 'https://api.test/base'

function setup(handler?: FakeHandler) {
  const fake = fakeFetch(handler)
  const api = createPlatformApi({ baseUrl: BASE, fetch: fake.fetch })
  const only = () => {
    expect(fake.calls).toHaveLength(1)
    const call = fake.calls[0]
    if (!call) throw new Error('no call')
    return call
  }
  return { api, calls: fake.calls, only }
}

const customerInfo: StartPaymentBody['customerInfo'] = {
  name: 'Anna',
  email: 'anna@example.se',
  phone: '0701234567',
  extraInfo: '',
  postalCode: '',
  address: '',
  city: '',
  isMobile: false,
}

describe('endpoints: method, path, body, credentials (SPEC §7)', () => {
  it('getShop GETs /api/v2/webshop/{shopId} with credentials and normalises the answer', async () => {
    const { api, only } = setup(() => jsonResponse(shopWire()))
    const shop = await api.getShop('shop-1')
    const call = only()
    expect(call.method).toBe('GET')
    expect(call.url.href).toBe(`${BASE}/api/v2/webshop/shop-1`)
    expect(call.credentials).toBe('include')
    // Past the HTTP cache: a retry is never held behind an identical GET still hanging.
    expect(call.cache).toBe('no-store')
    expect(call.body).toBeNull()
    expect(shop.shop.title).toBe('Kaffebaren')
    expect(shop.articles['a1']?.deviationGroupIds).toEqual(['g1'])
    expect(shop.deviationGroups['g1']?.deviationIds).toEqual(['d1', 'd2'])
  })

  it('getShop rejects a bad article as badResponse naming its path in the whole answer', async () => {
    const wire = shopWire()
    const articles = Array.from({ length: 120 }, (_, i) => ({ id: `x${i}`, title: `X ${i}`, price: i === 101 ? '12 kr' : 100 }))
    const { api } = setup(() => jsonResponse({ ...wire, articles }))
    const error = await api.getShop('shop-1').catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'badResponse', status: 200 })
    expect(String((error as Error).message)).toMatch(/^Unexpected answer from the platform at articles\.101\.price: .+ \(GET \/api\/v2\/webshop\/shop-1\)$/)
  })

  it('URL-encodes path segments taken from the URL bar', async () => {
    const { api, only } = setup(() => jsonResponse(receiptWire()))
    await api.getReceipt('a/b?c', 'r#1 x')
    expect(only().url.pathname).toBe('/base/api/v2/webshop/a%2Fb%3Fc/receipt/r%231%20x')
  })

  it('getSession sends only the query parameters that are set', async () => {
    const { api, calls } = setup(() => jsonResponse(sessionWire()))
    await api.getSession('s1', { table: '4', tabId: null })
    await api.getSession('s1', { table: null, tabId: 'tab 9' })
    await api.getSession('s1', { table: null, tabId: null })
    await api.getSession('s1', { table: '', tabId: '' })
    expect(calls.map((c) => c.url.pathname)).toEqual(Array(4).fill('/base/api/v2/webshop/s1/cart'))
    expect(calls.map((c) => c.url.search)).toEqual(['?table=4', '?tabId=tab+9', '', ''])
    expect(calls.every((c) => c.method === 'GET' && c.credentials === 'include')).toBe(true)
  })

  it('putCart PUTs the cart and tab items as JSON and accepts an empty 204', async () => {
    const body: PutCartBody = {
      cart: [{ id: 'ci1', productId: 'a1', count: 2, deviations: ['d1'], description: 'no nuts' }],
      tabItems: [{ id: 'tl1', count: 1 }],
    }
    const { api, only } = setup()
    await expect(api.putCart('s1', body)).resolves.toBeUndefined()
    const call = only()
    expect(call.method).toBe('PUT')
    expect(call.url.pathname).toBe('/base/api/v2/webshop/s1/cart')
    expect(call.body).toEqual(body)
    expect(call.headers.get('content-type')).toContain('application/json')
    expect(call.credentials).toBe('include')
    expect(call.keepalive).toBe(false)
  })

  it('putCart with keepalive lets the request outlive the page (the last edit before a reload)', async () => {
    const { api, only } = setup()
    await api.putCart('s1', { cart: [], tabItems: [] }, { keepalive: true })
    expect(only()).toMatchObject({ method: 'PUT', keepalive: true, credentials: 'include' })
  })

  it('"not shown" answers may be any JSON or plain text with a 2xx status', async () => {
    const answers = [jsonResponse({ whatever: [1, 2] }), jsonResponse(null), textResponse('OK', 200), new Response('', { status: 200 })]
    const { api } = setup(() => answers.shift() ?? new Response(null, { status: 204 }))
    await expect(api.putCart('s1', { cart: [], tabItems: [] })).resolves.toBeUndefined()
    await expect(api.saveReference('s1', '12')).resolves.toBeUndefined()
    await expect(api.sendReceiptEmail('s1', 'r1', 'a@b.se')).resolves.toBeUndefined()
    await expect(api.cancelPayment('s1')).resolves.toBe('cancelled')
  })

  it('startPayment POSTs the payment body and resolves with the paymentId', async () => {
    const body: StartPaymentBody = { paymentMethodId: 'pm1', customerInfo, orderReference: '4' }
    const { api, only } = setup(() => jsonResponse({ paymentId: 'pi_secret_123' }))
    await expect(api.startPayment('s1', body)).resolves.toEqual({ paymentId: 'pi_secret_123' })
    const call = only()
    expect(call.method).toBe('POST')
    expect(call.url.pathname).toBe('/base/api/v2/webshop/s1/cart/startPayment')
    expect(call.body).toEqual(body)
  })

  it('startPayment turns a 2xx {name} answer into a badRequest with the server message', async () => {
    const { api } = setup(() => jsonResponse({ name: 'Shop is closed' }))
    await expect(api.startPayment('s1', { paymentMethodId: 'pm1', customerInfo, orderReference: null })).rejects.toMatchObject({
      kind: 'badRequest',
      serverMessage: 'Shop is closed',
      message: 'Shop is closed',
    })
  })

  it('cancelPayment POSTs without a body', async () => {
    const { api, only } = setup()
    await api.cancelPayment('s1')
    const call = only()
    expect(call.method).toBe('POST')
    expect(call.url.pathname).toBe('/base/api/v2/webshop/s1/cart/cancelPayment')
    expect(call.body).toBeNull()
  })

  it('sendReceiptEmail and saveReference send a single value', async () => {
    const { api, calls } = setup()
    await api.sendReceiptEmail('s1', 'r1', 'anna@example.se')
    await api.saveReference('s1', '01')
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/base/api/v2/webshop/s1/receipt/r1/email', { email: 'anna@example.se' }],
      ['POST', '/base/api/v2/webshop/s1/reference', { reference: '01' }],
    ])
  })

  it('getReceipt GETs the receipt and normalises it', async () => {
    const { api, only } = setup(() => jsonResponse(receiptWire()))
    const receipt = await api.getReceipt('s1', 'r-abc')
    expect(only().url.pathname).toBe('/base/api/v2/webshop/s1/receipt/r-abc')
    expect(receipt.receiptId).toBe('1042')
    expect(receipt.products[0]?.deviations[0]).toEqual({ id: 'd1', name: 'Oat milk', count: 1, price: 500 })
    expect(receipt.products[0]?.discount).toEqual({ type: 'PERCENTAGE', amount: 10 })
  })

  it('receiptDownloadUrl is absolute under a base URL, with or without a trailing slash', () => {
    expect(createPlatformApi({ baseUrl: BASE }).receiptDownloadUrl('s 1', 'r1')).toBe(`${BASE}/api/v2/webshop/s%201/receipt/r1/download`)
    expect(createPlatformApi({ baseUrl: `${BASE}/` }).receiptDownloadUrl('s1', 'r1')).toBe(`${BASE}/api/v2/webshop/s1/receipt/r1/download`)
    expect(createPlatformApi({ baseUrl: '' }).receiptDownloadUrl('s1', 'r1')).toBe('/api/v2/webshop/s1/receipt/r1/download')
  })

  it('a base URL with a trailing slash gives the same request paths', async () => {
    const fake = fakeFetch(() => jsonResponse(shopWire()))
    await createPlatformApi({ baseUrl: `${BASE}/`, fetch: fake.fetch }).getShop('s1')
    expect(fake.calls[0]?.url.href).toBe(`${BASE}/api/v2/webshop/s1`)
  })

  it('integrateBookkeeping POSTs {authorizationCode, scopes} to the provider path', async () => {
    const { api, calls } = setup()
    await api.integrateBookkeeping('fortnox', 'co 1', { authorizationCode: 'code', scopes: 'bookkeeping' })
    await api.integrateBookkeeping('visma', 'co2', { authorizationCode: 'c2', scopes: 's2' })
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/base/api/v1/webshop/bookkeeping/fortnox/integrate/co%201', { authorizationCode: 'code', scopes: 'bookkeeping' }],
      ['POST', '/base/api/v1/webshop/bookkeeping/visma/integrate/co2', { authorizationCode: 'c2', scopes: 's2' }],
    ])
  })

  it('getIntegrationUrl GETs the link', async () => {
    const { api, only } = setup(() => jsonResponse({ integrationUrl: 'https://apps.fortnox.se/oauth?x=1' }))
    await expect(api.getIntegrationUrl('fortnox', 'co1', 'auth/code')).resolves.toEqual({ integrationUrl: 'https://apps.fortnox.se/oauth?x=1' })
    const call = only()
    expect(call.method).toBe('GET')
    expect(call.url.pathname).toBe('/base/api/v1/webshop/bookkeeping/integrationUrl/fortnox/co1/auth%2Fcode')
  })

  it('getReceiptPdf decodes pdfData.data from a byte array, a Node Buffer JSON or base64', async () => {
    const bytes = [0x25, 0x50, 0x44, 0x46, 0xff, 0x00]
    const base64 = Buffer.from(bytes).toString('base64')
    const answers = [
      jsonResponse({ pdfData: { data: bytes } }),
      jsonResponse({ pdfData: { type: 'Buffer', data: bytes } }),
      jsonResponse({ pdfData: { data: base64 } }),
      jsonResponse({ pdfData: { data: `data:application/pdf;base64,${base64}` } }),
    ]
    const { api, calls } = setup(() => answers.shift() ?? textResponse('gone', 500))
    for (let i = 0; i < 4; i++) {
      const pdf = await api.getReceiptPdf('co1', 'r1')
      expect(pdf).toBeInstanceOf(Uint8Array)
      expect(Array.from(pdf)).toEqual(bytes)
    }
    expect(calls[0]?.url.pathname).toBe('/base/api/v1/webshop/download/co1/r1')
  })

  it('getReceiptPdf rejects bad bytes as badResponse', async () => {
    const answers = [jsonResponse({ pdfData: { data: [256] } }), jsonResponse({ pdfData: { data: '***' } }), jsonResponse({})]
    const { api } = setup(() => answers.shift() ?? textResponse('gone', 500))
    for (let i = 0; i < 3; i++) await expect(api.getReceiptPdf('co1', 'r1')).rejects.toMatchObject({ kind: 'badResponse' })
  })

  it('getPaymentIntent GETs with credentials and normalises the intent', async () => {
    const { api, only } = setup(() =>
      jsonResponse({
        paymentIntent: {
          status: 'requires_payment_method',
          paymentData: {
            clientSecret: 'pi_1_secret',
            stripeAccountId: 'acct_9',
            pendingPaymentMethod: { amount: 12_550, currency: 'sek' },
            error: { message: 'Card declined' },
          },
        },
      }),
    )
    await expect(api.getPaymentIntent('co1', 'pi_1')).resolves.toEqual({
      status: 'requires_payment_method',
      clientSecret: 'pi_1_secret',
      stripeAccountId: 'acct_9',
      amount: { amount: 12_550, currency: 'SEK' },
      errorMessage: 'Card declined',
    })
    const call = only()
    expect(call.url.pathname).toBe('/base/api/v1/company/co1/payments/pi_1')
    expect(call.credentials).toBe('include')
  })

  it('getPaymentIntent fills nulls when paymentData is missing', async () => {
    const { api } = setup(() => jsonResponse({ paymentIntent: { status: 'COMPLETED' } }))
    await expect(api.getPaymentIntent('co1', 'pi_1')).resolves.toEqual({
      status: 'COMPLETED',
      clientSecret: null,
      stripeAccountId: null,
      amount: null,
      errorMessage: null,
    })
  })

  it('getPaymentIntent rejects non-ok answers and unknown currencies', async () => {
    const answers = [textResponse('nope', 403), jsonResponse({ paymentIntent: { status: 'x', paymentData: { pendingPaymentMethod: { amount: 1, currency: 'USD' } } } })]
    const { api } = setup(() => answers.shift() ?? textResponse('gone', 500))
    await expect(api.getPaymentIntent('co1', 'pi')).rejects.toMatchObject({ kind: 'unauthorized', status: 403 })
    await expect(api.getPaymentIntent('co1', 'pi')).rejects.toMatchObject({ kind: 'badResponse' })
  })

  it('never retries: one failing request is one call', async () => {
    const { api, calls } = setup(() => textResponse('busy', 503))
    await expect(api.getShop('s1')).rejects.toMatchObject({ kind: 'server' })
    expect(calls).toHaveLength(1)
  })
})
