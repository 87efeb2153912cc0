import { shopData } from '../../tests/fixtures/shop'
import { session } from '../../tests/fixtures/session'

const open = shopData()
const closed = shopData({ shop: { ...open.shop, active: false } })
const needsReference = shopData({ shop: { ...open.shop, requireReference: true } })

/** Sample events for path tests of the shop gate (SPEC §2 "Shop gate"), its children's reports included. */
export const shopGateSamples = {
  'session.ready': [
    { type: 'session.ready', orderReference: null, table: null, session: session(), units: 0 },
    { type: 'session.ready', orderReference: '12', table: null, session: session({ orderReference: '12' }), units: 1 },
    // A table link whose answer does not echo the reference (SPEC §2: the table is the reference).
    { type: 'session.ready', orderReference: null, table: '7', session: session(), units: 0 },
    // The first load gave up: the gate opens without a session.
    { type: 'session.ready', orderReference: null, table: null, session: null, units: 0 },
  ],
  'session.cartChanged': [{ type: 'session.cartChanged', units: 2 }],
  'session.cartSynced': [{ type: 'session.cartSynced', synced: false }],
  'session.updated': [
    { type: 'session.updated', session: session({ paymentStatus: 'STARTED', paymentId: 'pi-1', paymentMethodId: 'card' }), units: 2 },
    { type: 'session.updated', session: session(), units: 1 },
  ],
  // The first load had given up; the platform answers late (SPEC §4).
  'session.recovered': [
    { type: 'session.recovered', orderReference: null, table: null, session: session(), units: 1 },
    { type: 'session.recovered', orderReference: null, table: '7', session: session(), units: 1 },
    { type: 'session.recovered', orderReference: '12', table: null, session: session({ orderReference: '12' }), units: 1 },
    { type: 'session.recovered', orderReference: null, table: null, session: session({ paymentStatus: 'STARTED', paymentId: 'pi-1', paymentMethodId: 'card' }), units: 1 },
  ],
  'reference.changed': [
    { type: 'reference.changed', value: '' },
    { type: 'reference.changed', value: '12' },
  ],
  'reference.submit': [{ type: 'reference.submit' }],
  retry: [{ type: 'retry' }],
  'cart.entered': [{ type: 'cart.entered' }],
  'cart.left': [{ type: 'cart.left' }],
  'payment.started': [{ type: 'payment.started' }],
  'payment.settled': [{ type: 'payment.settled' }],
  'payment.charging': [{ type: 'payment.charging' }],
  'payment.chargingEnded': [{ type: 'payment.chargingEnded' }],
  'stock.reported': [{ type: 'stock.reported', stock: { bun: 1 } }],
  'payment.completed': [
    { type: 'payment.completed', receiptId: 'r1', resumed: false },
    { type: 'payment.completed', receiptId: 'r1', resumed: true },
    { type: 'payment.completed', receiptId: null, resumed: false },
  ],
  'xstate.done.actor.loadShop': [open, closed, needsReference].map((output) => ({ type: 'xstate.done.actor.loadShop', output })),
  'xstate.error.actor.loadShop': [
    { type: 'xstate.error.actor.loadShop', error: { kind: 'notFound', status: 404 } },
    { type: 'xstate.error.actor.loadShop', error: { kind: 'server', status: 500 } },
    { type: 'xstate.error.actor.loadShop', error: { kind: 'badResponse', status: 200 } },
  ],
  'xstate.done.actor.saveReference': [{ type: 'xstate.done.actor.saveReference', output: undefined }],
  'xstate.error.actor.saveReference': [
    { type: 'xstate.error.actor.saveReference', error: { kind: 'notFound', status: 404 } },
    { type: 'xstate.error.actor.saveReference', error: { kind: 'network', status: null } },
  ],
}
