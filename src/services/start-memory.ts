import { attemptStorage } from './storage-attempt'

/**
 * A payment start this browser sent whose answer it has not read (localStorage, per shop): a
 * reload or a closed tab in the middle of Start payment loses the page's knowledge that the
 * platform may now hold a payment (Swish may already be asking the customer's phone). The next
 * load's checkout then takes its start as unconfirmed, so its next start cancels first and
 * never leaves two payments to approve (SPEC §4); the start after that clears it. Storage
 * failures are ignored: a reload then knows only what the session says.
 */
export interface StartMemory {
  /** Notes a start for `shopId` as sent (before the request). */
  sent(shopId: string): void
  /** The start's answer was read: the session names its payment from now on. */
  answered(shopId: string): void
  /** A start was sent and its answer never read. */
  pending(shopId: string): boolean
}

/** A memory over a Storage (localStorage in the browser); key `storefront.startSent.<shopId>`. */
export function createStartMemory(storage: () => Storage | undefined): StartMemory {
  const key = (shopId: string) => `storefront.startSent.${shopId}`
  return {
    sent: (shopId) => attemptStorage(storage, (store) => store?.setItem(key(shopId), '1'), undefined),
    answered: (shopId) => attemptStorage(storage, (store) => store?.removeItem(key(shopId)), undefined),
    pending: (shopId) => attemptStorage(storage, (store) => store?.getItem(key(shopId)) != null, false),
  }
}
