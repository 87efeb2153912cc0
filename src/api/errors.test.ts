import { describe, expect, it } from 'vitest'
import { HTTPError, TimeoutError } from 'ky'
import * as v from 'valibot'
import { createPlatformApi } from './client'
import { ApiError, describeIssues, isApiError, toApiError } from './errors'
import { fakeFetch, jsonResponse, textResponse } from './testing/fake-fetch'
import type { FakeHandler } from './testing/fake-fetch'
import { shopWire } from './testing/wire-samples'

function apiAnswering(handler: FakeHandler, timeoutMs?: number) {
  const fake = fakeFetch(handler)
  return createPlatformApi({ baseUrl: 'https://api.test', fetch: fake.fetch, ...(timeoutMs ? { timeoutMs } : {}) })
}

/** The ApiError a call rejects with; fails the test if it resolves or throws anything else. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (e) {
    expect(isApiError(e)).toBe(true)
    return e as ApiError
  }
  throw new Error('expected the call to reject')
}

const startBody = {
  paymentMethodId: 'pm1',
  customerInfo: { name: '', email: '', phone: '', extraInfo: '', postalCode: '', address: '', city: '', isMobile: true },
  orderReference: null,
}

describe('HTTP error mapping (SPEC §8)', () => {
  it('400 JSON {name, errorCode}: badRequest with name as the message', async () => {
    const api = apiAnswering(() => jsonResponse({ name: 'Payment method not active', errorCode: 'INVALID_METHOD' }, 400))
    const e = await failure(api.startPayment('s1', startBody))
    expect(e).toBeInstanceOf(ApiError)
    expect(e).toMatchObject({ kind: 'badRequest', status: 400, errorCode: 'INVALID_METHOD', serverMessage: 'Payment method not active', stock: null })
    expect(e.message).toBe('Payment method not active')
    expect(e.reachedServer).toBe(true)
  })

  it('400 JSON with `message` instead of `name` uses it', async () => {
    const api = apiAnswering(() => jsonResponse({ message: 'Bad reference' }, 400))
    expect(await failure(api.saveReference('s1', 'x'))).toMatchObject({ kind: 'badRequest', serverMessage: 'Bad reference', errorCode: null })
  })

  it('400 JSON without a name has no message: the raw JSON is never shown to a customer', async () => {
    for (const body of [{ errorCode: 'INVALID_METHOD' }, { name: null, errorCode: 'OUT_OF_STOCK' }]) {
      const api = apiAnswering(() => jsonResponse(body, 400))
      const e = await failure(api.saveReference('s1', 'x'))
      expect(e, JSON.stringify(body)).toMatchObject({ kind: 'badRequest', status: 400, errorCode: body.errorCode, serverMessage: null, serverName: null })
    }
  })

  it('400 with a text body: badRequest with the text as the message', async () => {
    const api = apiAnswering(() => textResponse('  Reference not found \n', 400))
    expect(await failure(api.saveReference('s1', 'x'))).toMatchObject({ kind: 'badRequest', serverMessage: 'Reference not found' })
  })

  it('OUT_OF_STOCK: kind outOfStock with the stock per article from the JSON list in the message', async () => {
    const list = [{ id: 'a1', stock: 2 }, { id: 7, stock: 0 }]
    const api = apiAnswering(() => jsonResponse({ name: JSON.stringify(list), errorCode: 'OUT_OF_STOCK' }, 400))
    const e = await failure(api.startPayment('s1', startBody))
    expect(e).toMatchObject({ kind: 'outOfStock', status: 400, errorCode: 'OUT_OF_STOCK' })
    expect(e.stock).toEqual({ a1: 2, '7': 0 })
  })

  it('OUT_OF_STOCK with an unparsable message stays badRequest', async () => {
    const api = apiAnswering(() => jsonResponse({ name: 'Latte is sold out', errorCode: 'OUT_OF_STOCK' }, 400))
    expect(await failure(api.startPayment('s1', startBody))).toMatchObject({
      kind: 'badRequest',
      errorCode: 'OUT_OF_STOCK',
      serverMessage: 'Latte is sold out',
      stock: null,
    })
  })

  it.each([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'notFound'],
    [409, 'conflict'],
    [422, 'badRequest'],
    [429, 'badRequest'],
    [500, 'server'],
    [502, 'server'],
  ] as const)('status %i → %s, message is the response text', async (status, kind) => {
    const api = apiAnswering(() => textResponse(`failure ${status}`, status))
    const e = await failure(api.getShop('s1'))
    expect(e).toMatchObject({ kind, status, serverMessage: `failure ${status}`, message: `failure ${status}` })
    expect(e.reachedServer).toBe(status < 500)
  })

  it('a 5xx JSON {name} keeps its name apart (serverName); text and empty bodies have none', async () => {
    const answers = [jsonResponse({ name: 'Card payments are paused' }, 503), textResponse('Bad gateway', 502), new Response(null, { status: 500 })]
    const api = apiAnswering(() => answers.shift() ?? textResponse('', 500))
    expect(await failure(api.startPayment('s1', startBody))).toMatchObject({ kind: 'server', status: 503, serverName: 'Card payments are paused' })
    expect(await failure(api.startPayment('s1', startBody))).toMatchObject({ kind: 'server', serverMessage: 'Bad gateway', serverName: null })
    expect(await failure(api.startPayment('s1', startBody))).toMatchObject({ kind: 'server', serverMessage: null, serverName: null })
  })

  it('non-400 JSON bodies keep their text as the message but expose errorCode', async () => {
    const body = { name: 'Link expired', errorCode: 'UNAUTHORIZED' }
    const api = apiAnswering(() => jsonResponse(body, 401))
    expect(await failure(api.getIntegrationUrl('fortnox', 'c', 'a'))).toMatchObject({
      kind: 'unauthorized',
      errorCode: 'UNAUTHORIZED',
      serverMessage: JSON.stringify(body),
    })
  })

  it('long or empty error bodies: message clipped to 500 characters, or null', async () => {
    const answers = [textResponse('x'.repeat(5000), 500), new Response(null, { status: 500 })]
    const api = apiAnswering(() => answers.shift() ?? textResponse('', 500))
    expect((await failure(api.getShop('s1'))).serverMessage).toHaveLength(500)
    const empty = await failure(api.getShop('s1'))
    expect(empty.serverMessage).toBeNull()
    expect(empty.message).toContain('500')
  })

  it('cancelPayment ignores 404 and 409 but not other failures', async () => {
    const answers = [textResponse('no payment', 404), textResponse('already done', 409), textResponse('boom', 500), textResponse('bad', 400)]
    const api = apiAnswering(() => answers.shift() ?? textResponse('', 500))
    await expect(api.cancelPayment('s1')).resolves.toBe('none')
    await expect(api.cancelPayment('s1')).resolves.toBe('ended')
    expect(await failure(api.cancelPayment('s1'))).toMatchObject({ kind: 'server' })
    expect(await failure(api.cancelPayment('s1'))).toMatchObject({ kind: 'badRequest' })
  })

  it('404 on other calls is notFound (shop not found)', async () => {
    const api = apiAnswering(() => textResponse('', 404))
    expect(await failure(api.getShop('missing'))).toMatchObject({ kind: 'notFound', status: 404 })
    expect(await failure(api.putCart('missing', { cart: [], tabItems: [] }))).toMatchObject({ kind: 'notFound' })
  })
})

describe('transport and answer failures', () => {
  it.each(['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.'])(
    'fetch TypeError %j → network, not reached',
    async (message) => {
      const api = apiAnswering(() => {
        throw new TypeError(message)
      })
      const e = await failure(api.getSession('s1', { table: null, tabId: null }))
      expect(e).toMatchObject({ kind: 'network', status: null, serverMessage: null })
      expect(e.reachedServer).toBe(false)
    },
  )

  it('a request slower than timeoutMs → timeout', async () => {
    const api = apiAnswering(() => new Promise<Response>(() => {}), 30)
    const e = await failure(api.getShop('s1'))
    expect(e).toMatchObject({ kind: 'timeout', status: null })
    expect(e.reachedServer).toBe(false)
  })

  it('malformed JSON in a 200 → badResponse', async () => {
    const api = apiAnswering(() => new Response('{"shop": ', { status: 200, headers: { 'content-type': 'application/json' } }))
    const e = await failure(api.getShop('s1'))
    expect(e).toMatchObject({ kind: 'badResponse', status: 200 })
    expect(e.message).toContain('Malformed JSON')
  })

  it('an empty 200 where data is expected → badResponse', async () => {
    const api = apiAnswering(() => new Response(null, { status: 200 }))
    expect(await failure(api.getReceipt('s1', 'r1'))).toMatchObject({ kind: 'badResponse' })
  })

  it('a schema violation → badResponse naming the first issue path', async () => {
    const wire = shopWire()
    const broken = { ...wire, shop: { ...wire.shop, title: 42 } }
    const api = apiAnswering(() => jsonResponse(broken))
    const e = await failure(api.getShop('s1'))
    expect(e).toMatchObject({ kind: 'badResponse', status: 200, serverMessage: null })
    expect(e.message).toContain('shop.title')
  })

  it('a startPayment answer without paymentId or name → badResponse', async () => {
    const api = apiAnswering(() => jsonResponse({ ok: true }))
    expect(await failure(api.startPayment('s1', startBody))).toMatchObject({ kind: 'badResponse' })
  })
})

describe('toApiError', () => {
  const request = new Request('https://api.test/x')

  it('returns an ApiError unchanged', async () => {
    const e = new ApiError({ kind: 'conflict', status: 409 })
    expect(await toApiError(e)).toBe(e)
  })

  it('maps a ky HTTPError by its response', async () => {
    const response = jsonResponse({ name: 'nope', errorCode: 'X' }, 400)
    const e = await toApiError(new HTTPError(response, request, {} as never))
    expect(e).toMatchObject({ kind: 'badRequest', status: 400, errorCode: 'X', serverMessage: 'nope' })
  })

  it('maps ky TimeoutError, transport failures and unknown throws', async () => {
    expect(await toApiError(new TimeoutError(request))).toMatchObject({ kind: 'timeout' })
    expect(await toApiError(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'network' })
    expect(await toApiError(new DOMException('aborted', 'AbortError'))).toMatchObject({ kind: 'network' })
    expect(await toApiError('weird')).toMatchObject({ kind: 'network', message: 'weird' })
  })

  it('describes the first issue of a failed schema check by its path', () => {
    const parsed = v.safeParse(v.object({ a: v.object({ b: v.string() }) }), { a: { b: 1 } })
    expect(describeIssues(parsed.issues ?? [])).toBe('Unexpected answer from the platform at a.b: Invalid type: Expected string but received 1')
  })

  it('isApiError tells ApiErrors from other errors', () => {
    expect(isApiError(new ApiError({ kind: 'server', status: 500 }))).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError({ kind: 'server' })).toBe(false)
  })
})
