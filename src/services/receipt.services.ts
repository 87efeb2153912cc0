import { fromPromise } from 'xstate'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import type { AppServices } from './app-services'

const live = new WeakMap<AppServices, typeof receiptEmailMachine>()

/**
 * The receipt e-mail machine (SPEC §2 "Receipt page", §7 POST …/receipt/{receiptId}/email)
 * wired to the router context's api; one per AppServices, so it keeps its identity across
 * renders. Imported by the receipt page only, so it loads with that page (issue 6).
 */
export function receiptEmailFor(services: AppServices): typeof receiptEmailMachine {
  let machine = live.get(services)
  if (!machine) {
    machine = receiptEmailMachine.provide({
      actors: { sendReceipt: fromPromise(({ input }) => services.api.sendReceiptEmail(input.shopId, input.receiptId, input.email)) },
    })
    live.set(services, machine)
  }
  return machine
}
