import { session } from '../../tests/fixtures/session'
import { shopData } from '../../tests/fixtures/shop'

const tab = {
  id: 'tab-1',
  customerReference: 'Anna',
  cart: [{ id: 't1', count: 2, price: 3000, product: { id: 'bun', title: 'Bun', price: 3000 }, deviations: [], description: '' }],
}

/** Sample events for path tests of the session machine (SPEC §4). */
export const sessionSamples = {
  'shop.loaded': [{ type: 'shop.loaded', articles: shopData().articles }],
  'cart.add': [{ type: 'cart.add', line: { productId: 'bun', count: 1, deviations: [], description: '' } }],
  'cart.replace': [{ type: 'cart.replace', itemId: 'nope', line: { productId: 'bun', count: 2, deviations: [], description: 'warm' } }],
  'cart.setCount': [{ type: 'cart.setCount', itemId: 'nope', count: 0 }],
  'tab.setCount': [{ type: 'tab.setCount', lineId: 't1', count: 1 }],
  'reference.saved': [{ type: 'reference.saved', reference: '12' }],
  'polling.start': [{ type: 'polling.start' }],
  'polling.stop': [{ type: 'polling.stop' }],
  'session.refresh': [{ type: 'session.refresh' }],
  'page.leaving': [{ type: 'page.leaving' }],
  'page.returned': [{ type: 'page.returned' }],
  'cart.pushedElsewhere': [{ type: 'cart.pushedElsewhere' }],
  'cart.hold': [{ type: 'cart.hold' }],
  'cart.release': [{ type: 'cart.release' }],
  'xstate.done.actor.fetchSession': [{ type: 'xstate.done.actor.fetchSession', output: session({ activeTab: tab }) }],
  'xstate.error.actor.fetchSession': [
    { type: 'xstate.error.actor.fetchSession', error: { kind: 'notFound', status: 404 } },
    { type: 'xstate.error.actor.fetchSession', error: { kind: 'server', status: 500 } },
  ],
  'xstate.done.actor.pushCart': [{ type: 'xstate.done.actor.pushCart', output: undefined }],
  'xstate.error.actor.pushCart': [
    { type: 'xstate.error.actor.pushCart', error: { kind: 'network', status: null } },
    // The platform no longer has an article of the cart (SPEC §8 400 `{name}`).
    { type: 'xstate.error.actor.pushCart', error: { kind: 'badRequest', status: 400, serverName: 'Article ghost not found' } },
  ],
  'xstate.done.actor.recoverSession': [{ type: 'xstate.done.actor.recoverSession', output: session({ cart: [{ id: 'srv-1', productId: 'bun', count: 1, deviations: [], description: '' }] }) }],
  'xstate.error.actor.recoverSession': [
    { type: 'xstate.error.actor.recoverSession', error: { kind: 'server', status: 500 } },
    { type: 'xstate.error.actor.recoverSession', error: { kind: 'notFound', status: 404 } },
  ],
  // The check before a push: the payment completed unseen, or still runs; or no answer.
  'xstate.done.actor.checkPayment': [
    { type: 'xstate.done.actor.checkPayment', output: session({ paymentStatus: 'COMPLETED', paymentId: 'tok', receiptId: 'r1' }) },
    { type: 'xstate.done.actor.checkPayment', output: session({ paymentStatus: 'STARTED', paymentId: 'tok' }) },
  ],
  'xstate.error.actor.checkPayment': [{ type: 'xstate.error.actor.checkPayment', error: { kind: 'network', status: null } }],
  // A poll naming the running payment, or (a platform's slip, `{}`) naming none.
  'xstate.done.actor.pollSession': [
    { type: 'xstate.done.actor.pollSession', output: session({ paymentStatus: 'STARTED' }) },
    { type: 'xstate.done.actor.pollSession', output: session() },
  ],
  'xstate.error.actor.pollSession': [
    { type: 'xstate.error.actor.pollSession', error: { kind: 'network', status: null } },
    // The polled tab was closed (paid in full) and the platform refuses it.
    { type: 'xstate.error.actor.pollSession', error: { kind: 'notFound', status: 404 } },
  ],
  'xstate.done.actor.refreshSession': [{ type: 'xstate.done.actor.refreshSession', output: session() }],
  'xstate.error.actor.refreshSession': [{ type: 'xstate.error.actor.refreshSession', error: { kind: 'server', status: 500 } }],
}
