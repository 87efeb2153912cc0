import { path } from '../http'
import type { Http } from '../http'
import { receiptSchema } from '../schemas/receipt.schema'
import type { Receipt } from '@/domain/types'

/**
 * GET /api/v2/webshop/{shopId}/receipt/{receiptId}: the electronic receipt (SPEC §7). A module
 * of its own, loaded with the receipt page (issue 6). Rejects only with ApiError (SPEC §8).
 */
export function getReceipt(http: Http, shopId: string, receiptId: string): Promise<Receipt> {
  return http.json('get', path`api/v2/webshop/${shopId}/receipt/${receiptId}`, receiptSchema)
}
