import type { CartItem } from '@/domain/types'
import { shopData } from '@tests/fixtures/shop'
import type { ProductDialogInput } from './product-dialog.machine'

/** The cart the samples edit a line of: one Cinnamon bun. */
export const sampleCart: CartItem[] = [{ id: 'line-1', productId: 'bun', count: 1, deviations: [], description: '' }]

/** The test café (Cappuccino with milk groups, Cinnamon bun with stock 3); no `nope` product. */
export const productDialogInput: ProductDialogInput = { shop: shopData() }

/** Sample events for path tests of the product dialog (SPEC §2 "Product popup"). */
export const productDialogSamples = {
  'url.changed': [
    { type: 'url.changed', productId: 'cappuccino', itemId: null, cart: [] },
    { type: 'url.changed', productId: 'bun', itemId: 'line-1', cart: sampleCart },
    { type: 'url.changed', productId: 'nope', itemId: null, cart: [] },
    { type: 'url.changed', productId: null, itemId: null, cart: [] },
  ],
  dismiss: [{ type: 'dismiss' }],
  'line.committed': [
    { type: 'line.committed', line: { kind: 'add', line: { productId: 'cappuccino', count: 1, deviations: ['oat'], description: '' } } },
  ],
  'xstate.done.actor.nextPaint': [{ type: 'xstate.done.actor.nextPaint', output: undefined }],
  // The sample line merged up to 3 buns (all the stock) while the popup is open.
  'cart.changed': [{ type: 'cart.changed', cart: [{ ...sampleCart[0]!, count: 3 }] }],
  // A card payment starts and ends holding the session's cart (SPEC §4 Card).
  'cart.held': [{ type: 'cart.held' }],
  'cart.released': [{ type: 'cart.released' }],
}
