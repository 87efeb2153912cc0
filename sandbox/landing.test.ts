// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { demoShopIds } from './fixtures'
import { mountLandingRoutes } from './landing'

const app = new Hono()
mountLandingRoutes(app)

describe('demo landing (sandbox only; SPEC §2 makes the app\'s / the not-found page)', () => {
  it.each(['/sandbox', '/sandbox/'])('%s links every demo shop and has the shop-id form', async (path) => {
    const res = await app.request(path)
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const id of demoShopIds) expect(html).toContain(`<a href="/${id}">`)
    expect(html).toContain('<form method="get" action="/sandbox/open">')
    expect(html).toMatch(/<label>Shop id <input name="shop"/)
  })

  it.each([
    ['%20kahvila%20', '/kahvila'],
    ['', '/sandbox'],
    ['%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['a%3Fb', '/a%3Fb'],
  ])('opens ?shop=%s at %s', async (query, location) => {
    const res = await app.request(`/sandbox/open?shop=${query}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(location)
  })
})
