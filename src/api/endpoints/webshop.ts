import { path } from '../http'
import type { Http } from '../http'
import { sessionResponseSchema } from '../schemas/session.schema'
import type { PutCartBody } from '../schemas/session.schema'
import { shopResponseSchema } from '../schemas/shop.schema'
import type { Session, ShopData } from '@/domain/types'

/**
 * The customer-facing shop calls (SPEC §7, /api/v2/webshop/{shopId}/...). Each takes the
 * shared {@link Http} and rejects only with ApiError (SPEC §8).
 */

/** Query of the session call; null or '' values are not sent. */
export interface SessionQuery {
  /** Table number from the shop URL (`?table=`); sets the order reference. */
  table: string | null
  /** Open tab id from the shop URL (`?tabId=`). */
  tabId: string | null
}

/** GET /api/v2/webshop/{shopId}: the shop, normalised. 404 → ApiError kind 'notFound'. */
export function getShop(http: Http, shopId: string): Promise<ShopData> {
  return http.json('get', path`api/v2/webshop/${shopId}`, shopResponseSchema)
}

/** GET /api/v2/webshop/{shopId}/cart?table=&tabId=: the server-side session. */
export function getSession(http: Http, shopId: string, query: SessionQuery): Promise<Session> {
  return http.json('get', path`api/v2/webshop/${shopId}/cart`, sessionResponseSchema, { searchParams: { table: query.table, tabId: query.tabId } })
}

/**
 * PUT /api/v2/webshop/{shopId}/cart with the whole cart and chosen tab items. `keepalive` lets
 * the request finish after the page is gone (the last edit before a reload or a closed tab).
 */
export function putCart(http: Http, shopId: string, body: PutCartBody, options: { keepalive?: boolean } = {}): Promise<void> {
  return http.send('put', path`api/v2/webshop/${shopId}/cart`, { json: body, keepalive: options.keepalive })
}

/** POST /api/v2/webshop/{shopId}/reference with `{reference}`; a refused reference rejects (SPEC §5 reference.notFound). */
export function saveReference(http: Http, shopId: string, reference: string): Promise<void> {
  return http.send('post', path`api/v2/webshop/${shopId}/reference`, { json: { reference } })
}

/** URL of GET /api/v2/webshop/{shopId}/receipt/{receiptId}/download, opened by the browser in a new window. */
export function receiptDownloadUrl(http: Http, shopId: string, receiptId: string): string {
  return http.url(path`api/v2/webshop/${shopId}/receipt/${receiptId}/download`)
}
