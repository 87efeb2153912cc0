/**
 * Menu order (SPEC §2 "Menu page"): categories in the platform's order, each with its products
 * in `sortedProducts` order.
 */
import { byId } from './ids'
import type { Article, Category, ShopData, Tag } from './types'

/**
 * Menu images loaded at once: the first screen of a phone (412×823) shows three 150 px cards;
 * the rest load lazily.
 */
const EAGER_MENU_IMAGES = 3

/** A category's articles in `sortedProducts` order; ids without an article, or repeated, are skipped. */
export function categoryArticles<A = Article>(shopData: { articles: Readonly<Record<string, A>> }, category: Pick<Category, 'sortedProducts'>): A[] {
  const seen = new Set<string>()
  const articles: A[] = []
  for (const id of category.sortedProducts) {
    const article = byId(shopData.articles, id)
    if (article && !seen.has(id)) {
      seen.add(id)
      articles.push(article)
    }
  }
  return articles
}

/**
 * The first `count` articles with an image, in menu order: the images on a phone's first
 * screen. None for a NO_IMAGE shop, which shows no images.
 */
export function firstMenuImages<A extends Pick<Article, 'image'> = Article>(
  shopData: { shop: Pick<ShopData['shop'], 'displayType'>; categories: readonly Pick<Category, 'sortedProducts'>[]; articles: Readonly<Record<string, A>> },
  count: number = EAGER_MENU_IMAGES,
): A[] {
  const out: A[] = []
  if (shopData.shop.displayType === 'NO_IMAGE') return out
  for (const category of shopData.categories) {
    for (const article of categoryArticles(shopData, category)) {
      if (out.length >= count) return out
      if (article.image !== null) out.push(article)
    }
  }
  return out
}

/**
 * The tags an article shows (SPEC §3 "Tag"), in the article's order: its tag ids looked up in
 * the shop's tags by own property (an id like "constructor" finds nothing); unknown ids are
 * left out.
 */
export function articleTags(article: Pick<Article, 'tags'>, tags: Readonly<Record<string, Tag>>): Tag[] {
  return article.tags.flatMap((id) => {
    const tag = byId(tags, id)
    return tag ? [tag] : []
  })
}
