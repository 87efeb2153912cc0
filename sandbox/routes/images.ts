import type { Hono } from 'hono'
import type { SandboxEnv } from '../http'
import { demoImagePng, demoImageSvg } from '../img'

/** Mounts the demo shops' product images: `GET /sandbox/img/{name}.svg|png`, cached for a day. */
export function mountImageRoutes(app: Hono<SandboxEnv>): void {
  app.get('/sandbox/img/:file', (c) => {
    const match = /^([A-Za-z0-9_-]{1,64})\.(svg|png)$/.exec(c.req.param('file'))
    if (!match?.[1]) return c.text('Not found', 404)
    const cache = { 'Cache-Control': 'public, max-age=86400' }
    if (match[2] === 'png') return c.body(new Uint8Array(demoImagePng(match[1])), 200, { 'Content-Type': 'image/png', ...cache })
    return c.body(demoImageSvg(match[1]), 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', ...cache })
  })
}
