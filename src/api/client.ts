import { createHttp, type Http } from './http'
import { toApiError } from './errors'
import * as webshop from './endpoints/webshop'
import type { PutCartBody, StartPaymentBody } from './schemas/session.schema'
import type { PaymentIntentInfo } from './schemas/payment-intent.schema'
import type { BookkeepingProvider, IntegrateBookkeepingBody } from './schemas/bookkeeping.schema'
import type { CancelOutcome, Receipt, Session, ShopData } from '@/domain/types'

/** Options of {@link createPlatformApi}. */
interface PlatformApiOptions {
  /** Platform origin and optional base path ('https://host/base'); '' or unset = same origin. */
  baseUrl?: string
  /** fetch implementation (tests pass a fake); default the global fetch at call time. */
  fetch?: typeof fetch
  /** Per-request timeout in milliseconds; default 15000. */
  timeoutMs?: number
}

/**
 * Every call of SPEC §7, one function each. All return promises that reject only with
 * ApiError (SPEC §8; see `./errors`); answers are validated and normalised to domain types.
 * Path arguments are URL-encoded, so ids straight from the URL bar are safe.
 */
export type PlatformApi = {
  /**
   * GET /api/v2/webshop/{shopId}. 404 → kind 'notFound' (shop not found). The page's first
   * call may be answered by the boot script's request (see `./early-requests`).
   */
  getShop(shopId: string): Promise<ShopData>
  /** GET /api/v2/webshop/{shopId}/cart; `table` and `tabId` are sent only when set. */
  getSession(shopId: string, query: { table: string | null; tabId: string | null }): Promise<Session>
  /** PUT /api/v2/webshop/{shopId}/cart. */
  putCart(shopId: string, body: PutCartBody, options?: { keepalive?: boolean }): Promise<void>
  /** POST …/cart/startPayment; OUT_OF_STOCK → kind 'outOfStock' with `stock`. */
  startPayment(shopId: string, body: StartPaymentBody): Promise<{ paymentId: string }>
  /** POST …/cart/cancelPayment; 404 and 409 resolve, as 'none' and 'ended' (SPEC §8). */
  cancelPayment(shopId: string): Promise<CancelOutcome>
  /** GET /api/v2/webshop/{shopId}/receipt/{receiptId}. */
  getReceipt(shopId: string, receiptId: string): Promise<Receipt>
  /** POST …/receipt/{receiptId}/email with `{email}`. */
  sendReceiptEmail(shopId: string, receiptId: string, email: string): Promise<void>
  /** POST /api/v2/webshop/{shopId}/reference with `{reference}`. */
  saveReference(shopId: string, reference: string): Promise<void>
  /** Absolute (with a base URL) or root-relative URL of GET …/receipt/{receiptId}/download. */
  receiptDownloadUrl(shopId: string, receiptId: string): string
  /** POST /api/v1/webshop/bookkeeping/{provider}/integrate/{companyId}. */
  integrateBookkeeping(provider: BookkeepingProvider, companyId: string, body: IntegrateBookkeepingBody): Promise<void>
  /** GET /api/v1/webshop/bookkeeping/integrationUrl/{bookkeeper}/{companyId}/{authCode}. */
  getIntegrationUrl(bookkeeper: string, companyId: string, authCode: string): Promise<{ integrationUrl: string }>
  /** GET /api/v1/webshop/download/{companyId}/{receiptId}: `pdfData.data` as bytes. */
  getReceiptPdf(companyId: string, receiptId: string): Promise<Uint8Array>
  /** GET /api/v1/company/{companyId}/payments/{paymentIntentId}, normalised. */
  getPaymentIntent(companyId: string, paymentIntentId: string): Promise<PaymentIntentInfo>
}

const payment = () => import('./endpoints/payment')
const receipt = () => import('./endpoints/receipt')
const bookkeeping = () => import('./endpoints/bookkeeping')
const company = () => import('./endpoints/company')

/**
 * Loads the payment calls' module (startPayment, cancelPayment) ahead of their first use. A chunk
 * that failed to arrive stays failed in the browser until the page reloads (the module map keeps
 * the failure), so it must not first be asked for when a customer who is offline presses Start
 * payment: Try again would then fail without a request once the connection is back (SPEC §4).
 */
export function preloadPaymentCalls(): void {
  payment().catch(() => undefined)
}

/**
 * Loads a lazily split endpoint module; a chunk that does not arrive (a dropped connection)
 * rejects as ApiError kind 'network', like the call itself would have (SPEC §8).
 */
async function load<M>(module: () => Promise<M>): Promise<M> {
  try {
    return await module()
  } catch (e) {
    throw await toApiError(e)
  }
}

/**
 * Creates the platform API over the HTTP layer (`./http`, STYLE §6: one ky instance): `baseUrl` before every path, credentials 'include', retry 0 (machines own
 * retries and polling), timeout `timeoutMs` (default 15000 ms); or over `http` when given (the
 * app's one instance). The receipt's and the owner pages' endpoints load on first call.
 * @internal exported for tests, which pass their own fetch (knip --production)
 */
export function createPlatformApi(options: PlatformApiOptions = {}, http: Http = createHttp(options)): PlatformApi {
  return {
    getShop: (shopId) => webshop.getShop(http, shopId),
    getSession: (shopId, query) => webshop.getSession(http, shopId, query),
    putCart: (shopId, body, options) => webshop.putCart(http, shopId, body, options),
    // Calls the menu never makes load their endpoint (and its answer's schema) with the page
    // that makes them, not with the menu.
    startPayment: async (shopId, body) => (await load(payment)).startPayment(http, shopId, body),
    cancelPayment: async (shopId) => (await load(payment)).cancelPayment(http, shopId),
    getReceipt: async (shopId, receiptId) => (await load(receipt)).getReceipt(http, shopId, receiptId),
    sendReceiptEmail: async (shopId, receiptId, email) => (await load(receipt)).sendReceiptEmail(http, shopId, receiptId, email),
    saveReference: (shopId, reference) => webshop.saveReference(http, shopId, reference),
    receiptDownloadUrl: (shopId, receiptId) => webshop.receiptDownloadUrl(http, shopId, receiptId),
    integrateBookkeeping: async (provider, companyId, body) => (await load(bookkeeping)).integrateBookkeeping(http, provider, companyId, body),
    getIntegrationUrl: async (bookkeeper, companyId, authCode) => (await load(bookkeeping)).getIntegrationUrl(http, bookkeeper, companyId, authCode),
    getReceiptPdf: async (companyId, receiptId) => (await load(company)).getReceiptPdf(http, companyId, receiptId),
    getPaymentIntent: async (companyId, paymentIntentId) => (await load(company)).getPaymentIntent(http, companyId, paymentIntentId),
  }
}

/**
 * The app's HTTP layer against `VITE_API_BASE_URL` (default '' = same origin; CONTRACT "Build
 * and serve"): {@link platformApi}'s, and the simulated card provider's sandbox calls
 * (`./endpoints/card-sandbox`), which are no part of the platform's API.
 */
export const platformHttp: Http = createHttp({ baseUrl: import.meta.env.VITE_API_BASE_URL ?? '' })

/**
 * The app's instance, against `VITE_API_BASE_URL` (default '' = same origin; CONTRACT "Build
 * and serve"). Its first shop and session GETs adopt the boot script's requests.
 */
export const platformApi: PlatformApi = createPlatformApi({}, platformHttp)
