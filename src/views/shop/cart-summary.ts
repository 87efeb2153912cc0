import { useSelector } from '@xstate/react'
import { cartUnits, chosenTabItems, orderTotal, tabLinesNotInCart, tabLineTotal } from '@/domain'
import type { ActiveTab, CartItem, Currency, ShopData, TabItemRef } from '@/domain/types'
import { sessionOf, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'

/**
 * What the header cart link and the mobile bottom bar show (SPEC §2 "Shop layout").
 * Amounts in minor units of `currency`; counts in units.
 */
export interface CartSummary {
  /** Units in the cart: cart lines plus tab items chosen into it. */
  count: number
  /** Total of the cart, chosen tab items included. */
  total: number
  /** Units of the open tab not yet chosen into the cart (0 without a tab). */
  tabCount: number
  /** Total of those tab units. */
  tabTotal: number
  /** The shop's currency; SEK until the shop is loaded (SPEC §3 "Money"). */
  currency: Currency
}

/** The session values a {@link CartSummary} is computed from. @internal exported for its tests */
export interface CartSummaryInput {
  cart: readonly CartItem[]
  tabItems: readonly TabItemRef[]
  activeTab: ActiveTab | null
}

/**
 * Computes the cart summary from the session and the shop's prices (SPEC §2 "Shop layout",
 * §9 totals). Before the shop loads every price counts 0 and the currency is SEK.
 * @internal exported for its tests
 */
export function cartSummaryOf({ cart, tabItems, activeTab }: CartSummaryInput, shopData: ShopData | null): CartSummary {
  const prices = shopData ?? { articles: {}, deviations: {} }
  const open = activeTab ? tabLinesNotInCart(activeTab, tabItems) : []
  return {
    count: cartUnits(cart, chosenTabItems(activeTab, tabItems)),
    total: orderTotal(cart, tabItems, activeTab, prices),
    tabCount: open.reduce((sum, line) => sum + line.count, 0),
    tabTotal: open.reduce((sum, line) => sum + tabLineTotal(line), 0),
    currency: shopData?.company.currency ?? 'SEK',
  }
}

function sameSummary(a: CartSummary, b: CartSummary): boolean {
  return a.count === b.count && a.total === b.total && a.tabCount === b.tabCount && a.tabTotal === b.tabTotal && a.currency === b.currency
}

/**
 * The live {@link CartSummary} of the shop gate `shop` (its shop data and its session's cart),
 * re-rendering only when a number changes.
 */
export function useCartSummary(shop: ShopGateActor): CartSummary {
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  return useSelector(session, (s) => cartSummaryOf(s?.context ?? emptyOrder, shopData), sameSummary)
}

const emptyOrder: CartSummaryInput = { cart: [], tabItems: [], activeTab: null }
