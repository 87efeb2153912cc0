/**
 * The receipt page's e-mail form as a browser model (SPEC §2 "Receipt page", §4 "Receipt
 * e-mail"; CONTRACT.md: `Email`, `Send`, then `Receipt sent` or `Could not send receipt`).
 * The sandbox refuses an address containing `fail`. The receipt comes from a card payment made
 * through the sandbox's API before the paths run.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import type { BrowserModel } from '@tests/harness/model'
import { all, causes, click, fill, held, open, platform, sample, sees, shows } from './causes'

const SEND = '**/api/v2/webshop/*/receipt/*/email'
const refused = (s: AnyMachineSnapshot) => String(s.context.email).includes('fail')

/**
 * Pays one mug at the demo café with the test card `4242 4242 4242 4242`, as a customer
 * outside the browser would, and returns the receipt's id.
 * @throws Error when the sandbox answers otherwise or the payment does not complete
 */
export async function paidReceiptId(baseUrl: string): Promise<string> {
  let cookie = ''
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    cookie = res.headers.get('set-cookie')?.split(';')[0] ?? cookie
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`)
    return res.status === 204 ? null : res.json()
  }
  await call('GET', '/api/v2/webshop/cafe/cart')
  await call('PUT', '/api/v2/webshop/cafe/cart', { cart: [{ id: 'model-1', productId: 'mug', count: 1, deviations: [], description: '' }], tabItems: [] })
  const customerInfo = { name: 'Model Path', email: 'model@example.com', phone: '', extraInfo: '', postalCode: '', address: '', city: '', isMobile: false }
  const { paymentId } = (await call('POST', '/api/v2/webshop/cafe/cart/startPayment', { paymentMethodId: 'cafe-card', customerInfo })) as { paymentId: string }
  await call('POST', '/sandbox/card/confirm', { clientSecret: paymentId, cardNumber: '4242424242424242' })
  const session = (await call('GET', '/api/v2/webshop/cafe/cart')) as { paymentStatus?: string; receiptId?: string | null }
  if (session.paymentStatus !== 'COMPLETED' || !session.receiptId) throw new Error(`paidReceiptId: the payment ended ${JSON.stringify(session)}`)
  return session.receiptId
}

const event = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

export const receiptEmailModel: BrowserModel = {
  name: 'receiptEmail',
  machine: receiptEmailMachine,
  contextKeys: ['email'],
  prepare: async (baseUrl) => ({ receiptId: await paidReceiptId(baseUrl) }),
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
    idle: shows(all(sees.field('Email'), sees.button('Send', { disabled: false }), sees.no('status', 'Receipt sent'), sees.no('alert', 'Could not send receipt'))),
    sending: held(SEND, all(sees.status('Sending…'), sees.button('Send', { disabled: true }))),
    sent: shows(sees.status('Receipt sent')),
    error: shows(sees.alert('Could not send receipt')),
  },
}
