import type { WebIntegrationProvider } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'
import { attemptStorage } from './storage-attempt'

/**
 * Bookkeeping authorization codes this browser tab has already linked (sessionStorage: a reload
 * of the callback page keeps it, a new tab starts empty). A provider's code is good for one
 * integrate call, so a reload of the success page must not send it again and then say the
 * linking failed (SPEC §4 "Bookkeeping callback"). Storage failures are ignored: the code is
 * then sent again, as before.
 */
export interface IntegrationMemory {
  /** Whether `code` of `provider` was linked in this tab. */
  linked(provider: WebIntegrationProvider, code: string): boolean
  /** Notes that `code` of `provider` was linked. */
  remember(provider: WebIntegrationProvider, code: string): void
}

/** A memory over a Storage (sessionStorage in the browser); key `storefront.integrated.<provider>`, the last code. */
export function createIntegrationMemory(storage: () => Storage | undefined): IntegrationMemory {
  const key = (provider: WebIntegrationProvider) => `storefront.integrated.${provider}`
  return {
    linked: (provider, code) => attemptStorage(storage, (store) => store?.getItem(key(provider)) === code, false),
    // Storage full or forbidden: a reload sends the code again.
    remember: (provider, code) => attemptStorage(storage, (store) => store?.setItem(key(provider), code), undefined),
  }
}
