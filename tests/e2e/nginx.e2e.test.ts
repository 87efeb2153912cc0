/**
 * `deploy/nginx.conf` under Debian's nginx (issue 5 "Security"; CONTRACT.md "Build and serve"):
 * a copy of the file with `root` at `dist/`, a free port and the upstream at the e2e server
 * (app + sandbox), included from a generated main config that keeps pid, logs and temp files
 * in a temporary prefix (`nginx -p <tmp> -c <tmp>/nginx.conf`, `daemon off;`). Checks the
 * security headers against `deploy/security-headers.ts`, the cache headers, the SPA fallback
 * and the API proxy, then runs a whole order in Chromium through nginx and fails on any
 * Content-Security-Policy violation (the `securitypolicyviolation` event or a console error).
 * nginx is required: `.ci/run` installs it (`apt-get install nginx-light`) when it is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { inlineScriptHashes, securityHeaders } from '../../deploy/security-headers'
import { useBrowser } from './support/browser'
import { tried } from './support/report'

const b = useBrowser()

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const DIST = resolve(process.cwd(), 'dist')
const SITE_CONF = resolve(process.cwd(), 'deploy/nginx.conf')
/** deploy/nginx.conf's `brotli_static` (Debian's libnginx-mod-http-brotli-static). */
const BROTLI_MODULE = process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

/** A port nothing listens on right now (the OS picks it; closed again before nginx binds it). */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * The site config with root, listen and upstream replaced.
 * @throws when one of the three lines is no longer in deploy/nginx.conf (the test must follow it).
 */
function siteConfig(source: string, opts: { root: string; port: number; upstream: string }): string {
  const replacements: [RegExp, string][] = [
    [/^(\s*)root\s+[^;]+;/m, `$1root ${opts.root};`],
    [/^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${opts.port};`],
    [/(upstream\s+platform_upstream\s*\{\s*server\s+)[^;]+;/m, `$1${opts.upstream};`],
  ]
  return replacements.reduce((text, [re, to]) => {
    if (!re.test(text)) throw new Error(`deploy/nginx.conf: ${re} not found`)
    return text.replace(re, to)
  }, source)
}

function mainConfig(prefix: string): string {
  const temp = (name: string) => join(prefix, name)
  return [
    'daemon off;',
    'worker_processes 1;',
    // As root, workers would run as nobody and could not read a checkout under /root or /work.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    // Debian's default nginx.conf loads it from modules-enabled/, by a path relative to its prefix.
    `load_module ${BROTLI_MODULE};`,
    'events { worker_connections 128; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    `  client_body_temp_path ${temp('client_body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${temp('storefront.conf')};`,
    '}',
    '',
  ].join('\n')
}

let prefix = ''
let nginx: ChildProcess | undefined
let origin = ''
let nginxLog = ''

beforeAll(async () => {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} not found: install Debian's nginx (apt-get install -y nginx-light); .ci/run does this on CI`)
  }
  if (!existsSync(BROTLI_MODULE)) {
    throw new Error(`${BROTLI_MODULE} not found: install apt-get install -y libnginx-mod-http-brotli-static; .ci/run does this on CI`)
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html not found: build first (vite build)`)
  prefix = await mkdtemp(join(tmpdir(), 'storefront-nginx-'))
  const port = await freePort()
  const upstream = new URL(b.baseUrl).host
  await writeFile(join(prefix, 'storefront.conf'), siteConfig(await readFile(SITE_CONF, 'utf8'), { root: DIST, port, upstream }))
  await writeFile(join(prefix, 'nginx.conf'), mainConfig(prefix))

  nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] })
  nginx.stdout?.on('data', (d: Buffer) => (nginxLog += d.toString()))
  nginx.stderr?.on('data', (d: Buffer) => (nginxLog += d.toString()))
  const exited = new Promise<never>((_, reject) => nginx?.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${nginxLog}`))))
  origin = `http://127.0.0.1:${port}`
  const up = (async () => {
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`${origin}/`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`nginx did not answer on ${origin}: ${nginxLog}`)
  })()
  await Promise.race([up, exited])
})

afterAll(async () => {
  const child = nginx
  if (child && child.exitCode === null) {
    const gone = new Promise<void>((r) => child.once('exit', () => r()))
    child.kill('SIGTERM') // fast shutdown; the master stops its worker
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  if (prefix) await rm(prefix, { recursive: true, force: true })
})

// The policy allows the built index.html's inline boot script by its hash (issue 6), so
// deploy/nginx.conf must carry the hash of this build's boot script: after a change to the boot
// script, copy the Content-Security-Policy this test expects into the file's three lines.
const expected = securityHeaders({ scriptHashes: inlineScriptHashes(readFileSync(join(DIST, 'index.html'), 'utf8')) })

function expectSecurityHeaders(res: Response, what: string): void {
  for (const [name, value] of Object.entries(expected)) {
    expect(res.headers.get(name), `${name} on ${what}`).toBe(value)
  }
}

describe('deploy/nginx.conf under nginx', () => {
  it('sends the security headers, the cache headers and index.html for client routes', async () => {
    for (const path of ['/', '/cafe', '/cafe/cart', '/cafe/receipt/r123', '/kahvila/products/kahvi']) {
      const res = await fetch(origin + path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      expectSecurityHeaders(res, path)
      expect(await res.text(), path).toContain('<div id="root"')
    }

    const assets = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'))
    expect(assets.length).toBeGreaterThan(0)
    const asset = await fetch(`${origin}/assets/${assets[0] ?? ''}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expectSecurityHeaders(asset, 'an asset')
    // A missing asset is a 404, not index.html (a stale chunk must fail loudly, not parse HTML).
    expect((await fetch(`${origin}/assets/no-such-chunk.js`)).status).toBe(404)

    const api = await fetch(`${origin}/api/v2/webshop/cafe`)
    expect(api.status).toBe(200)
    expect(((await api.json()) as { shop?: { title?: string } }).shop?.title).toBe('Café Söder')
  })

  it('sends the build\'s precompressed copies (deploy/precompress.ts), Brotli first, with the same headers', async () => {
    const entry = readdirSync(join(DIST, 'assets')).find((f) => /^index-.+\.js$/.test(f))
    expect(entry, 'the entry chunk assets/index-*.js').toBeTruthy()
    for (const [acceptEncoding, encoding, suffix] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      for (const [path, file] of [
        [`/assets/${entry ?? ''}`, `assets/${entry ?? ''}`],
        ['/bigmenu', 'index.html'],
      ] as const) {
        const res = await fetch(origin + path, { headers: { 'Accept-Encoding': acceptEncoding } })
        const what = `${path} for ${acceptEncoding}`
        expect(res.status, what).toBe(200)
        expect(res.headers.get('content-encoding'), what).toBe(encoding)
        expect(res.headers.get('vary'), what).toMatch(/accept-encoding/i)
        // The copy itself went over the wire (its length), and fetch decoded it to the file.
        expect(Number(res.headers.get('content-length')), what).toBe(statSync(join(DIST, file + suffix)).size)
        expect(await res.text(), what).toBe(readFileSync(join(DIST, file), 'utf8'))
        expectSecurityHeaders(res, what)
      }
    }
  })

  it('runs a whole order in Chromium through nginx without any CSP violation', async () => {
    await tried('badInput', 'nginx-served app under its CSP: order to receipt, zero violations', async () => {
      const page = await b.page()
      const violations = await watchCsp(page)
      await page.goto(`${origin}/cafe`)
      await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 15_000 })
      await page.getByRole('button', { name: /^\s*cappuccino\b/i }).first().click()
      const dialog = page.getByRole('dialog', { name: /cappuccino/i })
      await dialog.getByRole('radio', { name: /oat milk/i }).check()
      await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
      await dialog.waitFor({ state: 'hidden' })
      await page.getByRole('link', { name: /cart/i }).and(page.getByRole('link', { name: /1 item/i })).first().click({ timeout: 10_000 })
      await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
      const email = page.getByRole('textbox', { name: /^email\b/i })
      await email.fill('anna@example.se')
      await email.blur()
      // The card element (simulated Stripe) renders inputs of its own: check them too.
      await page.getByRole('button', { name: /^card$/i }).click()
      await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
      await page.getByRole('button', { name: /^card$/i }).click()
      await page.getByRole('button', { name: /^swish$/i }).click()
      await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
      await page.getByRole('button', { name: /start payment/i }).click()
      await page.getByRole('heading', { level: 1, name: /thank you/i }).waitFor({ timeout: 20_000 })
      await page.goto(`${origin}/cafe/refundPolicy?lang=sv`)
      await page.getByText(/paid orders can be refunded/i).waitFor({ timeout: 10_000 })
      // Reports are delivered asynchronously: give the last document a moment.
      await page.waitForTimeout(300)
      expect(violations).toEqual([])
    })
  })
})

/** Records CSP violations of every document `page` loads: the DOM event (through a binding, which the CSP cannot block) and Chromium's console report. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.exposeFunction('__cspViolation', (text: string) => {
    seen.push(text)
  })
  await page.addInitScript(() => {
    const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation
    document.addEventListener('securitypolicyviolation', (e) => {
      report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  page.on('console', (msg) => {
    if (/content security policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`)
  })
  return seen
}
