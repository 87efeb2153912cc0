import { path } from '../http'
import type { Http } from '../http'
import { receiptSchema } from '../schemas/receipt.schema'
import type { Receipt } from '@/domain/types'

/**
 * The receipt calls (SPEC §7), a module of their own, loaded with the receipt page.
 * Each rejects only with ApiError (SPEC §8).
 */

/** GET /api/v2/webshop/{shopId}/receipt/{receiptId}: the electronic receipt. */
export function getReceipt(http: Http, shopId: string, receiptId: string): Promise<Receipt> {
  return http.json('get', path`api/v2/webshop/${shopId}/receipt/${receiptId}`, receiptSchema)
}

/** POST /api/v2/webshop/{shopId}/receipt/{receiptId}/email with `{email}` (no client-side format check, SPEC §5). */
export function sendReceiptEmail(http: Http, shopId: string, receiptId: string, email: string): Promise<void> {
  return http.send('post', path`api/v2/webshop/${shopId}/receipt/${receiptId}/email`, { json: { email } })
}
