import { createContext, useContext } from 'react'
import { useSelector } from '@xstate/react'
import type { ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import type { SessionActor } from '@machines/session/session.machine'
import type { CheckoutActor } from '@machines/checkout/checkout.machine'

/**
 * The shop gate actor of the current `/$shopId` (DESIGN.md: one actor per shop id, provided
 * through React context). Views read snapshots from it and its spawned `session` and
 * `checkout` actors with `useSelector`, and only send events.
 */
export const ShopActorContext = createContext<ShopGateActor | null>(null)

/** The shop gate actor; throws when used outside `/$shopId`. */
export function useShopActor(): ShopGateActor {
  const actor = useContext(ShopActorContext)
  if (!actor) throw new Error('useShopActor must be used inside the /$shopId route')
  return actor
}

/** The session actor (spawned by the gate at once, so always present inside the shop). */
export function useSessionActor(): SessionActor {
  const shop = useShopActor()
  const session = useSelector(shop, (s) => s.context.sessionRef)
  if (!session) throw new Error('the shop gate has not spawned its session')
  return session
}

/** The checkout actor, or null until the shop is open. */
export function useCheckoutActor(): CheckoutActor | null {
  return useSelector(useShopActor(), (s) => s.context.checkoutRef)
}
