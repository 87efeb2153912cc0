/** Stock caps (SPEC §5 "Adding to cart is refused when out of stock", §8 OUT_OF_STOCK). */
import { addToCart, quantityInCart, replaceLine } from './cart'
import type { Article, CartItem } from './types'
import { byId } from './ids'

/**
 * The units the article's stock limits it to, or null when it has no limit: a limit applies
 * only when `limitStock` is not false AND `count` is a number (CONTRACT.md "Wire shapes"), so a
 * platform that leaves out both for an uncounted article does not sell it out. SPEC §5.
 */
export function stockLimit(article: Article): number | null {
  return article.limitStock && typeof article.count === 'number' ? article.count : null
}

/**
 * Units of `article` that can still go into the cart: Infinity when the article has no stock
 * limit ({@link stockLimit}), else max(0, count − units already in the cart), leaving out
 * line `exceptItemId` (the line being edited). SPEC §5.
 * @internal exported for its tests
 */
export function remainingStock(article: Article, cart: readonly CartItem[], exceptItemId?: string): number {
  const limit = stockLimit(article)
  if (limit === null) return Infinity
  return Math.max(0, limit - quantityInCart(cart, article.id, exceptItemId))
}

/**
 * Whether the article is shown as out of stock and cannot be added: the platform's outOfStock
 * flag, or a stock limit that the cart already uses up. SPEC §5.
 */
export function isOutOfStock(article: Article, cart: readonly CartItem[]): boolean {
  return article.outOfStock || remainingStock(article, cart) <= 0
}

/** The quantity stepper's upper bound; same as {@link remainingStock} (SPEC §4, §9). */
export function maxQuantity(article: Article, cart: readonly CartItem[], exceptItemId?: string): number {
  return remainingStock(article, cart, exceptItemId)
}

/**
 * Adds `line` as {@link addToCart} does, but only as many units as the article's stock leaves
 * ({@link remainingStock}; all of them when `article` is unknown or unlimited). SPEC §4 "item
 * count capped by remaining stock", §5.
 */
export function addWithinStock(cart: readonly CartItem[], line: Omit<CartItem, 'id'>, id: string, article: Article | undefined): CartItem[] {
  const count = article ? Math.min(line.count, remainingStock(article, cart)) : line.count
  return addToCart(cart, { ...line, count }, id)
}

/**
 * Replaces line `itemId` as {@link replaceLine} does ("Update", SPEC §2/§4), but with at most
 * the units the article's stock leaves beside the other lines ({@link remainingStock} without
 * `itemId`; all of them when `article` is unknown or unlimited). When the other lines already
 * use up the stock, the count becomes 0 and the line goes, as the popup's capped stepper would
 * have it. SPEC §4 "item count capped by remaining stock", §5.
 */
export function replaceWithinStock(cart: readonly CartItem[], itemId: string, line: Omit<CartItem, 'id'>, article: Article | undefined): CartItem[] {
  const count = article ? Math.min(line.count, remainingStock(article, cart, itemId)) : line.count
  return replaceLine(cart, itemId, { ...line, count })
}

/**
 * The highest count cart line `line` (of `article`) may be set to on the cart page: the stock
 * the other lines of the article leave ({@link remainingStock} without it), none more for an
 * article the platform marks out of stock, but never below its own count, so a line left above
 * the stock when it fell keeps its count and can still go down.
 * SPEC §4 "item count capped by remaining stock", §5 "Add disabled when out of stock".
 */
export function lineCountCap(article: Article, cart: readonly CartItem[], line: CartItem): number {
  return Math.max(line.count, article.outOfStock ? 0 : remainingStock(article, cart, line.id))
}

/**
 * The count line `itemId` gets when the cart page's +/- asks for `count` (SPEC §4 "Cart"):
 * capped at {@link lineCountCap} of its article in `articles`, so lowering is always taken and
 * raising only as far as the stock allows (all of it when the line or its article is unknown,
 * or the article unlimited). Set it with {@link setLineCount}. SPEC §5.
 */
export function cappedLineCount(cart: readonly CartItem[], itemId: string, count: number, articles: Record<string, Article>): number {
  const line = cart.find((item) => item.id === itemId)
  const article = line && byId(articles, line.productId)
  return article ? Math.min(count, lineCountCap(article, cart, line)) : count
}

/**
 * The shop's articles with the stock an OUT_OF_STOCK answer reported (article id → units the
 * platform still has) as their stock limit, so the menu, the popup, the cart page and the
 * session's caps all follow it until the shop loads again. Unknown ids are skipped; a negative
 * stock counts as 0. SPEC §8 OUT_OF_STOCK, §5.
 */
export function withReportedStock(articles: Readonly<Record<string, Article>>, stock: Readonly<Record<string, number>>): Record<string, Article> {
  const next = { ...articles }
  for (const [id, left] of Object.entries(stock)) {
    const article = byId(articles, id)
    if (article) next[id] = { ...article, limitStock: true, count: Math.max(0, left) }
  }
  return next
}
