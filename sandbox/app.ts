import type { IncomingMessage } from 'node:http'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { compress } from 'hono/compress'
import * as v from 'valibot'
import type { ReceiptWire } from '@/api/schemas/receipt.schema'
import type { ShopResponseWire } from '@/api/schemas/shop.schema'
import type { Currency, PaymentMethodType, PaymentStatus } from '@/domain/types'
import { paymentMethodTypes } from '@/domain/types'
import { DroppedRequestError, Faults, faultsBodySchema } from './faults'
import type { FaultTarget } from './faults'
import { demoShops } from './fixtures'
import type { DemoShop } from './fixtures'
import { demoImagePng, demoImageSvg } from './img'
import { mountLandingRoutes } from './landing'
import {
  activeTabOf,
  newSession,
  phoneDigits,
  randomAlnum,
  randomHex,
  receiptPaymentType,
  receiptProducts,
  sessionAmount,
  sessionWire,
  stockShortfalls,
  SWISH_NOT_ENROLLED_PHONE,
  swishCompleted,
  swishScripts,
  vivaOrderCode,
} from './model'
import type { SandboxSession } from './model'
import { demoCompanyIntents, mountOwnerRoutes } from './owner'
import type { CompanyIntent, Integration } from './owner'
import { receiptPdf } from './pdf'
import { notArray } from '../src/api/schemas/common.schema'
import { SandboxStore } from './store'
import type { StoredReceipt } from './store'
import { hexColour, vivaCheckoutPage } from './viva-page'

/** Hono environment of the sandbox: the Node request is present when served over HTTP. */
export interface SandboxEnv {
  Bindings: { incoming?: IncomingMessage }
  Variables: { sid: string }
}

/** One logged API request (`GET /sandbox/requests`). `at` is epoch milliseconds. */
export interface RequestLogEntry {
  method: string
  path: string
  search: string
  at: number
}

/** One receipt e-mail the sandbox "sent" (kept in memory). */
export interface SentEmail {
  shopId: string
  receiptId: string
  email: string
  at: number
}

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
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url))

const MAX_LOG = 10_000

// Request bodies (valibot). A missing key runs its entry only when the entry is nullish with a
// default, so "missing becomes ''/[]/null" is written as a default, not a transform of undefined.
const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
const idSchema = v.pipe(v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.safeInteger())]), v.transform(String))

const putCartSchema = v.object({
  cart: v.array(
    v.object({
      id: idSchema,
      productId: idSchema,
      count,
      deviations: v.nullish(v.array(idSchema), () => []),
      description: v.nullish(v.string(), ''),
    }),
  ),
  tabItems: v.nullish(v.array(v.object({ id: idSchema, count })), () => []),
})

const field = v.nullish(v.string(), '')
const startPaymentSchema = v.object({
  paymentMethodId: idSchema,
  customerInfo: v.nullish(
    notArray(v.object({
      name: field,
      email: field,
      phone: field,
      extraInfo: field,
      postalCode: field,
      address: field,
      city: field,
      isMobile: v.nullish(v.boolean(), false),
    })),
    () => ({ name: '', email: '', phone: '', extraInfo: '', postalCode: '', address: '', city: '', isMobile: false }),
  ),
  orderReference: v.pipe(
    v.nullish(v.union([v.string(), v.number()]), null),
    v.transform((value): string | null => (value == null || value === '' ? null : String(value))),
  ),
})

const cardConfirmSchema = v.object({ clientSecret: v.pipe(v.string(), v.minLength(1)), cardNumber: v.string() })
const emailSchema = v.object({ email: v.string() })
const referenceSchema = v.object({ reference: v.pipe(v.union([v.string(), v.number()]), v.transform(String)) })
const resetPasswordSchema = notArray(v.object({ oobCode: v.nullish(v.string()), newPassword: v.nullish(v.string()) }))

/** Passwords the simulated identity service refuses as too weak even when long enough. */
const weakPasswords = new Set(['password', 'password1', '123456', '1234567', '12345678', '123456789', 'qwerty', 'abc123', '111111'])

function errorBody(name: string, errorCode?: string) {
  return errorCode === undefined ? { name } : { name, errorCode }
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function inRange(value: string, range: { min: number; max: number } | undefined): boolean {
  if (!range || !/^\d{1,6}$/.test(value)) return false
  const n = Number(value)
  return n >= range.min && n <= range.max
}

function methodType(type: string): PaymentMethodType | null {
  return (paymentMethodTypes as readonly string[]).includes(type) ? (type as PaymentMethodType) : null
}

/**
 * Creates the sandbox platform (DESIGN.md "Sandbox platform"): SPEC §7's API for the demo
 * shops with cookie sessions, simulated Swish / card / Viva payments, receipts with PDFs,
 * the identity toolkit's password-reset endpoint, and test switches under `/sandbox/*`.
 * Receipts and stock persist in `dataDir`; sessions live in memory.
 * @throws when the data dir cannot be created.
 */
export function createSandbox(opts: SandboxOptions = {}): Sandbox {
  const store = new SandboxStore(opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir)
  const slowMs = opts.slowMs ?? 3000
  const faults = new Faults()
  const sessions = new Map<string, SandboxSession>()
  // Client secret or Viva order code → session key, so provider callbacks find their session.
  const payments = new Map<string, string>()
  let log: RequestLogEntry[] = []
  let emails: SentEmail[] = []
  let companyIntents: CompanyIntent[] = demoCompanyIntents()
  const integrations: Integration[] = []

  const app = new Hono<SandboxEnv>()

  app.onError((err, c) => {
    // Rethrown so the Node listener answers nothing and app.request rejects like a network error.
    if (err instanceof DroppedRequestError) throw err
    console.error('[sandbox]', err)
    return c.json(errorBody('Internal server error'), 500)
  })

  /** Applies a test fault to this request: a 500 answer, a dropped socket, or a delay. */
  async function fault(c: Context<SandboxEnv>, target: FaultTarget): Promise<Response | null> {
    const kind = faults.take(target)
    if (kind === 'error500') return c.json(errorBody('Simulated server error'), 500)
    if (kind === 'drop') {
      c.env?.incoming?.socket.destroy()
      throw new DroppedRequestError()
    }
    if (kind === 'slow') await sleep(slowMs)
    return null
  }

  function stockOf(shop: DemoShop, articleId: string, initial: number): number {
    return store.stock(shop.id, articleId, initial)
  }

  /** The shop answer with live stock (SPEC §3 Product count / out-of-stock flag). */
  function shopWire(shop: DemoShop): ShopResponseWire {
    const articles = Object.fromEntries(
      Object.entries(shop.response.articles).map(([id, a]) => {
        if (a.limitStock !== true) return [id, a]
        const count = stockOf(shop, id, a.count ?? 0)
        return [id, { ...a, count, outOfStock: count <= 0 }]
      }),
    )
    return { ...shop.response, articles }
  }

  function sessionFor(c: Context<SandboxEnv>, shop: DemoShop): SandboxSession {
    const key = `${c.get('sid')}|${shop.id}`
    let session = sessions.get(key)
    if (!session) {
      session = newSession(key, shop.id)
      sessions.set(key, session)
    }
    return session
  }

  function endFlow(session: SandboxSession): void {
    const flow = session.flow
    if (flow?.type === 'STRIPE') payments.delete(flow.clientSecret)
    if (flow?.type === 'VIVA_WALLET_WEB') payments.delete(flow.orderCode)
    session.flow = null
  }

  function clearPayment(session: SandboxSession): void {
    endFlow(session)
    session.paymentStatus = 'NOT_STARTED'
    session.paymentId = null
    session.paymentIntentId = null
    session.paymentMethodId = null
    session.message = null
    session.receiptId = null
  }

  /** Books a paid session: receipt, stock, tab; leaves it COMPLETED with the receipt's opaque id. */
  function complete(shop: DemoShop, session: SandboxSession): void {
    const type = methodType(shop.response.paymentMethods?.find((m) => m.id === session.paymentMethodId)?.type ?? '') ?? 'STRIPE'
    const amount = sessionAmount(shop, session)
    const id = `r${randomHex(10)}`
    const company = shop.response.company
    const receipt: StoredReceipt['receipt'] = {
      receiptId: String(store.nextReceiptNumber(shop.id)),
      id,
      name: company.name,
      organizationnumber: company.organizationnumber,
      street: company.street,
      postalcode: company.postalCode,
      city: company.city,
      phone: company.phone,
      products: receiptProducts(shop, session),
      paymentMethods: [{ id: session.paymentMethodId, type: receiptPaymentType[type], amount }],
      dateCreated: new Date().toISOString(),
      cashRegisterLabel: shop.cashRegisterLabel,
      controlUnitSerial: shop.controlUnitSerial,
      controlUnitResponse: randomHex(20).toUpperCase(),
    } satisfies ReceiptWire
    store.saveReceipt({ shopId: shop.id, currency: (company.currency ?? 'SEK') as Currency, receipt })

    const sold = new Map<string, number>()
    for (const line of session.cart) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.count)
    for (const [articleId, count] of sold) {
      const article = shop.response.articles[articleId]
      if (article?.limitStock === true) store.setStock(shop.id, articleId, stockOf(shop, articleId, article.count ?? 0) - count)
    }
    const tab = activeTabOf(shop, session)?.cart ?? []
    for (const item of session.tabItems) {
      if (tab.some((l) => String(l.id) === item.id)) session.tabPaid[item.id] = (session.tabPaid[item.id] ?? 0) + item.count
    }

    endFlow(session)
    session.cart = []
    session.tabItems = []
    session.paymentStatus = 'COMPLETED'
    session.receiptId = id
    session.message = null
  }

  function finish(shop: DemoShop, session: SandboxSession, status: PaymentStatus, message: string | null): void {
    if (status === 'COMPLETED') return complete(shop, session)
    session.paymentStatus = status
    session.message = message
    // A declined card intent can be confirmed again with another card, as with Stripe.
    if (session.flow?.type !== 'STRIPE') endFlow(session)
  }

  /** One poll of a STARTED session moves simulated payments along (SPEC §4 polling). */
  function poll(shop: DemoShop, session: SandboxSession): void {
    const flow = session.flow
    if (session.paymentStatus !== 'STARTED' || !flow) return
    if (flow.type === 'SWISH_TRADE') {
      flow.polls += 1
      if (flow.polls >= flow.script.afterPolls) finish(shop, session, flow.script.status, flow.script.message)
    } else if (flow.type === 'STRIPE' && flow.completeOnNextPoll) {
      finish(shop, session, 'COMPLETED', null)
    }
  }

  function paymentSession(ref: string): { shop: DemoShop; session: SandboxSession } | null {
    const key = payments.get(ref)
    const session = key === undefined ? undefined : sessions.get(key)
    const shop = session ? demoShops[session.shopId] : undefined
    return session && shop ? { shop, session } : null
  }

  // ---- request log and cookie session -------------------------------------------------

  // Compressed like a production platform behind nginx (deploy/nginx.conf gzips JSON): the
  // 500-article shop answer is 157 kB as text and ~12 kB gzip on a phone's network (issue 6).
  app.use('/api/*', compress())

  app.use('/api/*', async (c, next) => {
    log.push({ method: c.req.method, path: c.req.path, search: new URL(c.req.url).search, at: Date.now() })
    if (log.length > MAX_LOG) log = log.slice(-MAX_LOG / 2)
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

  // ---- SPEC §7: shop and session --------------------------------------------------------

  const shopNotFound = (c: Context<SandboxEnv>) => c.json(errorBody('Shop not found'), 404)

  app.get('/api/v2/webshop/:shopId', async (c) => {
    const faulted = await fault(c, 'shop')
    if (faulted) return faulted
    const shop = demoShops[c.req.param('shopId')]
    return shop ? c.json(shopWire(shop)) : shopNotFound(c)
  })

  app.get('/api/v2/webshop/:shopId/cart', async (c) => {
    const faulted = await fault(c, 'session')
    if (faulted) return faulted
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const session = sessionFor(c, shop)
    const table = (c.req.query('table') ?? '').trim()
    if (table !== '') {
      if (!inRange(table, shop.tables)) return c.json(errorBody('Table number not found', 'TABLE_NOT_FOUND'), 404)
      session.orderReference = table
    }
    const tabId = (c.req.query('tabId') ?? '').trim()
    if (tabId !== '') session.tabId = shop.tabs?.[tabId] ? tabId : null
    poll(shop, session)
    return c.json(sessionWire(shop, session))
  })

  app.put('/api/v2/webshop/:shopId/cart', async (c) => {
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const parsed = v.safeParse(putCartSchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('Invalid cart', 'BAD_REQUEST'), 400)
    const unknown = parsed.output.cart.find((line) => !shop.response.articles[line.productId])
    if (unknown) return c.json(errorBody(`Article ${unknown.productId} not found`, 'ARTICLE_NOT_FOUND'), 400)
    const session = sessionFor(c, shop)
    const tab = activeTabOf(shop, session)?.cart ?? []
    session.cart = parsed.output.cart.filter((line) => line.count > 0)
    // Tab items only make sense for lines of the open tab, and never above the line's count.
    session.tabItems = parsed.output.tabItems.flatMap((item) => {
      const line = tab.find((l) => String(l.id) === item.id)
      return line ? [{ id: item.id, count: Math.min(item.count, line.count) }] : []
    })
    if (session.paymentStatus === 'COMPLETED') clearPayment(session)
    return c.body(null, 204)
  })

  app.post('/api/v2/webshop/:shopId/cart/startPayment', async (c) => {
    const faulted = await fault(c, 'startPayment')
    if (faulted) return faulted
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const parsed = v.safeParse(startPaymentSchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('Invalid payment request', 'BAD_REQUEST'), 400)
    const body = parsed.output
    const session = sessionFor(c, shop)
    if (shop.response.shop.active === false) return c.json(errorBody('The shop is closed', 'SHOP_CLOSED'), 400)
    const method = shop.response.paymentMethods?.find((m) => String(m.id) === body.paymentMethodId)
    const type = methodType(method?.type ?? '')
    if (!method || !type) return c.json(errorBody('Payment method not found', 'PAYMENT_METHOD_NOT_FOUND'), 400)

    const shortfalls = stockShortfalls(shop, session.cart, (id, initial) => stockOf(shop, id, initial))
    if (shortfalls.length > 0) return c.json(errorBody(JSON.stringify(shortfalls), 'OUT_OF_STOCK'), 400)
    if (session.cart.length === 0 && !session.tabItems.some((t) => t.count > 0)) {
      return c.json(errorBody('Cart is empty', 'EMPTY_CART'), 400)
    }
    const orderReference = body.orderReference ?? session.orderReference
    if (shop.response.shop.requireReference === true && orderReference === null) {
      return c.json(errorBody('Order reference is required', 'REFERENCE_REQUIRED'), 400)
    }

    const amount = sessionAmount(shop, session)
    endFlow(session)
    let paymentId: string
    let paymentIntentId: string | null = null
    if (type === 'SWISH_TRADE') {
      let script = swishCompleted
      if (!body.customerInfo.isMobile) {
        const phone = phoneDigits(body.customerInfo.phone)
        if (phone === '') return c.json(errorBody('Phone number is required', 'PHONE_REQUIRED'), 400)
        if (phone === SWISH_NOT_ENROLLED_PHONE) {
          return c.json(errorBody('The number is not connected to Swish', 'SWISH_NOT_ENROLLED'), 400)
        }
        script = swishScripts[phone] ?? swishCompleted
      }
      paymentId = randomHex(16)
      session.flow = { type, script, polls: 0, amount }
    } else if (type === 'STRIPE') {
      paymentIntentId = `pi_${randomAlnum(24)}`
      paymentId = `${paymentIntentId}_secret_${randomAlnum(24)}`
      session.flow = { type, clientSecret: paymentId, confirmations: 0, completeOnNextPoll: false, amount }
      payments.set(paymentId, session.key)
    } else {
      paymentId = vivaOrderCode()
      session.flow = { type, orderCode: paymentId, amount }
      payments.set(paymentId, session.key)
    }
    session.paymentStatus = 'STARTED'
    session.paymentId = paymentId
    session.paymentIntentId = paymentIntentId
    session.paymentMethodId = String(method.id)
    session.receiptId = null
    session.message = null
    session.customerInfo = body.customerInfo
    session.orderReference = orderReference
    return c.json({ paymentId })
  })

  app.post('/api/v2/webshop/:shopId/cart/cancelPayment', (c) => {
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const session = sessionFor(c, shop)
    if (session.paymentStatus === 'COMPLETED') return c.json(errorBody('Payment is already completed', 'ALREADY_COMPLETED'), 409)
    if (session.paymentId === null || session.paymentStatus === 'NOT_STARTED') {
      return c.json(errorBody('No payment to cancel', 'NO_PAYMENT'), 404)
    }
    clearPayment(session)
    return c.body(null, 204)
  })

  app.post('/api/v2/webshop/:shopId/reference', async (c) => {
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const parsed = v.safeParse(referenceSchema, await readJson(c))
    const reference = parsed.success ? parsed.output.reference.trim() : ''
    if (!inRange(reference, shop.references)) return c.json(errorBody('Reference not found'), 404)
    sessionFor(c, shop).orderReference = reference
    return c.body(null, 204)
  })

  // ---- SPEC §7: receipts -------------------------------------------------------------------

  function receiptOf(c: Context<SandboxEnv>): StoredReceipt | null {
    const stored = store.receipt(c.req.param('receiptId') ?? '')
    return stored && stored.shopId === c.req.param('shopId') ? stored : null
  }
  const receiptNotFound = (c: Context<SandboxEnv>) => c.json(errorBody('Receipt not found'), 404)

  app.get('/api/v2/webshop/:shopId/receipt/:receiptId', (c) => {
    const stored = receiptOf(c)
    return stored ? c.json(stored.receipt) : receiptNotFound(c)
  })

  app.post('/api/v2/webshop/:shopId/receipt/:receiptId/email', async (c) => {
    const stored = receiptOf(c)
    if (!stored) return receiptNotFound(c)
    const parsed = v.safeParse(emailSchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('E-mail is required', 'BAD_REQUEST'), 400)
    // Lets tests reach the client's 'Could not send receipt' path.
    if (parsed.output.email.toLowerCase().includes('fail')) return c.text('Mail server unavailable', 500)
    emails.push({ shopId: stored.shopId, receiptId: stored.receipt.id, email: parsed.output.email, at: Date.now() })
    return c.body(null, 204)
  })

  app.get('/api/v2/webshop/:shopId/receipt/:receiptId/download', async (c) => {
    const stored = receiptOf(c)
    if (!stored) return receiptNotFound(c)
    const pdf = await receiptPdf(stored)
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="receipt-${stored.receipt.receiptId}.pdf"`,
    })
  })

  app.get('/api/v1/webshop/download/:companyId/:receiptId', async (c) => {
    const receiptId = c.req.param('receiptId')
    if (receiptId === 'notready') return c.json(errorBody('Receipt is not ready yet'), 400)
    const shop = Object.values(demoShops).find((s) => s.companyId === c.req.param('companyId'))
    const stored = shop ? store.findReceipt(shop.id, receiptId) : undefined
    if (!stored) return receiptNotFound(c)
    return c.json({ pdfData: { data: Array.from(await receiptPdf(stored)) } })
  })

  mountOwnerRoutes(app, () => companyIntents, integrations)
  mountLandingRoutes(app)

  app.all('/api/*', (c) => c.json(errorBody('Not found'), 404))

  // ---- simulated card provider -------------------------------------------------------------

  app.post('/sandbox/card/confirm', async (c) => {
    const parsed = v.safeParse(cardConfirmSchema, await readJson(c))
    if (!parsed.success) return c.json({ status: 'failed', error: { message: 'Invalid request' } }, 400)
    const companyIntent = companyIntents.find((i) => i.clientSecret === parsed.output.clientSecret)
    if (companyIntent) return c.json(confirmCompanyIntent(companyIntent, parsed.output.cardNumber))
    const found = paymentSession(parsed.output.clientSecret)
    const flow = found?.session.flow
    if (!found || flow?.type !== 'STRIPE') return c.json({ status: 'failed', error: { message: 'No such payment intent' } }, 404)
    const { shop, session } = found
    if (session.paymentStatus !== 'STARTED' && session.paymentStatus !== 'FAILED') {
      return c.json({ status: 'failed', error: { message: 'This payment is no longer active.' } }, 409)
    }
    const card = parsed.output.cardNumber.replace(/\D/g, '')
    flow.confirmations += 1
    const fail = (message: string | null) => {
      finish(shop, session, 'FAILED', message)
      return c.json({ status: 'failed', id: session.paymentIntentId, error: message === null ? {} : { message } })
    }
    if (card === '4000000000000002') return fail('Your card was declined.')
    if (card === '4000000000009995') return fail(null)
    if (card.length < 12 || card.length > 19) return fail('Your card number is invalid.')
    if (card === '4000002500003155' && flow.confirmations === 1) {
      return c.json({ status: 'requires_action', id: session.paymentIntentId })
    }
    session.paymentStatus = 'STARTED'
    session.message = null
    flow.completeOnNextPoll = true
    return c.json({ status: 'succeeded', id: session.paymentIntentId })
  })

  /** Card confirmation of a company payment: same test cards, no session involved. */
  function confirmCompanyIntent(intent: CompanyIntent, cardNumber: string) {
    const card = cardNumber.replace(/\D/g, '')
    if (intent.status === 'COMPLETED') return { status: 'failed', id: intent.id, error: { message: 'This payment is already completed.' } }
    const message = card === '4000000000000002' ? 'Your card was declined.' : card === '4000000000009995' ? null : card.length < 12 ? 'Your card number is invalid.' : undefined
    if (card === '4000002500003155' && !intent.actionRequested) {
      intent.actionRequested = true
      return { status: 'requires_action', id: intent.id }
    }
    if (message !== undefined) {
      intent.error = message
      return { status: 'failed', id: intent.id, error: message === null ? {} : { message } }
    }
    intent.error = null
    intent.completeOnNextPoll = true
    return { status: 'succeeded', id: intent.id }
  }

  // ---- simulated Viva checkout ---------------------------------------------------------------

  app.get('/sandbox/viva/checkout', (c) => {
    const ref = c.req.query('ref') ?? ''
    const found = paymentSession(ref)
    if (!found || found.session.flow?.type !== 'VIVA_WALLET_WEB') {
      return c.html('<!doctype html><html lang="en"><title>Unknown order</title><h1>Unknown order code</h1></html>', 404)
    }
    const company = found.shop.response.company
    const amount = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: company.currency ?? 'SEK' }).format(
      found.session.flow.amount / 100,
    )
    return c.html(vivaCheckoutPage({ ref, colour: hexColour(c.req.query('color')), merchant: company.name ?? '', amount }))
  })

  app.post('/sandbox/viva/checkout/:ref/:outcome', (c) => {
    const outcome = c.req.param('outcome')
    if (outcome !== 'approve' && outcome !== 'decline' && outcome !== 'cancel') return c.text('Unknown outcome', 404)
    const found = paymentSession(c.req.param('ref'))
    if (!found) return c.text('Unknown order code', 404)
    const { shop, session } = found
    if (session.paymentStatus === 'STARTED') {
      if (outcome === 'approve') finish(shop, session, 'COMPLETED', null)
      else if (outcome === 'decline') finish(shop, session, 'FAILED', 'Declined')
      else finish(shop, session, 'CANCELLED', null)
    }
    return c.redirect(`/${shop.id}/cart`, 303)
  })

  // ---- identity toolkit (password reset, CONTRACT.md "External services without keys") -----

  app.post('/identitytoolkit.googleapis.com/v1/*', async (c) => {
    const identityError = (message: string) => c.json({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }, 400)
    if (!c.req.path.endsWith('/accounts:resetPassword')) return identityError('UNSUPPORTED_OPERATION')
    const parsed = v.safeParse(resetPasswordSchema, await readJson(c))
    const oobCode = parsed.success ? (parsed.output.oobCode ?? '') : ''
    if (oobCode.startsWith('expired')) return identityError('EXPIRED_OOB_CODE')
    if (oobCode === '' || oobCode.startsWith('invalid')) return identityError('INVALID_OOB_CODE')
    const newPassword = parsed.success ? parsed.output.newPassword : null
    if (newPassword != null && (newPassword.length < 6 || weakPasswords.has(newPassword.toLowerCase()))) {
      return identityError('WEAK_PASSWORD : Password should be at least 6 characters')
    }
    return c.json({ kind: 'identitytoolkit#ResetPasswordResponse', email: 'owner@example.com', requestType: 'PASSWORD_RESET' })
  })

  // ---- demo images and test switches ---------------------------------------------------------

  app.get('/sandbox/img/:file', (c) => {
    const match = /^([A-Za-z0-9_-]{1,64})\.(svg|png)$/.exec(c.req.param('file'))
    if (!match?.[1]) return c.text('Not found', 404)
    const cache = { 'Cache-Control': 'public, max-age=86400' }
    if (match[2] === 'png') return c.body(new Uint8Array(demoImagePng(match[1])), 200, { 'Content-Type': 'image/png', ...cache })
    return c.body(demoImageSvg(match[1]), 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', ...cache })
  })

  app.get('/sandbox/faults', (c) => c.json(faults.snapshot()))
  app.post('/sandbox/faults', async (c) => {
    const parsed = v.safeParse(faultsBodySchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('Invalid faults', 'BAD_REQUEST'), 400)
    faults.set(parsed.output)
    return c.json(faults.snapshot())
  })
  app.delete('/sandbox/faults', (c) => {
    faults.clear()
    return c.body(null, 204)
  })

  app.get('/sandbox/requests', (c) => {
    const since = Number(c.req.query('since') ?? 0)
    return c.json(log.filter((entry) => entry.at >= (Number.isFinite(since) ? since : 0)))
  })
  app.get('/sandbox/emails', (c) => c.json(emails))

  const reset = () => {
    faults.clear()
    sessions.clear()
    payments.clear()
    log = []
    emails = []
    companyIntents = demoCompanyIntents()
    integrations.length = 0
    store.resetStock()
  }
  app.post('/sandbox/reset', (c) => {
    reset()
    return c.body(null, 204)
  })

  app.notFound((c) => c.json(errorBody('Not found'), 404))

  const listener = getRequestListener(app.fetch, {
    // A dropped request has no answer; anything else that escapes Hono becomes a bare 500.
    errorHandler: (err) => (err instanceof DroppedRequestError ? undefined : new Response(null, { status: 500 })),
  })

  return {
    app,
    listener,
    store,
    faults,
    requests: (since = 0) => log.filter((entry) => entry.at >= since),
    sentEmails: () => emails,
    integrations: () => integrations,
    reset,
  }
}
