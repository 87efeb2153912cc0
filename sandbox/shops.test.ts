// @vitest-environment node
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { shopResponseSchema } from '@/api/schemas/shop.schema'
import { sessionResponseSchema } from '@/api/schemas/session.schema'
import { createSandbox } from './app'
import { demoShopIds } from './fixtures'
import { testClient } from './test-support/client'

const expectedIds = ['cafe', 'kahvila', 'deli', 'closed', 'bar', 'tables', 'tab', 'tabonly', 'glass', 'bigmenu', 'megamenu']

describe('demo shops', () => {
  it('has exactly the fixed shop ids', () => {
    expect([...demoShopIds].sort()).toEqual([...expectedIds].sort())
  })

  it.each(expectedIds)('%s answers a shop the app parses, and a session it parses', async (id) => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    const shop = await client.json(`/api/v2/webshop/${id}`)
    expect(shop.status).toBe(200)
    const parsed = v.parse(shopResponseSchema, shop.body)
    // Every category entry and every deviation reference must point at something that exists.
    for (const category of parsed.categories) for (const pid of category.sortedProducts) expect(parsed.articles[pid], `${id}/${pid}`).toBeDefined()
    for (const article of Object.values(parsed.articles)) {
      for (const gid of article.deviationGroupIds) expect(parsed.deviationGroups[gid], `${id}/${gid}`).toBeDefined()
      for (const tid of article.tags) expect(parsed.tags[tid], `${id}/${tid}`).toBeDefined()
    }
    for (const group of Object.values(parsed.deviationGroups)) for (const did of group.deviationIds) expect(parsed.deviations[did]).toBeDefined()
    const session = await client.json(`/api/v2/webshop/${id}/cart?table=&tabId=`)
    expect(session.status).toBe(200)
    expect(v.parse(sessionResponseSchema, session.body).paymentStatus).toBe('NOT_STARTED')
  })

  it('describes the cafe as the brief says', async () => {
    const { body } = await testClient(createSandbox({ dataDir: null }).app).json('/api/v2/webshop/cafe')
    const cafe = v.parse(shopResponseSchema, body)
    expect(cafe.shop).toMatchObject({ title: 'Café Söder', displayType: 'SMALL_IMAGE', primaryColor: '#1f6f50', backgroundColor: '#fffaf2' })
    expect(cafe.company.currency).toBe('SEK')
    expect(cafe.categories.map((c) => c.name)).toEqual(['Coffee', 'Pastries', 'Sandwiches', 'Merchandise'])
    expect(cafe.shop.customerInputs).toEqual({
      nameInput: { active: true, required: true },
      emailInput: { active: true, required: true },
      phoneInput: { active: true, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: true, required: false },
    })
    expect(cafe.articles['cappuccino']).toMatchObject({ title: 'Cappuccino', price: 4500, deviationGroupIds: ['milk', 'extras'] })
    expect(cafe.deviationGroups['milk']).toMatchObject({ minCount: 1, maxCount: 1 })
    expect(cafe.deviationGroups['extras']).toMatchObject({ maxCount: 2 })
    expect(cafe.articles['cinnamon-bun']).toMatchObject({ limitStock: true, count: 3, outOfStock: false })
    expect(cafe.articles['blueberry-pie']).toMatchObject({ limitStock: true, count: 0, outOfStock: true })
    expect(cafe.paymentMethods.map((m) => m.type)).toEqual(['SWISH_TRADE', 'STRIPE', 'VIVA_WALLET_WEB'])
    expect(cafe.paymentMethods.find((m) => m.type === 'STRIPE')?.stripeAccountId).toBe('acct_demo_cafe')
  })

  it('covers the other shop kinds', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    const load = async (id: string) => v.parse(shopResponseSchema, (await client.json(`/api/v2/webshop/${id}`)).body)
    const kahvila = await load('kahvila')
    expect([kahvila.company.currency, kahvila.shop.displayType]).toEqual(['EUR', 'LARGE_IMAGE'])
    const deli = await load('deli')
    expect([deli.shop.displayType, deli.shop.customerInputs]).toEqual(['NO_IMAGE', null])
    const closed = await load('closed')
    expect([closed.shop.active, closed.shop.openHours]).toEqual([false, 'Mon–Fri 07–18, Sat 09–16'])
    expect((await load('bar')).shop.requireReference).toBe(true)
    expect((await load('tabonly')).categories).toEqual([])
  })

  it('answers 404 Shop not found for unknown shops and 404 JSON for unknown API paths', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    expect(await client.json('/api/v2/webshop/nope')).toEqual({ status: 404, body: { name: 'Shop not found' } })
    expect(await client.json('/api/v2/webshop/nope/cart')).toEqual({ status: 404, body: { name: 'Shop not found' } })
    const unknown = await client.request('/api/v3/whatever')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('Content-Type')).toContain('application/json')
  })

  it('sets an HttpOnly, SameSite=Lax sid cookie once and keeps one session per shop', async () => {
    const app = createSandbox({ dataDir: null }).app
    const first = await app.request('/api/v2/webshop/cafe/cart')
    const cookie = first.headers.get('Set-Cookie') ?? ''
    expect(cookie).toMatch(/^sid=[^;]+;/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    const sid = /sid=([^;]+)/.exec(cookie)?.[1] ?? ''
    const again = await app.request('/api/v2/webshop/cafe/cart', { headers: { Cookie: `sid=${sid}` } })
    expect(again.headers.get('Set-Cookie')).toBeNull()

    const client = testClient(app)
    const line = { id: 'l1', productId: 'espresso', count: 2, deviations: [], description: '' }
    expect((await client.request('/api/v2/webshop/cafe/cart', { method: 'PUT', json: { cart: [line], tabItems: [] } })).status).toBe(204)
    expect((await client.json<{ cart: unknown[] }>('/api/v2/webshop/cafe/cart')).body.cart).toEqual([line])
    expect((await client.json<{ cart: unknown[] }>('/api/v2/webshop/deli/cart')).body.cart).toEqual([])
    expect((await testClient(app).json<{ cart: unknown[] }>('/api/v2/webshop/cafe/cart')).body.cart).toEqual([])
  })

  it('serves generated SVG images cached for a day', async () => {
    const app = createSandbox({ dataDir: null }).app
    const res = await app.request('/sandbox/img/cappuccino.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400')
    const svg = await res.text()
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>C</text>')
    expect(await (await app.request('/sandbox/img/logo-cafe.svg')).text()).toContain('width="200"')
    expect((await app.request('/sandbox/img/..%2Fetc.svg')).status).toBe(404)
    expect((await app.request('/sandbox/img/cappuccino.gif')).status).toBe(404)
  })

  it('serves generated PNG photos cached for a day', async () => {
    const app = createSandbox({ dataDir: null }).app
    const res = await app.request('/sandbox/img/cappuccino.png')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400')
    expect([...new Uint8Array(await res.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    expect((await app.request('/sandbox/img/..%2Fetc.png')).status).toBe(404)
  })
})
