/**
 * Prices and totals (SPEC §9). All amounts are integers in minor units, VAT included.
 * Item total = (price + deviation prices) × count × sizeOfItem, then the discount.
 */
import { chosenTabCount } from './cart'
import type { ActiveTab, Article, CartItem, Deviation, ShopData, TabItemRef, TabLine } from './types'
import { byId } from './ids'

/** The shop data totals need: prices of articles and deviations. */
export type PriceBook = Pick<ShopData, 'articles' | 'deviations'>

/**
 * Sum of the chosen deviations' prices, in minor units; repeated ids count each time, ids the
 * shop does not know count 0 (a stale cart must not break the page). SPEC §9.
 * @internal exported for its unit tests (knip --production)
 */
export function deviationsTotal(deviationIds: readonly string[], deviations: Record<string, Deviation>): number {
  let sum = 0
  for (const id of deviationIds) sum += byId(deviations, id)?.price ?? 0
  return sum
}

/** Price of one unit with its deviations, in minor units (SPEC §9). */
export function unitPrice(
  article: Article,
  deviationIds: readonly string[],
  deviations: Record<string, Deviation>,
): number {
  return article.price + deviationsTotal(deviationIds, deviations)
}

/**
 * Total of one cart line in minor units: unit price with deviations × count. A product the shop
 * no longer has counts 0. SPEC §9.
 */
export function cartItemTotal(item: CartItem, shop: PriceBook): number {
  const article = byId(shop.articles, item.productId)
  if (article === undefined) return 0
  return unitPrice(article, item.deviations, shop.deviations) * item.count
}

/** Total of the cart in minor units (SPEC §2 "Payment section", §9). @internal exported for its tests */
export function cartTotal(cart: readonly CartItem[], shop: PriceBook): number {
  return cart.reduce((sum, item) => sum + cartItemTotal(item, shop), 0)
}

/**
 * Units of an order: the cart's line counts plus the tab units chosen into it (SPEC §2 cart
 * summary, §5 "methods only with a non-empty cart"). Pass the refs through
 * {@link chosenTabItems} first when they may name lines of a tab that is gone.
 */
export function cartUnits(cart: readonly CartItem[], tabItems: readonly TabItemRef[]): number {
  let sum = 0
  for (const item of cart) sum += item.count
  for (const ref of tabItems) sum += ref.count
  return sum
}

/**
 * Total of an order in minor units (SPEC §2 "Cart page", §9): the cart's lines priced from
 * `prices`, plus the tab units chosen into it (capped at each tab line's count; none without
 * an open tab).
 */
export function orderTotal(cart: readonly CartItem[], tabItems: readonly TabItemRef[], activeTab: ActiveTab | null, prices: PriceBook): number {
  return cartTotal(cart, prices) + (activeTab ? tabItemsTotal(activeTab, tabItems) : 0)
}

/**
 * Total of a tab line in minor units (SPEC §9 "Item total"): (line.price + Σ deviation prices)
 * × count. `line.price` is the line's own price (SPEC §3 "Active tab"), not `product.price`,
 * and excludes the deviations, which the line lists with their own prices.
 * @param count units to price; defaults to the line's own count.
 */
export function tabLineTotal(line: TabLine, count: number = line.count): number {
  const unit = line.price + line.deviations.reduce((sum, d) => sum + d.price, 0)
  return unit * count
}

/**
 * Total of the tab items chosen into the cart, in minor units; each chosen count is capped to
 * [0, line count] and refs to lines not in the tab count 0. SPEC §2 "Cart page".
 * @internal exported for its tests
 */
export function tabItemsTotal(tab: ActiveTab, tabItems: readonly TabItemRef[]): number {
  return tab.cart.reduce((sum, line) => sum + tabLineTotal(line, chosenTabCount(line, tabItems)), 0)
}
