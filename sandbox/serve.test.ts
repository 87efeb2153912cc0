// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import * as v from 'valibot'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopResponseSchema } from '@/api/schemas/shop.schema'
import { precompressDir } from '../deploy/precompress'
import { startServer } from './serve'
import type { RunningServer } from './serve'

let root: string
let distDir: string
let server: RunningServer
const BIG_SCRIPT = Array.from({ length: 200 }, (_, i) => `export const item${i} = ${JSON.stringify({ id: i, title: `Article ${i}` })}`).join('\n')
const BIG_PAGE = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>APP${' <p>menu</p>'.repeat(200)}</body></html>`

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-test-'))
  distDir = join(root, 'dist')
  mkdirSync(join(distDir, 'assets'), { recursive: true })
  writeFileSync(join(distDir, 'index.html'), BIG_PAGE)
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log("app")')
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *')
  // Large enough to be precompressed (deploy/precompress.ts skips files under 1 kB).
  writeFileSync(join(distDir, 'assets', 'menu-def456.js'), BIG_SCRIPT)
  writeFileSync(join(distDir, 'assets', 'plain-0a1b2c.js'), BIG_SCRIPT)
  await precompressDir(distDir)
  rmSync(join(distDir, 'assets', 'plain-0a1b2c.js.br'))
  rmSync(join(distDir, 'assets', 'plain-0a1b2c.js.gz'))
  server = await startServer({ mode: 'production', port: 0, distDir, dataDir: join(root, 'data'), quiet: true })
})

afterAll(async () => {
  await server.close()
  rmSync(root, { recursive: true, force: true })
})

describe('startServer (production)', () => {
  it('serves index.html uncached for the root and any client route', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    for (const path of ['', 'cafe', 'cafe/cart', 'cafe/receipt/r123', 'auth/passwordreset?oobCode=x']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Content-Type')).toContain('text/html')
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
      expect(await res.text()).toContain('APP')
    }
  })

  it('serves hashed assets immutable, other files plainly, and 404s missing assets', async () => {
    const asset = await fetch(`${server.url}assets/app-abc123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await asset.text()).toContain('console.log')
    const robots = await fetch(`${server.url}robots.txt`)
    expect(await robots.text()).toBe('User-agent: *')
    expect(robots.headers.get('Cache-Control')).toBeNull()
    expect((await fetch(`${server.url}assets/gone-000.js`)).status).toBe(404)
  })

  it('sends the build\'s precompressed copies by Accept-Encoding, Brotli first, and gzips the rest on the fly', async () => {
    const get = (path: string, acceptEncoding: string) => fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } })
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      for (const path of ['assets/menu-def456.js', 'cafe/cart']) {
        const res = await get(path, acceptEncoding)
        expect(res.status, path).toBe(200)
        expect(res.headers.get('Content-Encoding'), `${path} for ${acceptEncoding}`).toBe(expected)
        expect(res.headers.get('Vary'), path).toMatch(/Accept-Encoding/i)
        // fetch decodes the body: the client gets the file as built.
        expect(await res.text(), path).toBe(path.startsWith('assets/') ? BIG_SCRIPT : BIG_PAGE)
      }
    }
    expect((await get('assets/menu-def456.js', 'br')).headers.get('Content-Type')).toMatch(/javascript/)
    expect((await get('assets/menu-def456.js', 'br')).headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    // Without a precompressed copy the server still compresses (gzip), as before.
    const plain = await get('assets/plain-0a1b2c.js', 'gzip, deflate, br')
    expect(plain.headers.get('Content-Encoding')).toBe('gzip')
    expect(await plain.text()).toBe(BIG_SCRIPT)
  })

  it('mounts the sandbox API on the same origin with its cookie', async () => {
    const shop = await fetch(`${server.url}api/v2/webshop/cafe`)
    expect(shop.status).toBe(200)
    expect(v.parse(shopResponseSchema, await shop.json()).shop.title).toBe('Café Söder')
    const session = await fetch(`${server.url}api/v2/webshop/cafe/cart`)
    expect(session.headers.get('Set-Cookie')).toMatch(/^sid=.+HttpOnly/i)
    expect((await fetch(`${server.url}api/nothing/here`)).status).toBe(404)
    expect(server.sandbox).not.toBeNull()
  })

  it('drops the connection for a drop fault so fetch rejects', async () => {
    server.sandbox?.faults.set({ shop: 'drop', times: 1 })
    await expect(fetch(`${server.url}api/v2/webshop/cafe`)).rejects.toThrow()
    expect((await fetch(`${server.url}api/v2/webshop/cafe`)).status).toBe(200)
  })

  it('refuses to start production mode without a build', async () => {
    await expect(startServer({ mode: 'production', port: 0, distDir: join(root, 'missing'), dataDir: join(root, 'data') })).rejects.toThrow(/No build/)
  })
})

describe('startServer with platformApiUrl', () => {
  it('proxies /api and the identity toolkit to the platform, keeping cookies and bodies', async () => {
    const proxied = await startServer({ mode: 'production', port: 0, distDir, platformApiUrl: server.url.replace(/\/$/, ''), quiet: true })
    try {
      expect(proxied.sandbox).toBeNull()
      const first = await fetch(`${proxied.url}api/v2/webshop/cafe/cart`)
      const sid = /sid=([^;]+)/.exec(first.headers.get('Set-Cookie') ?? '')?.[1]
      expect(sid).toBeTruthy()
      const cart = [{ id: 'x', productId: 'latte', count: 2, deviations: [], description: '' }]
      const put = await fetch(`${proxied.url}api/v2/webshop/cafe/cart`, {
        method: 'PUT',
        headers: { Cookie: `sid=${sid}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ cart, tabItems: [] }),
      })
      expect(put.status).toBe(204)
      const again = await fetch(`${proxied.url}api/v2/webshop/cafe/cart?table=&tabId=`, { headers: { Cookie: `sid=${sid}` } })
      expect(((await again.json()) as { cart: unknown }).cart).toEqual(cart)
      const identity = await fetch(`${proxied.url}identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=k`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ oobCode: 'ok' }),
      })
      expect(((await identity.json()) as { email: string }).email).toBe('owner@example.com')
      // Sandbox-only paths are not proxied: they fall through to the app.
      expect(await (await fetch(`${proxied.url}sandbox/img/x.svg`)).text()).toContain('APP')
    } finally {
      await proxied.close()
    }
  })
})
