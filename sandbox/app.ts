import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { compress } from 'hono/compress'
import { DroppedRequestError } from './faults'
import type { Faults } from './faults'
import { errorBody } from './http'
import type { SandboxEnv } from './http'
import { mountLandingRoutes } from './landing'
import { mountOwnerRoutes } from './owner'
import type { Integration } from './owner'
import { mountIdentityRoutes } from './routes/identity'
import { mountImageRoutes } from './routes/images'
import { mountPaymentRoutes } from './routes/payments'
import { mountProviderRoutes } from './routes/providers'
import { mountReceiptRoutes } from './routes/receipts'
import { mountReferenceRoutes } from './routes/reference'
import { mountShopRoutes } from './routes/shop'
import { mountSwitchRoutes } from './routes/switches'
import { SandboxState } from './state'
import type { RequestLogEntry, SentEmail } from './state'
import { SandboxStore } from './store'

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Where receipts and stock are kept; default `<repo>/sandbox/data`; null keeps them in memory. */
  dataDir?: string | null
  /** Delay of the `slow` session fault, milliseconds; default 3000. */
  slowMs?: number
}

/** A running sandbox platform: the Hono app plus handles tests use. */
export interface Sandbox {
  app: Hono<SandboxEnv>
  /** Node request listener for the app (drops by fault answer nothing). */
  listener: ReturnType<typeof getRequestListener>
  store: SandboxStore
  faults: Faults
  /** API requests seen since `since` (epoch ms, default 0). */
  requests(since?: number): RequestLogEntry[]
  /** Receipt e-mails accepted so far. */
  sentEmails(): readonly SentEmail[]
  /** Bookkeeping integrations accepted so far. */
  integrations(): readonly Integration[]
  /** Clears faults, sessions, the request log and sent e-mails, and restores fixture stock. Receipts stay. */
  reset(): void
}

/** Default data dir: `sandbox/data` next to this file (git-ignored). */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url))

/**
 * Creates the sandbox platform (DESIGN.md "Sandbox platform"): SPEC §7's API for the demo
 * shops with cookie sessions, simulated Swish / card / Viva payments, receipts with PDFs,
 * the identity toolkit's password-reset endpoint, and test switches under `/sandbox/*`.
 * Receipts and stock persist in `dataDir`; sessions live in memory. Each group of routes is
 * a `mount…Routes(app, state)` module under `sandbox/routes/`; this function orders them.
 * @throws when the data dir cannot be created.
 */
export function createSandbox(opts: SandboxOptions = {}): Sandbox {
  const store = new SandboxStore(opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir)
  const state = new SandboxState(store, opts.slowMs ?? 3000)
  const app = new Hono<SandboxEnv>()

  app.onError((err, c) => {
    // Rethrown so the Node listener answers nothing and app.request rejects like a network error.
    if (err instanceof DroppedRequestError) throw err
    console.error('[sandbox]', err)
    return c.json(errorBody('Internal server error'), 500)
  })

  // Compressed like a production platform behind nginx (deploy/nginx.conf gzips JSON): the
  // 500-article shop answer is 157 kB as text and ~12 kB gzip on a phone's network.
  app.use('/api/*', compress())

  app.use('/api/*', async (c, next) => {
    state.logRequest({ method: c.req.method, path: c.req.path, search: new URL(c.req.url).search, at: Date.now() })
    await next()
  })

  app.use('/api/v2/webshop/*', async (c, next) => {
    let sid = getCookie(c, 'sid')
    // GET shop needs no session: creating one there races the first GET cart on a fresh
    // visit (two cookies, the last one wins, and the table or tab is lost).
    const isShopGet = /^\/api\/v2\/webshop\/[^/]+\/?$/.test(c.req.path)
    if (isShopGet && !sid) {
      c.set('sid', '')
      return next()
    }
    if (!sid || !/^[A-Za-z0-9-]{8,64}$/.test(sid)) {
      sid = crypto.randomUUID()
      setCookie(c, 'sid', sid, { httpOnly: true, sameSite: 'Lax', path: '/' })
    }
    c.set('sid', sid)
    await next()
  })

  // SPEC §7
  mountShopRoutes(app, state)
  mountPaymentRoutes(app, state)
  mountReferenceRoutes(app, state)
  mountReceiptRoutes(app, state)
  mountOwnerRoutes(app, () => state.companyIntents, state.integrations)
  mountLandingRoutes(app)
  app.all('/api/*', (c) => c.json(errorBody('Not found'), 404))

  // Stand-ins for the external services and the test switches
  mountProviderRoutes(app, state)
  mountIdentityRoutes(app)
  mountImageRoutes(app)
  mountSwitchRoutes(app, state)

  app.notFound((c) => c.json(errorBody('Not found'), 404))

  const listener = getRequestListener(app.fetch, {
    // A dropped request has no answer; anything else that escapes Hono becomes a bare 500.
    errorHandler: (err) => (err instanceof DroppedRequestError ? undefined : new Response(null, { status: 500 })),
  })

  return {
    app,
    listener,
    store,
    faults: state.faults,
    requests: (since = 0) => state.requests(since),
    sentEmails: () => state.sentEmails(),
    integrations: () => state.integrations,
    reset: () => state.reset(),
  }
}
