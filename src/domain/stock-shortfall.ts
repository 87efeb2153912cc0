/**
 * Units short per article id (SPEC §4, §5, §8), for the cart page's markers. Apart from
 * stock.ts, which the entry bundle holds: only the lazily loaded cart page reads these, and an
 * export of an entry module stays in the entry (docs/performance.md).
 */
import { quantityInCart } from './cart'
import { byId } from './ids'
import { stockLimit } from './stock'
import type { Article, ArticleStockErrors, CartItem } from './types'

/**
 * Units short per article id after an OUT_OF_STOCK answer (SPEC §8): for each article in
 * `stock` (article id → units the platform still has), quantity in cart − stock, kept only
 * when above 0. A negative stock counts as 0.
 */
export function stockShortfall(cart: readonly CartItem[], stock: Record<string, number>): ArticleStockErrors {
  const short: ArticleStockErrors = {}
  for (const [articleId, left] of Object.entries(stock)) {
    const missing = quantityInCart(cart, articleId) - Math.max(0, left)
    if (missing > 0) short[articleId] = missing
  }
  return short
}

/**
 * Units short per article id against the shop's own stock (SPEC §4 "item count capped by
 * remaining stock", §5): a cart the platform holds may be over it (filled on another device, or
 * stock sold since). An article marked out of stock is short by all its units; an unknown or
 * unlimited one by none.
 */
export function shopStockShortfall(cart: readonly CartItem[], articles: Readonly<Record<string, Article>>): ArticleStockErrors {
  const short: ArticleStockErrors = {}
  for (const { productId } of cart) {
    const article = byId(articles, productId)
    if (!article || productId in short) continue
    const limit = article.outOfStock ? 0 : stockLimit(article)
    const missing = limit === null ? 0 : quantityInCart(cart, productId) - Math.max(0, limit)
    if (missing > 0) short[productId] = missing
  }
  return short
}
