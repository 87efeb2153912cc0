import { fromCallback } from 'xstate'
import type { CartItem } from '@/domain/types'

type CartSnapshot = { context: { cart: readonly CartItem[] } }

/** What {@link followSessionCart} reads: the session actor, or any actor whose snapshots carry a cart. */
interface CartSource {
  getSnapshot(): CartSnapshot
  subscribe(observer: { next: (snapshot: CartSnapshot) => void; error: (error: unknown) => void }): { unsubscribe(): void }
}

/**
 * The live `followCart` of the product page's and the popup's machines (SPEC §4 "Cart", §5
 * stock): a callback actor that sends its parent `cart.changed` with the session's cart when it
 * starts (the machine's input may be older than the cart by then) and each time the session
 * assigns a new cart (a late first answer, a poll, another tab, an Add); other session updates
 * send nothing. It unsubscribes when its parent stops.
 */
export function followSessionCart(session: CartSource) {
  return fromCallback<{ type: string }, void>(({ sendBack }) => {
    let cart = session.getSnapshot().context.cart
    sendBack({ type: 'cart.changed', cart })
    const subscription = session.subscribe({
      next: (snapshot) => {
        if (snapshot.context.cart === cart) return
        cart = snapshot.context.cart
        sendBack({ type: 'cart.changed', cart })
      },
      // The session's failure is its parent's (the shop gate) to handle, not this follower's.
      error: () => {},
    })
    return () => subscription.unsubscribe()
  })
}
