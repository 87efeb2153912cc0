import { fromPromise } from 'xstate'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import type { AppServices } from './app-services'
import { providedOnce } from './provided-once'

/**
 * The receipt e-mail machine (SPEC §2 "Receipt page", §7 POST …/receipt/{receiptId}/email)
 * wired to the router context's api, one per AppServices ({@link providedOnce}). Imported by the
 * receipt page only, so it loads with that page.
 */
export const receiptEmailFor = providedOnce((services: AppServices) =>
  receiptEmailMachine.provide({
    actors: { sendReceipt: fromPromise(({ input }) => services.api.sendReceiptEmail(input.shopId, input.receiptId, input.email)) },
  }),
)
