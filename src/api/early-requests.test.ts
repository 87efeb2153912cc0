import { describe, expect, it, vi } from 'vitest'
import { createPlatformApi } from './client'
import { adoptingFetch, platformUrl, startEarlyGet } from './early-requests'
import { jsonResponse } from './testing/fake-fetch'
import { shopWire } from './testing/wire-samples'

describe('early requests (issue 6)', () => {
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
    const early = vi.fn(async () => jsonResponse({ early: true }))
    const network = vi.fn(async () => jsonResponse({ early: false }))
    const url = 'https://api.example.test/api/v2/webshop/early-once'
    startEarlyGet(url, early)
    expect(early).toHaveBeenCalledWith(url, { credentials: 'include', headers: { accept: 'application/json' } })
    const fetchImpl = adoptingFetch(() => network)
    expect(await (await fetchImpl(new Request(url, { method: 'POST' }))).json()).toEqual({ early: false })
    expect(await (await fetchImpl(new Request(`${url}x`))).json()).toEqual({ early: false })
    expect(await (await fetchImpl(new Request(url))).json()).toEqual({ early: true })
    expect(await (await fetchImpl(url)).json()).toEqual({ early: false })
    expect(early).toHaveBeenCalledTimes(1)
    expect(network).toHaveBeenCalledTimes(3)
  })

  it('passes a failed early GET on to its taker', async () => {
    const url = 'https://api.example.test/api/v2/webshop/early-fails'
    startEarlyGet(url, async () => {
      throw new TypeError('Failed to fetch')
    })
    const api = createPlatformApi({ baseUrl: 'https://api.example.test', fetch: adoptingFetch(() => async () => jsonResponse(shopWire())) })
    await expect(api.getShop('early-fails')).rejects.toMatchObject({ kind: 'network' })
    await expect(api.getShop('early-fails')).resolves.toMatchObject({ shop: { title: expect.any(String) } })
  })
})
