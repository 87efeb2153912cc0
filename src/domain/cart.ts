/**
 * Cart and tab-item rules (SPEC §4 "Cart"). Pure: every function returns a new array and
 * never mutates its input, so machines can keep carts in context as values.
 */
import type { ActiveTab, CartItem, TabItemRef, TabLine } from './types'

/** The fields that decide whether two cart lines are "identical" (SPEC §4 "Cart"). */
type CartLineKey = Pick<CartItem, 'productId' | 'deviations' | 'description'>

function sortedDeviations(ids: readonly string[]): string[] {
  return [...ids].sort()
}

/**
 * Whether two lines are the same cart line: same product, same deviation multiset (order does
 * not matter, repeats do) and the same description after trimming. SPEC §4 "Cart".
 */
export function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  if (a.productId !== b.productId) return false
  if (a.description.trim() !== b.description.trim()) return false
  if (a.deviations.length !== b.deviations.length) return false
  const as = sortedDeviations(a.deviations)
  const bs = sortedDeviations(b.deviations)
  return as.every((id, i) => id === bs[i])
}

/** An order as the platform keeps it: cart lines and the tab units chosen into it. */
interface Order {
  cart: readonly CartItem[]
  tabItems: readonly TabItemRef[]
}

/**
 * Whether two orders hold the same: the same lines ({@link sameLine}) in the same counts, and
 * the same tab units chosen (0 counts as not chosen), whatever the order or the line ids.
 */
export function sameOrder(a: Order, b: Order): boolean {
  return orderKey(a) === orderKey(b)
}

/** An order as text that leaves out what {@link sameOrder} ignores (line order, ids, deviation order). */
function orderKey({ cart, tabItems }: Order): string {
  const lines = cart.filter((line) => line.count > 0).map((line) => JSON.stringify([line.productId, sortedDeviations(line.deviations), line.description.trim(), line.count]))
  const units = tabItems.filter((item) => item.count > 0).map((item) => JSON.stringify([item.id, item.count]))
  return `${lines.sort().join()}|${units.sort().join()}`
}

/**
 * The cart without the lines of an order that was paid: each paid line's count is taken off
 * the identical line ({@link sameLine}), and lines left at 0 or less go. Lines the customer
 * added after the payment started stay (SPEC §4 "Adding an item clears payment state").
 */
export function withoutPaid(cart: readonly CartItem[], paid: readonly CartItem[]): CartItem[] {
  return cart
    .map((line) => ({ ...line, count: line.count - paid.filter((p) => sameLine(p, line)).reduce((sum, p) => sum + p.count, 0) }))
    .filter((line) => line.count > 0)
}

/**
 * Adds a line: an identical line (see {@link sameLine}) gets `line.count` added, otherwise
 * `{...line, id: newId}` is appended. A count ≤ 0 (or not a number) leaves the cart as it
 * was (a copy). Stock is not checked here; cap the count with `maxQuantity`. SPEC §4 "Cart".
 */
export function addToCart(cart: readonly CartItem[], line: Omit<CartItem, 'id'>, newId: string): CartItem[] {
  if (!(line.count > 0)) return [...cart]
  const index = cart.findIndex((item) => sameLine(item, line))
  if (index === -1) return [...cart, { ...line, deviations: [...line.deviations], id: newId }]
  return cart.map((item, i) => (i === index ? { ...item, count: item.count + line.count } : item))
}

/**
 * Sets one line's count; a count ≤ 0 (or not a number) removes the line. Unknown ids leave
 * the cart as it was (a copy). SPEC §4 "Cart": setting the count to 0 or less removes it.
 */
export function setLineCount(cart: readonly CartItem[], itemId: string, count: number): CartItem[] {
  if (!(count > 0)) return cart.filter((item) => item.id !== itemId)
  return cart.map((item) => (item.id === itemId ? { ...item, count } : item))
}

/**
 * Replaces a line after editing it in the product popup ("Update", SPEC §2/§4). The edited
 * line keeps its id and place; if it now equals another line, it is merged into that one
 * (counts added) and removed. A count ≤ 0 removes the line. When `itemId` is no longer in the
 * cart (e.g. a session refresh removed it) the line is added as new with `itemId` as its id.
 */
export function replaceLine(cart: readonly CartItem[], itemId: string, line: Omit<CartItem, 'id'>): CartItem[] {
  if (!cart.some((item) => item.id === itemId)) return addToCart(cart, line, itemId)
  if (!(line.count > 0)) return cart.filter((item) => item.id !== itemId)
  const twin = cart.find((item) => item.id !== itemId && sameLine(item, line))
  if (twin !== undefined) {
    return cart
      .filter((item) => item.id !== itemId)
      .map((item) => (item.id === twin.id ? { ...item, count: item.count + line.count } : item))
  }
  return cart.map((item) => (item.id === itemId ? { ...line, deviations: [...line.deviations], id: itemId } : item))
}

/**
 * Units of a product across all cart lines, leaving out line `exceptItemId` (the line being
 * edited, whose own count must not count against the stock cap). SPEC §4, §5.
 */
export function quantityInCart(cart: readonly CartItem[], productId: string, exceptItemId?: string): number {
  let sum = 0
  for (const item of cart) {
    if (item.productId === productId && item.id !== exceptItemId) sum += item.count
  }
  return sum
}

/** How many units of tab line `line` the refs choose, capped to [0, line.count]. */
export function chosenTabCount(line: TabLine, tabItems: readonly TabItemRef[]): number {
  const ref = tabItems.find((t) => t.id === line.id)
  return clampCount(ref?.count ?? 0, line.count)
}

function clampCount(count: number, max: number): number {
  if (!(count > 0)) return 0
  return Math.min(Math.floor(count), Math.max(0, max))
}

/**
 * Chooses `count` units of tab line `lineId` into the cart, capped to [0, that line's count]
 * (SPEC §4: tab item quantity is capped at the tab count). 0 removes the ref; a line id not in
 * the tab removes it as well. Other refs keep their order; a new ref is appended.
 */
export function setTabItemCount(
  tabItems: readonly TabItemRef[],
  tab: ActiveTab,
  lineId: string,
  count: number,
): TabItemRef[] {
  const line = tab.cart.find((l) => l.id === lineId)
  const capped = line === undefined ? 0 : clampCount(count, line.count)
  if (capped === 0) return tabItems.filter((t) => t.id !== lineId)
  if (tabItems.some((t) => t.id === lineId)) {
    return tabItems.map((t) => (t.id === lineId ? { id: lineId, count: capped } : t))
  }
  return [...tabItems, { id: lineId, count: capped }]
}

/**
 * The tab lines still open for choosing: each line whose chosen count is below its count, with
 * `count` set to what remains (line.count − chosen). SPEC §2 "Cart page".
 */
export function tabLinesNotInCart(tab: ActiveTab, tabItems: readonly TabItemRef[]): TabLine[] {
  return tab.cart.flatMap((line) => {
    const remaining = line.count - chosenTabCount(line, tabItems)
    return remaining > 0 ? [{ ...line, count: remaining }] : []
  })
}

/**
 * The tab refs that count towards the order (SPEC §2 "Cart page", §4 tab item cap): refs to
 * lines of the open tab, each capped at its line's count; refs of 0 units, to lines not in the
 * tab, or with no open tab at all are left out.
 */
export function chosenTabItems(tab: ActiveTab | null, tabItems: readonly TabItemRef[]): TabItemRef[] {
  if (!tab) return []
  return tab.cart.flatMap((line) => {
    const count = chosenTabCount(line, tabItems)
    return count > 0 ? [{ id: line.id, count }] : []
  })
}
