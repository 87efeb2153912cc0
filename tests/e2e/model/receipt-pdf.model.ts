/**
 * The PDF receipt page as a browser model (SPEC §2 "PDF receipt download page"
 * `/receipt/{companyId}/{receiptId}`, §7, §8 "PDF download"): the PDF of a receipt paid through
 * the sandbox's API before the paths run (tests/e2e/support/platform-customer.ts), the server's
 * message of the sandbox's `notready` receipt (400). Another failure ('An error occurred') takes
 * the same transition, and `/download?url=` has no machine: owner.e2e.test.ts checks both.
 */
import { receiptPdfMachine } from '@machines/receipt-pdf/receipt-pdf.machine'
import type { BrowserModel, Expectation } from '@tests/harness/model'
import { all, causes, held, open, platform, sample, sees, shows } from './causes'

const PDF = '**/api/v1/webshop/download/**'

/** The PDF shown inline, in a frame named `Receipt`. */
const receiptFrame: Expectation = {
  words: "frame 'Receipt'",
  check: ({ page }) => page.locator('iframe[title="Receipt"]').waitFor({ timeout: 10_000 }),
}

const event = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

export const receiptPdfModel: BrowserModel = {
  name: 'receiptPdf',
  machine: receiptPdfMachine,
  // Loaded when the suite runs: the helper asserts with vitest, which `npm run flows` does not load.
  prepare: async (baseUrl) => ({ receiptId: await (await import('../support/platform-customer')).paidReceiptId(baseUrl, { method: 'card' }) }),
  starts: [
    {
      name: 'a paid receipt',
      input: { companyId: 'cafe', receiptId: 'paid' },
      open: open((vars) => `/receipt/cafe/${vars.receiptId}`, 'open /receipt/cafe/{a paid receipt}'),
    },
    { name: 'a receipt not ready', input: { companyId: 'cafe', receiptId: 'notready' }, open: open('/receipt/cafe/notready') },
  ],
  events: {
    'xstate.done.actor.fetchReceiptPdf': causes(
      sample(event('xstate.done.actor.fetchReceiptPdf', { output: 'blob:receipt' }), platform('sends the PDF', (s) => s.context.receiptId === 'paid')),
    ),
    'xstate.error.actor.fetchReceiptPdf': causes(
      sample(
        event('xstate.error.actor.fetchReceiptPdf', { error: { kind: 'badRequest', status: 400, serverMessage: 'Receipt is not ready yet' } }),
        platform("answers 400 'Receipt is not ready yet' (receipt id notready)", (s) => s.context.receiptId === 'notready'),
      ),
    ),
  },
  states: {
    loading: held(PDF, all(sees.heading('Your receipt'), sees.status('Loading')), 'GET'),
    ready: shows(all(sees.link('Download receipt'), receiptFrame, sees.no('alert'))),
    failed: shows(all(sees.alert('Receipt is not ready yet'), sees.noText('Download receipt'))),
  },
}
