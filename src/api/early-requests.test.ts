import { describe, expect, it, vi } from 'vitest'
import { createPlatformApi } from './client'
import { BOOT_REQUESTS_KEY, platformUrl, startEarlyGet, takeEarlyGet } from './early-requests'
import { fakeFetch, jsonResponse } from './testing/fake-fetch'
import { shopWire } from './testing/wire-samples'

const titled = (title: string) => ({ ...shopWire(), shop: { ...shopWire().shop, title } })

describe('early requests: the boot script\'s GETs, adopted through ky', () => {
  it.each(['', 'https://api.example.test', 'https://host.test/base/'])('builds the URL the HTTP layer requests (base %j)', async (baseUrl) => {
    const seen: string[] = []
    const api = createPlatformApi({
      baseUrl,
      fetch: async (input) => {
        seen.push(input instanceof Request ? input.url : String(input))
        return jsonResponse(shopWire())
      },
    })
    await api.getShop('caf é/1')
    expect(seen).toEqual([platformUrl(baseUrl, `api/v2/webshop/${encodeURIComponent('caf é/1')}`, window.location.href)])
  })

  it('hands an early GET to the same GET once; other calls go to the network', async () => {
    const early = vi.fn(async () => jsonResponse(titled('Early')))
    const network = vi.fn(async () => jsonResponse(titled('Network')))
    const url = 'https://api.example.test/api/v2/webshop/early-once'
    startEarlyGet(url, early)
    expect(early).toHaveBeenCalledWith(url, { credentials: 'include', headers: { accept: 'application/json' } })
    const api = createPlatformApi({ baseUrl: 'https://api.example.test', fetch: network })
    await api.putCart('early-once', { cart: [], tabItems: [] })
    await expect(api.getShop('early-oncex')).resolves.toMatchObject({ shop: { title: 'Network' } })
    await expect(api.getShop('early-once')).resolves.toMatchObject({ shop: { title: 'Early' } })
    await expect(api.getShop('early-once')).resolves.toMatchObject({ shop: { title: 'Network' } })
    expect(early).toHaveBeenCalledTimes(1)
    expect(network).toHaveBeenCalledTimes(3)
    expect(takeEarlyGet(url)).toBeUndefined()
  })

  it('leaves boot GETs on window for the app, and drops one for a URL the app has already asked for', async () => {
    const url = 'https://api.example.test/api/v2/webshop/early-late'
    expect(takeEarlyGet(url)).toBeUndefined() // the app asked first: nothing was waiting
    const late = vi.fn(async () => jsonResponse(titled('Late')))
    startEarlyGet(url, late)
    expect(window).toHaveProperty(BOOT_REQUESTS_KEY)
    // An older answer must never reach a later call (a poll): the late GET is not handed out.
    expect(takeEarlyGet(url)).toBeUndefined()
    expect(window).not.toHaveProperty(BOOT_REQUESTS_KEY)
  })

  it('passes a failed early GET on to its taker', async () => {
    const url = 'https://api.example.test/api/v2/webshop/early-fails'
    startEarlyGet(url, async () => {
      throw new TypeError('Failed to fetch')
    })
    const api = createPlatformApi({ baseUrl: 'https://api.example.test', fetch: async () => jsonResponse(shopWire()) })
    await expect(api.getShop('early-fails')).rejects.toMatchObject({ kind: 'network' })
    await expect(api.getShop('early-fails')).resolves.toMatchObject({ shop: { title: expect.any(String) } })
  })

  it('treats an adopted answer as ky would: error statuses, bad bodies and the timeout', async () => {
    const base = 'https://api.example.test/api/v2/webshop/'
    startEarlyGet(`${base}early-404`, async () => new Response('Shop not found', { status: 404 }))
    startEarlyGet(`${base}early-bad`, async () => jsonResponse({ shop: 42 }))
    startEarlyGet(`${base}early-slow`, () => new Promise<Response>(() => undefined))
    const api = createPlatformApi({ baseUrl: 'https://api.example.test', timeoutMs: 50, fetch: async () => jsonResponse(shopWire()) })
    await expect(api.getShop('early-404')).rejects.toMatchObject({ kind: 'notFound', status: 404, serverMessage: 'Shop not found' })
    await expect(api.getShop('early-bad')).rejects.toMatchObject({ kind: 'badResponse' })
    await expect(api.getShop('early-slow')).rejects.toMatchObject({ kind: 'timeout' })
  })

  it('forgets a boot GET nobody took within 10 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const url = 'https://api.example.test/api/v2/webshop/early-stale'
      startEarlyGet(url, async () => jsonResponse(titled('Stale')))
      expect(takeEarlyGet('https://api.example.test/other')).toBeUndefined() // the app moves the boot GETs in
      vi.setSystemTime(Date.now() + 10_001)
      expect(takeEarlyGet(url)).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not hand an early GET to another method on the same URL', async () => {
    const url = 'https://api.example.test/api/v2/webshop/early-put/cart'
    const early = vi.fn(async () => new Response('{}', { status: 200 }))
    startEarlyGet(url, early)
    const fake = fakeFetch()
    const api = createPlatformApi({ baseUrl: 'https://api.example.test', fetch: fake.fetch })
    await api.putCart('early-put', { cart: [], tabItems: [] })
    expect(fake.calls.map((call) => call.method)).toEqual(['PUT'])
    expect(takeEarlyGet(url)).toBeDefined()
  })

  it('raises no unhandled rejection for a failed boot GET nobody takes', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      startEarlyGet('https://api.example.test/never-taken', () => Promise.reject(new TypeError('Failed to fetch')))
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
