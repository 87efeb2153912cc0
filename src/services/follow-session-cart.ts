import { fromCallback } from 'xstate'
import type { CartItem } from '@/domain/types'

/** The session's snapshot as the follower reads it: its cart, and its `held` tag (SPEC §4 Card). */
type CartSnapshot = { context: { cart: readonly CartItem[] }; hasTag(tag: string): boolean }

/** What {@link followSessionCart} reads: the session actor, or any actor whose snapshots carry a cart. */
interface CartSource {
  getSnapshot(): CartSnapshot
  subscribe(observer: { next: (snapshot: CartSnapshot) => void; error: (error: unknown) => void }): { unsubscribe(): void }
}

/**
 * The live `followCart` of the product page's and the popup's machines (SPEC §4 "Cart", §5
 * stock, §4 Card): a callback actor that sends its parent `cart.changed` with the session's cart
 * when it starts (the machine's input may be older than the cart by then) and each time the
 * session assigns a new cart (a late first answer, a poll, another tab, an Add); `cart.held`
 * when it starts on, or the session enters, a card payment's hold (tag `held`), and
 * `cart.released` when the hold ends. Other session updates send nothing. It unsubscribes when
 * its parent stops.
 */
export function followSessionCart(session: CartSource) {
  return fromCallback<{ type: string }, void>(({ sendBack }) => {
    const first = session.getSnapshot()
    let cart = first.context.cart
    let held = first.hasTag('held')
    sendBack({ type: 'cart.changed', cart })
    if (held) sendBack({ type: 'cart.held' })
    const subscription = session.subscribe({
      next: (snapshot) => {
        if (snapshot.context.cart !== cart) {
          cart = snapshot.context.cart
          sendBack({ type: 'cart.changed', cart })
        }
        if (snapshot.hasTag('held') !== held) {
          held = !held
          sendBack({ type: held ? 'cart.held' : 'cart.released' })
        }
      },
      // The session's failure is its parent's (the shop gate) to handle, not this follower's.
      error: () => {},
    })
    return () => subscription.unsubscribe()
  })
}
