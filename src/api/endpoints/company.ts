import { path } from '../http'
import type { Http } from '../http'
import { receiptPdfResponseSchema } from '../schemas/receipt-pdf.schema'
import { paymentIntentResponseSchema } from '../schemas/payment-intent.schema'
import type { PaymentIntentInfo } from '../schemas/payment-intent.schema'

/**
 * GET /api/v1/webshop/download/{companyId}/{receiptId}: the PDF receipt's bytes (SPEC §7).
 * A 400 rejects with ApiError whose `serverMessage` the page shows (SPEC §8).
 */
export function getReceiptPdf(http: Http, companyId: string, receiptId: string): Promise<Uint8Array> {
  return http.json('get', path`api/v1/webshop/download/${companyId}/${receiptId}`, receiptPdfResponseSchema)
}

/**
 * GET /api/v1/company/{companyId}/payments/{paymentIntentId} with credentials (SPEC §7):
 * the company card payment. Any non-ok answer rejects with ApiError; the page shows
 * 'Failed to fetch payment intent'.
 */
export function getPaymentIntent(http: Http, companyId: string, paymentIntentId: string): Promise<PaymentIntentInfo> {
  return http.json('get', path`api/v1/company/${companyId}/payments/${paymentIntentId}`, paymentIntentResponseSchema)
}
