import type { CartItem, ShopData } from './types'
import { byId } from './ids'

/**
 * Whether some cart line names an article or a deviation the shop's answer no longer has (the
 * merchant took it off the menu after it went into the cart). Such a line shows no price the
 * platform would charge for it, so payment waits until the customer has removed it: what is
 * paid is what the page shows (SPEC §2 "Cart page", §9 totals). Kept out of the menu's entry
 * chunk: only the cart page asks.
 */
export function hasUnsellableLine(cart: readonly CartItem[], shop: Pick<ShopData, 'articles' | 'deviations'>): boolean {
  return cart.some((line) => !byId(shop.articles, line.productId) || line.deviations.some((id) => !byId(shop.deviations, id)))
}
