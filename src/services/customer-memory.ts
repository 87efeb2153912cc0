import { customerFields, type CustomerField } from '@/domain/types'

/**
 * Remembers what the customer typed in 'Your info' for this browser tab (sessionStorage, gone
 * when the tab closes), so a redirect to a payment provider and back, or a reload, loses
 * nothing. The Swish app returns the customer through its callback link, which phones open in
 * a new tab: before the app opens, the info is handed off (localStorage) for the tab that link
 * opens, which takes it once within {@link HANDOFF_MS}. Storage failures (private mode, quota)
 * are ignored: the form simply starts empty.
 */
export interface CustomerMemory {
  recall(shopId: string): Partial<Record<CustomerField, string>> | null
  remember(shopId: string, values: Partial<Record<CustomerField, string>>): void
  /** Keeps this tab's info for the next tab of the shop to open without its own (the Swish callback's). */
  handOff(shopId: string): void
}

/**
 * How long a handed-off form waits for the tab the Swish app opens (ms): a payment's time.
 * @internal exported for its tests
 */
export const HANDOFF_MS = 30 * 60_000

/**
 * A memory over this tab's Storage (`tab`: sessionStorage in the browser), key
 * `storefront.customer.<shopId>`, and the browser's (`device`: localStorage) for the handoff,
 * key `storefront.customerHandoff.<shopId>`: `{at, form}`, `at` in ms since the epoch (`now`).
 */
export function createCustomerMemory(tab: () => Storage | undefined, device: () => Storage | undefined, now: () => number = Date.now): CustomerMemory {
  const key = (shopId: string) => `storefront.customer.${shopId}`
  const handoffKey = (shopId: string) => `storefront.customerHandoff.${shopId}`
  return {
    recall(shopId) {
      try {
        let raw = tab()?.getItem(key(shopId))
        if (!raw) {
          // Taken once, fresh or not: a handoff never outlives the next tab's look.
          const handoff = JSON.parse(device()?.getItem(handoffKey(shopId)) ?? 'null') as { at?: number; form?: string } | null
          device()?.removeItem(handoffKey(shopId))
          raw = handoff && now() - (handoff.at ?? 0) <= HANDOFF_MS ? handoff.form : null
        }
        if (!raw) return null
        const parsed: unknown = JSON.parse(raw)
        if (!parsed || typeof parsed !== 'object') return null
        const values: Partial<Record<CustomerField, string>> = {}
        for (const field of customerFields) {
          const value = (parsed as Record<string, unknown>)[field]
          if (typeof value === 'string' && value.length <= 500) values[field] = value
        }
        return values
      } catch {
        return null
      }
    },
    remember(shopId, values) {
      try {
        tab()?.setItem(key(shopId), JSON.stringify(values))
      } catch {
        // Storage full or forbidden: nothing to keep, nothing lost from the page itself.
      }
    },
    handOff(shopId) {
      try {
        device()?.setItem(handoffKey(shopId), JSON.stringify({ at: now(), form: tab()?.getItem(key(shopId)) }))
      } catch {
        // As remember: the callback's tab then starts with an empty form.
      }
    },
  }
}
