/**
 * Prices and totals (SPEC §9). All amounts are integers in minor units, VAT included.
 * Item total = (price + deviation prices) × count × sizeOfItem, then the discount.
 */
import { chosenTabCount } from './cart'
import type { ActiveTab, Article, CartItem, Deviation, Receipt, ReceiptProduct, ShopData, TabItemRef, TabLine } from './types'
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
 * Total of one receipt line in minor units (SPEC §9): (price + Σ deviation price × count) ×
 * count × sizeOfItem, then the discount. PERCENTAGE multiplies by (1 − amount/100); AMOUNT
 * subtracts minor units but never past 0 (on a negative, returned line it moves towards 0
 * likewise). Rounded to whole minor units with Math.round.
 */
export function receiptLineTotal(p: ReceiptProduct): number {
  const unit = p.price + p.deviations.reduce((sum, d) => sum + d.price * d.count, 0)
  const gross = unit * p.count * p.sizeOfItem
  let total = gross
  if (p.discount?.type === 'PERCENTAGE') {
    total = gross * (1 - p.discount.amount / 100)
  } else if (p.discount?.type === 'AMOUNT') {
    total = Math.sign(gross) * Math.max(0, Math.abs(gross) - p.discount.amount)
  }
  return Math.round(total) + 0
}

/**
 * The VAT part of a VAT-included amount (SPEC §9): gross × (1 − 1/((tax + 100)/100)),
 * rounded to whole minor units. `vatOfGross(12500, 25)` → 2500.
 * @param gross minor units, VAT included.
 * @param taxPercent VAT percent, e.g. 12 or 25.5.
 */
export function vatOfGross(gross: number, taxPercent: number): number {
  return Math.round(gross * (1 - 1 / ((taxPercent + 100) / 100))) + 0
}

/** Receipt sums in minor units (SPEC §3 "Receipt" computed fields). */
export interface ReceiptTotals {
  /** Σ line totals, VAT included. */
  total: number
  /** Σ VAT per line, each rounded. */
  totalTax: number
  /** total − totalTax. */
  netTotal: number
}

/** Computes a receipt's total, VAT part and net from its lines (SPEC §2 "Receipt page", §9). */
export function receiptTotals(r: Pick<Receipt, 'products'>): ReceiptTotals {
  let total = 0
  let totalTax = 0
  for (const p of r.products) {
    const line = receiptLineTotal(p)
    total += line
    totalTax += vatOfGross(line, p.tax)
  }
  return { total, totalTax, netTotal: total - totalTax }
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
