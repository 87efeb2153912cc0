import { customerFields, type CustomerField } from '@/domain/types'

/**
 * Remembers what the customer typed in 'Your info' for this browser tab only (sessionStorage,
 * gone when the tab closes), so a redirect to a payment provider and back, or a reload, loses
 * nothing. Storage failures (private mode, quota) are ignored: the form simply starts empty.
 */
export interface CustomerMemory {
  recall(shopId: string): Partial<Record<CustomerField, string>> | null
  remember(shopId: string, values: Partial<Record<CustomerField, string>>): void
}

/** A memory over a Storage (sessionStorage in the browser); key `storefront.customer.<shopId>`. */
export function createCustomerMemory(storage: () => Storage | undefined): CustomerMemory {
  const key = (shopId: string) => `storefront.customer.${shopId}`
  return {
    recall(shopId) {
      try {
        const raw = storage()?.getItem(key(shopId))
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
        storage()?.setItem(key(shopId), JSON.stringify(values))
      } catch {
        // Storage full or forbidden: nothing to keep, nothing lost from the page itself.
      }
    },
  }
}
