import { useSelector } from '@xstate/react'
import { checkoutOf, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'

/**
 * Whether the shop's checkout is completing a card payment confirmed with Pay (its `charging`
 * tag): the order it pays for must not change, so Add and Update wait until it is done (SPEC §4
 * Card). False while the shop has no checkout.
 */
export function useCardCharging(shop: ShopGateActor): boolean {
  const checkout = useSelector(shop, checkoutOf)
  return useSelector(checkout, (s) => s?.hasTag('charging') ?? false)
}
