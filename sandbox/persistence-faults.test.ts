// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import * as v from 'valibot'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { receiptSchema } from '@/api/schemas/receipt.schema'
import { createSandbox } from './app'
import type { RequestLogEntry } from './state'
import { testClient } from './test-support/client'
import type { TestClient } from './test-support/client'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'))
  dirs.push(dir)
  return dir
}

async function buyBuns(client: TestClient, count: number): Promise<string> {
  const cart = [{ id: 'a', productId: 'cinnamon-bun', count, deviations: [], description: '' }]
  expect((await client.request('/api/v2/webshop/cafe/cart', { method: 'PUT', json: { cart, tabItems: [] } })).status).toBe(204)
  const start = await client.request('/api/v2/webshop/cafe/cart/startPayment', {
    method: 'POST',
    json: { paymentMethodId: 'cafe-swish', customerInfo: { phone: '0701234567', isMobile: false }, orderReference: null },
  })
  expect(start.status).toBe(200)
  let receiptId: string | null = null
  for (let i = 0; i < 3; i++) receiptId = (await client.json<{ receiptId: string | null }>('/api/v2/webshop/cafe/cart')).body.receiptId
  expect(receiptId).not.toBeNull()
  return receiptId ?? ''
}

describe('persistence', () => {
  it('keeps receipts, receipt numbers and stock across a new sandbox on the same data dir', async () => {
    const dataDir = tempDir()
    const first = testClient(createSandbox({ dataDir }).app)
    const receiptId = await buyBuns(first, 2)

    const second = testClient(createSandbox({ dataDir }).app)
    const receipt = await second.json(`/api/v2/webshop/cafe/receipt/${receiptId}`)
    expect(receipt.status).toBe(200)
    expect(v.parse(receiptSchema, receipt.body)).toMatchObject({ receiptId: '1001', id: receiptId })
    const shop = await second.json<{ articles: Record<string, { count: number }> }>('/api/v2/webshop/cafe')
    expect(shop.body.articles['cinnamon-bun']?.count).toBe(1)
    const next = await buyBuns(second, 1)
    expect(v.parse(receiptSchema, (await second.json(`/api/v2/webshop/cafe/receipt/${next}`)).body).receiptId).toBe('1002')

    // Another data dir is another world.
    const other = testClient(createSandbox({ dataDir: tempDir() }).app)
    expect((await other.request(`/api/v2/webshop/cafe/receipt/${receiptId}`)).status).toBe(404)
  })

  it('reset restores fixture stock but keeps receipts', async () => {
    const dataDir = tempDir()
    const sandbox = createSandbox({ dataDir })
    const client = testClient(sandbox.app)
    const receiptId = await buyBuns(client, 3)
    expect((await client.json<{ articles: Record<string, { count: number }> }>('/api/v2/webshop/cafe')).body.articles['cinnamon-bun']?.count).toBe(0)
    expect((await client.request('/sandbox/reset', { method: 'POST' })).status).toBe(204)
    expect((await client.json<{ articles: Record<string, { count: number }> }>('/api/v2/webshop/cafe')).body.articles['cinnamon-bun']?.count).toBe(3)
    expect((await client.request(`/api/v2/webshop/cafe/receipt/${receiptId}`)).status).toBe(200)
  })
})

describe('faults and the request log', () => {
  it('error500 hits the named request group for `times` requests only', async () => {
    const sandbox = createSandbox({ dataDir: null })
    const client = testClient(sandbox.app)
    const set = await client.request('/sandbox/faults', { method: 'POST', json: { shop: 'error500', times: 2 } })
    expect(set.status).toBe(200)
    expect((await client.request('/api/v2/webshop/cafe/cart')).status).toBe(200)
    expect((await client.request('/api/v2/webshop/cafe')).status).toBe(500)
    expect((await client.request('/api/v2/webshop/cafe')).status).toBe(500)
    expect((await client.request('/api/v2/webshop/cafe')).status).toBe(200)
  })

  it('without times a fault lasts until DELETE /sandbox/faults', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    await client.request('/sandbox/faults', { method: 'POST', json: { startPayment: 'error500' } })
    for (let i = 0; i < 3; i++) {
      expect((await client.request('/api/v2/webshop/cafe/cart/startPayment', { method: 'POST', json: {} })).status).toBe(500)
    }
    expect((await client.request('/sandbox/faults', { method: 'DELETE' })).status).toBe(204)
    expect((await client.request('/api/v2/webshop/cafe/cart/startPayment', { method: 'POST', json: {} })).status).toBe(400)
  })

  it('drop makes the request fail like a network error', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    await client.request('/sandbox/faults', { method: 'POST', json: { session: 'drop', times: 1 } })
    await expect(client.request('/api/v2/webshop/cafe/cart')).rejects.toThrow(/dropped/)
    expect((await client.request('/api/v2/webshop/cafe/cart')).status).toBe(200)
  })

  it('slow delays session answers', async () => {
    const client = testClient(createSandbox({ dataDir: null, slowMs: 300 }).app)
    await client.request('/sandbox/faults', { method: 'POST', json: { session: 'slow', times: 1 } })
    const t0 = performance.now()
    expect((await client.request('/api/v2/webshop/cafe/cart')).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(280)
    const t1 = performance.now()
    await client.request('/api/v2/webshop/cafe/cart')
    expect(performance.now() - t1).toBeLessThan(280)
  })

  it('refuses invalid fault bodies', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    expect((await client.request('/sandbox/faults', { method: 'POST', json: { shop: 'slow' } })).status).toBe(400)
    expect((await client.request('/sandbox/faults', { method: 'POST', json: { times: 0, session: 'drop' } })).status).toBe(400)
  })

  it('logs API requests (not sandbox ones) and filters by since', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    await client.request('/api/v2/webshop/cafe')
    await new Promise((r) => setTimeout(r, 5))
    const since = Date.now()
    await client.request('/api/v2/webshop/cafe/cart?table=&tabId=')
    await client.request('/sandbox/img/x.svg')
    await client.request('/api/v2/webshop/cafe/cart')
    const all = (await client.json<RequestLogEntry[]>('/sandbox/requests')).body
    expect(all.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /api/v2/webshop/cafe',
      'GET /api/v2/webshop/cafe/cart',
      'GET /api/v2/webshop/cafe/cart',
    ])
    const recent = (await client.json<RequestLogEntry[]>(`/sandbox/requests?since=${since}`)).body
    expect(recent).toHaveLength(2)
    expect(recent[0]?.search).toBe('?table=&tabId=')
  })
})
