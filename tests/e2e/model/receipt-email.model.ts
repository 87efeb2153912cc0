/**
 * The receipt page's e-mail form as a browser model (SPEC §2 "Receipt page", §4 "Receipt
 * e-mail"; CONTRACT.md: `Email`, `Send`, then `Receipt sent` or `Could not send receipt`).
 * The sandbox refuses an address containing `fail`. The receipt comes from a card payment made
 * through the sandbox's API before the paths run (tests/e2e/support/platform-customer.ts).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import type { BrowserModel } from '@tests/harness/model'
import { all, causes, click, fill, held, open, platform, sample, sees, shows } from './causes'

const SEND = '**/api/v2/webshop/*/receipt/*/email'
const refused = (s: AnyMachineSnapshot) => String(s.context.email).includes('fail')

const event = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

export const receiptEmailModel: BrowserModel = {
  name: 'receiptEmail',
  machine: receiptEmailMachine,
  contextKeys: ['email'],
  // Loaded when the suite runs: the helper asserts with vitest, which `npm run flows` does not load.
  prepare: async (baseUrl) => ({ receiptId: await (await import('../support/platform-customer')).paidReceiptId(baseUrl, { method: 'card' }) }),
  starts: [
    {
      name: 'a paid receipt',
      input: { shopId: 'cafe', receiptId: 'paid' },
      open: open((vars) => `/cafe/receipt/${vars.receiptId}`, 'open /cafe/receipt/{a paid receipt}'),
    },
  ],
  events: {
    'email.changed': causes(
      ...['anna@example.se', 'bo@example.se', 'fail@example.se'].map((value) =>
        sample(
          event('email.changed', { value }),
          // Typing while sending changes the field, not the request already out: only an address
          // with the same outcome, so the answer the model expects is the one the sandbox gives.
          // The same value again is no change (no input event).
          fill('Email', value, (s) => s.context.email !== value && (!s.matches('sending') || refused(s) === value.includes('fail'))),
        ),
      ),
    ),
    submit: causes(sample(event('submit'), click('button', 'Send'))),
    'xstate.done.actor.sendReceipt': causes(sample(event('xstate.done.actor.sendReceipt', { output: undefined }), platform('sends the receipt', (s) => !refused(s)))),
    'xstate.error.actor.sendReceipt': causes(
      sample(event('xstate.error.actor.sendReceipt', { error: { kind: 'server', status: 500 } }), platform("refuses an address containing 'fail'", refused)),
    ),
  },
  states: {
    // Send waits for an address: a blank one is not sent.
    idle: shows((s) =>
      all(
        sees.field('Email'),
        sees.button('Send', { disabled: String(s.context.email).trim() === '' }),
        sees.no('status', 'Receipt sent'),
        sees.no('alert', 'Could not send receipt'),
      ),
    ),
    sending: held(SEND, all(sees.status('Sending…'), sees.button('Send', { disabled: true }))),
    sent: shows(all(sees.status('Receipt sent'), sees.button('Send', { disabled: true }))),
    error: shows(sees.alert('Could not send receipt')),
  },
}
