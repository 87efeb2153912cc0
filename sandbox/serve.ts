import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { proxy } from 'hono/proxy'
import { compress } from 'hono/compress'
import type { ViteDevServer } from 'vite'
import { createSandbox } from './app'
import type { Sandbox } from './app'
import { inlineScriptHashes, securityConfigForBuild, securityHeaders } from '../deploy/security-headers'

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** Default 4173; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** production: serve the built `dist/`; dev: Vite in middleware mode. */
  mode: 'production' | 'dev'
  /** Default `<repo>/dist` (production only). */
  distDir?: string
  /** When set: proxy `/api/*` and `/identitytoolkit.googleapis.com/*` there, and start no sandbox. */
  platformApiUrl?: string
  /** Sandbox data dir (receipts, stock); default `<repo>/sandbox/data`. */
  dataDir?: string
  /** Silences Vite's logging. */
  quiet?: boolean
}

/** A running server. `url` ends with '/'. `sandbox` is null when proxying to a platform. */
export interface RunningServer {
  url: string
  close(): Promise<void>
  sandbox: Sandbox | null
}

type NodeListener = (req: IncomingMessage, res: ServerResponse) => void

/** The repository root (this file lives in `<repo>/sandbox/`). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Static host for the built SPA (CONTRACT.md "Build and serve"): files from `distDir`,
 * hashed `/assets/*` cached for a year, index.html for every other path, never cached so a
 * new build is picked up at once.
 */
function staticApp(distDir: string): Hono {
  const indexFile = join(distDir, 'index.html')
  // The variables the build read (`.env` files and the environment), so the policy fits it.
  const config = securityConfigForBuild({ root: REPO_ROOT })
  // The policy allows index.html's inline boot script by its hash, read from the file as it
  // is now (a rebuild while serving changes it).
  let cached: { mtimeMs: number; headers: Record<string, string> } | undefined
  const currentHeaders = async (): Promise<Record<string, string>> => {
    const { mtimeMs } = await stat(indexFile)
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, headers: securityHeaders({ ...config, scriptHashes: inlineScriptHashes(await readFile(indexFile, 'utf8')) }) }
    }
    return cached.headers
  }
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    const headers = await currentHeaders()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    if (c.res.status !== 200 && c.res.status !== 206) return
    const type = c.res.headers.get('Content-Type') ?? ''
    if (c.req.path.startsWith('/assets/')) c.res.headers.set('Cache-Control', IMMUTABLE)
    else if (type.startsWith('text/html')) c.res.headers.set('Cache-Control', 'no-cache')
  })
  // Compressed like deploy/nginx.conf: uncompressed, the bundle loads seconds later on a phone.
  // The build writes `.br` and `.gz` beside each text file (deploy/precompress.ts): those are
  // sent as they are to a client that accepts them (Brotli first), and anything else
  // compressible is gzipped on the fly. Both set `Vary: Accept-Encoding`.
  app.use('*', compress())
  app.use('*', serveStatic({ root: distDir, precompressed: true }))
  // A missing hashed asset is a stale page asking for an old build: answer 404, not HTML.
  app.all('/assets/*', (c) => c.text('Not found', 404))
  app.get('*', serveStatic({ root: distDir, path: 'index.html', precompressed: true }))
  return app
}

/** Forwards requests to the real platform, keeping method, body, query and cookies. */
function proxyApp(platformApiUrl: string): Hono {
  const base = new URL(platformApiUrl)
  const prefix = base.pathname.replace(/\/$/, '')
  const app = new Hono()
  app.all('*', async (c) => {
    const target = new URL(`${prefix}${c.req.path}${new URL(c.req.url).search}`, base)
    try {
      const res = await proxy(target, {
        raw: c.req.raw,
        headers: { ...c.req.header(), host: undefined, 'x-forwarded-host': c.req.header('host'), 'x-forwarded-proto': 'http' },
      })
      // Upstream cookies name the upstream host; the browser only ever sees this origin.
      const cookies = res.headers.getSetCookie()
      if (cookies.length > 0) {
        res.headers.delete('Set-Cookie')
        for (const cookie of cookies) res.headers.append('Set-Cookie', cookie.replace(/;\s*Domain=[^;]*/i, ''))
      }
      return res
    } catch (err) {
      return c.json({ name: `Platform unreachable: ${err instanceof Error ? err.message : String(err)}` }, 502)
    }
  })
  return app
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server.address() as AddressInfo)
    })
  })
}

/**
 * Starts one HTTP server: the app (built `dist/` or Vite dev) plus the sandbox platform (or a
 * proxy to `platformApiUrl`) on one origin (CONTRACT.md "Build and serve", SPEC §7).
 * @throws when `mode` is production and `distDir` has no index.html, or the port is taken.
 */
export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1'
  const sandbox = opts.platformApiUrl ? null : createSandbox(opts.dataDir === undefined ? {} : { dataDir: opts.dataDir })
  const api: NodeListener = sandbox
    ? sandbox.listener
    : getRequestListener(proxyApp(opts.platformApiUrl ?? '').fetch)
  const apiPrefixes = sandbox ? ['/api/', '/sandbox/', '/identitytoolkit.googleapis.com/'] : ['/api/', '/identitytoolkit.googleapis.com/']

  const server = createServer()
  let vite: ViteDevServer | null = null
  let web: NodeListener
  if (opts.mode === 'dev') {
    const { createServer: createViteServer } = await import('vite')
    vite = await createViteServer({
      root: REPO_ROOT,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
      logLevel: opts.quiet ? 'silent' : 'info',
    })
    web = vite.middlewares
  } else {
    const distDir = opts.distDir ?? join(REPO_ROOT, 'dist')
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No build in ${distDir}: run the build first`)
    web = getRequestListener(staticApp(distDir).fetch)
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    // `/sandbox` itself is the sandbox's demo landing (sandbox/landing.ts), not an app path.
    if (apiPrefixes.some((prefix) => path.startsWith(prefix)) || (sandbox !== null && /^\/sandbox(?:\?|$)/.test(path))) api(req, res)
    else web(req, res)
  })

  let address: AddressInfo
  try {
    address = await listen(server, opts.port ?? 4173, host)
  } catch (err) {
    await vite?.close()
    throw err
  }
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${urlHost}:${address.port}/`,
    sandbox,
    async close() {
      await vite?.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
