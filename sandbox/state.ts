import type { Context } from 'hono'
import type { ReceiptWire } from '@/api/schemas/receipt.schema'
import type { ShopResponseWire } from '@/api/schemas/shop.schema'
import type { Currency, PaymentMethodType, PaymentStatus } from '@/domain/types'
import { paymentMethodTypes } from '@/domain/types'
import { DroppedRequestError, Faults } from './faults'
import type { FaultTarget } from './faults'
import { demoShops } from './fixtures'
import type { DemoShop } from './fixtures'
import { errorBody } from './http'
import type { SandboxEnv } from './http'
import { activeTabOf, newSession, randomHex, receiptPaymentType, receiptProducts, sessionAmount } from './model'
import type { SandboxSession } from './model'
import { demoCompanyIntents } from './owner'
import type { CompanyIntent, Integration } from './owner'
import { SandboxStore } from './store'
import type { StoredReceipt } from './store'

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

const MAX_LOG = 10_000

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The payment method type of a fixture's method, or null for one the app does not know. */
export function methodType(type: string): PaymentMethodType | null {
  return (paymentMethodTypes as readonly string[]).includes(type) ? (type as PaymentMethodType) : null
}

/**
 * Everything the sandbox's route modules share (DESIGN.md "Sandbox platform"): the durable
 * store, test faults, cookie sessions, running payments, the request log, sent e-mails and the
 * owner pages' data, with the bookkeeping of simulated payments (SPEC §4, §7). Sessions,
 * payments, the log and e-mails live in memory; receipts and stock in the store.
 */
export class SandboxState {
  readonly faults = new Faults()
  readonly sessions = new Map<string, SandboxSession>()
  /** Client secret or Viva order code → session key, so provider callbacks find their session. */
  readonly payments = new Map<string, string>()
  /**
   * The simulated card provider's own record, apart from the sessions (Stripe's side): client
   * secret → the intent's `PaymentIntent.status`. A card payment started here begins
   * `requires_payment_method`; the browser's simulated Stripe records each verdict, and reads it
   * back with `retrievePaymentIntent` after a reload.
   */
  readonly cardIntents = new Map<string, string>()
  readonly integrations: Integration[] = []
  companyIntents: CompanyIntent[] = demoCompanyIntents()
  private log: RequestLogEntry[] = []
  private emails: SentEmail[] = []

  /** `slowMs`: delay of the `slow` session fault, milliseconds. */
  constructor(
    readonly store: SandboxStore,
    private readonly slowMs: number,
  ) {}

  /** Logs one API request; the log keeps the last 5,000–10,000 entries. */
  logRequest(entry: RequestLogEntry): void {
    this.log.push(entry)
    if (this.log.length > MAX_LOG) this.log = this.log.slice(-MAX_LOG / 2)
  }

  /** API requests seen since `since` (epoch ms). */
  requests(since = 0): RequestLogEntry[] {
    return this.log.filter((entry) => entry.at >= since)
  }

  recordEmail(email: SentEmail): void {
    this.emails.push(email)
  }

  /** Receipt e-mails accepted so far. */
  sentEmails(): readonly SentEmail[] {
    return this.emails
  }

  /** Clears faults, sessions, card intents, the request log and sent e-mails, and restores fixture stock. Receipts stay. */
  reset(): void {
    this.faults.clear()
    this.sessions.clear()
    this.payments.clear()
    this.cardIntents.clear()
    this.log = []
    this.emails = []
    this.companyIntents = demoCompanyIntents()
    this.integrations.length = 0
    this.store.resetStock()
  }

  /**
   * Applies a test fault to this request: a 500 answer, a dropped socket, or a delay.
   * @returns the answer to send instead, or null to go on
   * @throws DroppedRequestError for a dropped request
   */
  async fault(c: Context<SandboxEnv>, target: FaultTarget): Promise<Response | null> {
    const kind = this.faults.take(target)
    if (kind === 'error500') return c.json(errorBody('Simulated server error'), 500)
    if (kind === 'drop') {
      c.env?.incoming?.socket.destroy()
      throw new DroppedRequestError()
    }
    if (kind === 'slow') await sleep(this.slowMs)
    return null
  }

  stockOf(shop: DemoShop, articleId: string, initial: number): number {
    return this.store.stock(shop.id, articleId, initial)
  }

  /** The shop answer with live stock (SPEC §3 Product count / out-of-stock flag). */
  shopWire(shop: DemoShop): ShopResponseWire {
    const articles = Object.fromEntries(
      Object.entries(shop.response.articles).map(([id, a]) => {
        if (a.limitStock !== true) return [id, a]
        const count = this.stockOf(shop, id, a.count ?? 0)
        return [id, { ...a, count, outOfStock: count <= 0 }]
      }),
    )
    return { ...shop.response, articles }
  }

  /** The session of this request's cookie in `shop`, created empty on first use. */
  sessionFor(c: Context<SandboxEnv>, shop: DemoShop): SandboxSession {
    const key = `${c.get('sid')}|${shop.id}`
    let session = this.sessions.get(key)
    if (!session) {
      session = newSession(key, shop.id)
      this.sessions.set(key, session)
    }
    return session
  }

  /** Forgets the session's running payment flow (and its provider reference). */
  endFlow(session: SandboxSession): void {
    const flow = session.flow
    if (flow?.type === 'STRIPE') this.payments.delete(flow.clientSecret)
    if (flow?.type === 'VIVA_WALLET_WEB') this.payments.delete(flow.orderCode)
    session.flow = null
  }

  /** Back to NOT_STARTED with no payment, message or receipt. */
  clearPayment(session: SandboxSession): void {
    this.endFlow(session)
    session.paymentStatus = 'NOT_STARTED'
    session.paymentId = null
    session.paymentIntentId = null
    session.paymentMethodId = null
    session.message = null
    session.receiptId = null
  }

  /** Books a paid session: receipt, stock, tab; leaves it COMPLETED with the receipt's opaque id. */
  private complete(shop: DemoShop, session: SandboxSession): void {
    const type = methodType(shop.response.paymentMethods?.find((m) => m.id === session.paymentMethodId)?.type ?? '') ?? 'STRIPE'
    const amount = sessionAmount(shop, session)
    const id = `r${randomHex(10)}`
    const company = shop.response.company
    const receipt: StoredReceipt['receipt'] = {
      receiptId: String(this.store.nextReceiptNumber(shop.id)),
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
    this.store.saveReceipt({ shopId: shop.id, currency: (company.currency ?? 'SEK') as Currency, receipt })

    const sold = new Map<string, number>()
    for (const line of session.cart) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.count)
    for (const [articleId, count] of sold) {
      const article = shop.response.articles[articleId]
      if (article?.limitStock === true) this.store.setStock(shop.id, articleId, this.stockOf(shop, articleId, article.count ?? 0) - count)
    }
    const tab = activeTabOf(shop, session)?.cart ?? []
    for (const item of session.tabItems) {
      if (tab.some((l) => String(l.id) === item.id)) session.tabPaid[item.id] = (session.tabPaid[item.id] ?? 0) + item.count
    }

    this.endFlow(session)
    session.cart = []
    session.tabItems = []
    session.paymentStatus = 'COMPLETED'
    session.receiptId = id
    session.message = null
  }

  /** Ends a payment with `status` (COMPLETED books it) and the provider's message. */
  finish(shop: DemoShop, session: SandboxSession, status: PaymentStatus, message: string | null): void {
    if (status === 'COMPLETED') return this.complete(shop, session)
    session.paymentStatus = status
    session.message = message
    // A declined card intent can be confirmed again with another card, as with Stripe.
    if (session.flow?.type !== 'STRIPE') this.endFlow(session)
  }

  /** One poll of a STARTED session moves simulated payments along (SPEC §4 polling). */
  poll(shop: DemoShop, session: SandboxSession): void {
    const flow = session.flow
    if (session.paymentStatus !== 'STARTED' || !flow) return
    if (flow.type === 'SWISH_TRADE') {
      flow.polls += 1
      if (flow.polls >= flow.script.afterPolls) this.finish(shop, session, flow.script.status, flow.script.message)
    } else if (flow.type === 'STRIPE' && flow.completeOnNextPoll) {
      this.finish(shop, session, 'COMPLETED', null)
    }
  }

  /** The shop and session of a running card or Viva payment, by client secret or order code. */
  paymentSession(ref: string): { shop: DemoShop; session: SandboxSession } | null {
    const key = this.payments.get(ref)
    const session = key === undefined ? undefined : this.sessions.get(key)
    const shop = session ? demoShops[session.shopId] : undefined
    return session && shop ? { shop, session } : null
  }
}
