// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createPlatformApi } from './client'
import { fakeFetch, jsonResponse } from './testing/fake-fetch'
import { sessionWire } from './testing/wire-samples'

describe('empty base URL: same origin as the page (CONTRACT "Build and serve")', () => {
  it('requests go to the page origin with root-relative SPEC paths and credentials', async () => {
    const fake = fakeFetch(() => jsonResponse(sessionWire()))
    const api = createPlatformApi({ baseUrl: '', fetch: fake.fetch })
    await api.getSession('shop 1', { table: '3', tabId: null })
    await api.cancelPayment('shop 1')
    expect(fake.calls.map((c) => c.url.href)).toEqual([
      `${location.origin}/api/v2/webshop/shop%201/cart?table=3`,
      `${location.origin}/api/v2/webshop/shop%201/cart/cancelPayment`,
    ])
    expect(fake.calls.every((c) => c.credentials === 'include')).toBe(true)
  })

  it('the download URL is root-relative', () => {
    expect(createPlatformApi().receiptDownloadUrl('s1', 'r1')).toBe('/api/v2/webshop/s1/receipt/r1/download')
  })
})
