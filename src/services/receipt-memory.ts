/**
 * Receipts this browser has opened after a payment, per shop (localStorage, so a later visit
 * or another tab knows them too). The platform may still report the last payment COMPLETED
 * when the shop loads again; the shop gate opens that receipt only if it is not one of these
 * (SPEC §2 "Cart page": on completion the app opens the receipt and clears the payment state).
 * Storage failures (private mode, quota) are ignored: a receipt may then open once more.
 */
export interface ReceiptMemory {
  /** The receipt ids opened for `shopId`, oldest first; empty when none or unreadable. */
  shown(shopId: string): string[]
  /** Adds `receiptId` to the shop's list, which keeps the last {@link KEPT_RECEIPTS}. */
  remember(shopId: string, receiptId: string): void
}

/** Receipt ids kept per shop: enough for every payment a session could still report. */
const KEPT_RECEIPTS = 20

/** A memory over a Storage (localStorage in the browser); key `storefront.receipts.<shopId>`. */
export function createReceiptMemory(storage: () => Storage | undefined): ReceiptMemory {
  const key = (shopId: string) => `storefront.receipts.${shopId}`
  function shown(shopId: string): string[] {
    try {
      const parsed: unknown = JSON.parse(storage()?.getItem(key(shopId)) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string').slice(-KEPT_RECEIPTS) : []
    } catch {
      return []
    }
  }
  return {
    shown,
    remember(shopId, receiptId) {
      try {
        const kept = [...shown(shopId).filter((id) => id !== receiptId), receiptId].slice(-KEPT_RECEIPTS)
        storage()?.setItem(key(shopId), JSON.stringify(kept))
      } catch {
        // Storage full or forbidden: the receipt may open once more on a later visit.
      }
    },
  }
}
