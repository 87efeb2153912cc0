import { shopData } from '../../tests/fixtures/shop'
import { checkoutMachine } from '../checkout/checkout.machine'

const open = shopData()
const closed = shopData({ shop: { ...open.shop, active: false } })
const needsReference = shopData({ shop: { ...open.shop, requireReference: true } })

/** Sample events for path tests of the shop gate (SPEC §2 "Shop gate"). */
export const shopGateSamples = {
  'session.ready': [
    { type: 'session.ready', orderReference: null },
    { type: 'session.ready', orderReference: '12' },
  ],
  'reference.changed': [
    { type: 'reference.changed', value: '' },
    { type: 'reference.changed', value: '12' },
  ],
  'reference.submit': [{ type: 'reference.submit' }],
  retry: [{ type: 'retry' }],
  'xstate.done.actor.loadShop': [open, closed, needsReference].map((output) => ({ type: 'xstate.done.actor.loadShop', output })),
  'xstate.error.actor.loadShop': [
    { type: 'xstate.error.actor.loadShop', error: { kind: 'notFound', status: 404 } },
    { type: 'xstate.error.actor.loadShop', error: { kind: 'server', status: 500 } },
  ],
  // The loaded logic is only handed to `spawnCheckout`, which path tests replace.
  'xstate.done.actor.loadCheckout': [{ type: 'xstate.done.actor.loadCheckout', output: checkoutMachine }],
  'xstate.error.actor.loadCheckout': [{ type: 'xstate.error.actor.loadCheckout', error: new TypeError('Failed to fetch dynamically imported module') }],
  'xstate.done.actor.saveReference': [{ type: 'xstate.done.actor.saveReference', output: undefined }],
  'xstate.error.actor.saveReference': [
    { type: 'xstate.error.actor.saveReference', error: { kind: 'notFound', status: 404 } },
    { type: 'xstate.error.actor.saveReference', error: { kind: 'network', status: null } },
  ],
}
