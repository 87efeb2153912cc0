import type { PlatformApi } from '@/api/client'
import { ApiError } from '@/api/errors'
import { createAppServices, type AppServices } from '@/services/app-services'

/**
 * App services over a fake platform: every call rejects with a 404 ApiError unless the test
 * overrides it. Same shape as the live services (STYLE.md §3 fakes), so routes and machines
 * run their real wiring against it.
 */
export function fakeAppServices(api: Partial<PlatformApi> = {}): AppServices {
  const notFound = () => Promise.reject(new ApiError({ kind: 'notFound', status: 404 }))
  const fake: PlatformApi = {
    getShop: notFound,
    getSession: notFound,
    putCart: notFound,
    startPayment: notFound,
    cancelPayment: notFound,
    getReceipt: notFound,
    sendReceiptEmail: notFound,
    saveReference: notFound,
    receiptDownloadUrl: (shopId, receiptId) => `/api/v2/webshop/${shopId}/receipt/${receiptId}/download`,
    integrateBookkeeping: notFound,
    getIntegrationUrl: notFound,
    getReceiptPdf: notFound,
    getPaymentIntent: notFound,
    ...api,
  }
  return createAppServices(fake)
}
