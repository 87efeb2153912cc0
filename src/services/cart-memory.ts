import * as v from 'valibot'
import type { UnsyncedCart } from '@machines/session/session.machine'
import { storedCartSchema } from '@/api/schemas/session.schema'

/**
 * The cart this browser tab has not got to the platform yet, per shop (sessionStorage: it
 * survives a reload, not the tab). The session keeps it while a push is pending or failing
 * ("Your cart is saved and will be sent when the connection returns") and forgets it once the
 * platform has the cart; the next load of the shop takes it up again. Storage failures
 * (private mode, quota) are ignored: the cart then lives in the page only, as before.
 */
export interface CartMemory {
  /** The shop's unsynced cart, or null when none, unreadable or older than {@link MAX_AGE_MS}. */
  recall(shopId: string): UnsyncedCart | null
  keep(shopId: string, cart: UnsyncedCart): void
  forget(shopId: string): void
}

/** How long an unsynced cart is taken up again (ms): a reload, not the next day's visit. */
const MAX_AGE_MS = 30 * 60 * 1000

/** A memory over a Storage (sessionStorage in the browser); key `storefront.unsyncedCart.<shopId>`. */
export function createCartMemory(storage: () => Storage | undefined, now: () => number = Date.now): CartMemory {
  const key = (shopId: string) => `storefront.unsyncedCart.${shopId}`
  return {
    recall(shopId) {
      try {
        const saved = v.safeParse(storedCartSchema, JSON.parse(storage()?.getItem(key(shopId)) ?? 'null'))
        if (!saved.success || now() - saved.output.savedAt > MAX_AGE_MS) return null
        const { cart, tabItems, merge } = saved.output
        return { cart, tabItems, merge }
      } catch {
        return null
      }
    },
    keep(shopId, cart) {
      try {
        storage()?.setItem(key(shopId), JSON.stringify({ ...cart, savedAt: now() }))
      } catch {
        // Storage full or forbidden: the cart lives in the page only.
      }
    },
    forget(shopId) {
      try {
        storage()?.removeItem(key(shopId))
      } catch {
        // Nothing kept, or storage forbidden: nothing to forget.
      }
    },
  }
}
