import { memo, useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { articleTags, categoryArticles, firstMenuImages } from '@/domain/menu'
import { isOutOfStock } from '@/domain/stock'
import type { Article, CartItem, Category, Currency, DisplayType, ShopData, Tag } from '@/domain/types'
import { Badge } from '@/ui/badge'
import { Price } from '@/ui/price'
import { useNearViewport } from '@/perf/near-viewport'
import { releaseIdleHold } from '@/perf/paint-hold'
import type { CartSummary } from '@/views/shop/cart-summary'
import { CategoryBar } from './category-bar.view'
import * as styles from './menu.css'
import { MENU_BATCHES, useProgressiveLimit } from '@/perf/progressive'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link MenuView}. */
export interface MenuViewProps {
  shopId: string
  shopData: ShopData
  /** The current cart, for the out-of-stock markers (SPEC §5). */
  cart: readonly CartItem[]
  /** The header's cart numbers, which the category bar shows once stuck (SPEC §2 "Menu page"). */
  cartSummary: CartSummary
  /** Opens the product popup (NO_IMAGE and SMALL_IMAGE cards); the route puts `?product=` in the URL. */
  onSelectProduct: (productId: string) => void
}

/** A category with the articles it can show, in `sortedProducts` order; `anchor` is its h2's id. */
export interface MenuSection {
  category: Category
  anchor: string
  articles: Article[]
}

/** `#category-…` anchors from category ids, safe for any id the platform sends. */
function categoryAnchor(categoryId: string): string {
  return `category-${categoryId.replace(/[^\w-]/g, '_')}`
}

/**
 * The menu's sections: every category in the platform's order, each with its products in
 * `sortedProducts` order; ids without an article (or repeated) are skipped (SPEC §2 "Menu page").
 * @internal exported for its tests
 */
export function menuSections(shopData: Pick<ShopData, 'categories' | 'articles'>): MenuSection[] {
  return shopData.categories.map((category) => ({ category, anchor: categoryAnchor(category.id), articles: categoryArticles(shopData, category) }))
}

/**
 * The sections to render when only the first `limit` articles (in menu order) are shown: whole
 * sections up to the one the limit falls in, that one cut short. Categories without articles
 * come with the articles around them. `limit` ≥ the article count returns every section.
 * @internal exported for its tests
 */
export function visibleSections(sections: readonly MenuSection[], limit: number): MenuSection[] {
  const out: MenuSection[] = []
  let left = limit
  for (const section of sections) {
    if (left <= 0 && section.articles.length > 0) break
    if (section.articles.length > left) {
      out.push({ ...section, articles: section.articles.slice(0, left) })
      break
    }
    out.push(section)
    left -= section.articles.length
  }
  return out
}

/** Article count up to and including each section: `ends[i]` renders section `i` whole. */
function sectionEnds(sections: readonly MenuSection[]): number[] {
  let sum = 0
  return sections.map((section) => (sum += section.articles.length))
}

/** Separates ids in a {@link stockMarkerKeys} key (ids come from the wire and may hold any text but NUL). */
const KEY_SEPARATOR = '\u0000'

/**
 * For each section, the ids of its articles shown out of stock (SPEC §5) with `cart`, as one
 * key: a cart change re-renders only the sections whose markers change, not every card of
 * the menu (a section compares a string, not the whole cart). '' for a section without any.
 * @internal exported for tests (knip --production)
 */
export function stockMarkerKeys(sections: readonly MenuSection[], cart: readonly CartItem[]): string[] {
  return sections.map((section) => section.articles.flatMap((article) => (isOutOfStock(article, cart) ? [article.id] : [])).join(KEY_SEPARATOR))
}

/** The `#fragment` of the page, decoded; '' outside a browser. */
function currentFragment(): string {
  if (typeof window === 'undefined') return ''
  try {
    return decodeURIComponent(window.location.hash.slice(1))
  } catch {
    return window.location.hash.slice(1)
  }
}

/**
 * The menu page (SPEC §2 "Menu page", CONTRACT.md "Menu"): a sticky bar of anchor links per
 * category that shows the cart summary once stuck ({@link CategoryBar}), the optional shop
 * description, then one section per category with an h2 and its products laid out by the
 * shop's display type: NO_IMAGE compact cards (min column 300px),
 * SMALL_IMAGE row cards with a 150px image, LARGE_IMAGE cards with a square image that link to
 * the product page (min column 400px). Other cards are buttons named by the product title.
 *
 * Rendered progressively: the first articles in the first commit, the rest in small
 * transitions (see {@link useProgressiveLimit}), so a menu of hundreds of articles never blocks
 * a phone's main thread for long. The category bar lists every category from the start; a
 * click on one not rendered yet renders up to it before the browser follows the link, and a
 * `#category-…` fragment on arrival renders up to it and scrolls there.
 */
export const MenuView = memo(function MenuView({ shopId, shopData, cart, cartSummary, onSelectProduct }: MenuViewProps) {
  // The page is the shop itself: its title alone (DocumentTitleScope).
  useDocumentTitle(null)
  // The cards' stock markers follow a cart change in a background render React can interrupt:
  // a tap right after Add is not kept waiting; it re-renders the sections whose markers change.
  const markerCart = useDeferredValue(cart)
  // Memoised on the shop: opening the popup re-renders the route, not every card.
  const sections = useMemo(() => menuSections(shopData), [shopData])
  const ends = useMemo(() => sectionEnds(sections), [sections])
  const markerKeys = useMemo(() => stockMarkerKeys(sections, markerCart), [sections, markerCart])
  const tagsOf = useMemo(() => {
    const resolved = new Map<string, Tag[]>()
    for (const article of Object.values(shopData.articles)) {
      resolved.set(article.id, articleTags(article, shopData.tags))
    }
    return resolved
  }, [shopData])
  const displayType = shopData.shop.displayType
  const currency = shopData.company.currency
  const description = shopData.shop.description?.trim() ?? ''
  // A section's lazy images are in the page once it has come near the viewport (see ImageLoad).
  const { near, watch } = useNearViewport()
  // The first screen's images load at once, the rest lazily (see ImageLoad).
  const eagerIds = useMemo(() => firstMenuImages(shopData).map((article) => article.id), [shopData])
  // The first of them is the page's largest paint: idle work waits until it is on screen (the
  // menu route holds it). A menu without images has nothing to wait for.
  const hasFirstImage = eagerIds.length > 0
  useLayoutEffect(() => {
    if (!hasFirstImage) releaseIdleHold()
  }, [hasFirstImage])
  // A `#category-…` link opened from outside: that category is rendered in the first commit.
  const [arrival] = useState(() => {
    const fragment = currentFragment()
    return fragment === '' ? -1 : sections.findIndex((section) => section.anchor === fragment)
  })
  const total = ends.at(-1) ?? 0
  const { limit, showAtLeast } = useProgressiveLimit(total, MENU_BATCHES, arrival >= 0 ? (ends[arrival] ?? 0) : 0)
  const scrolledOnArrival = useRef(false)
  useLayoutEffect(() => {
    if (scrolledOnArrival.current || arrival < 0) return
    scrolledOnArrival.current = true
    const anchor = sections[arrival]?.anchor
    if (anchor !== undefined) document.getElementById(anchor)?.scrollIntoView()
  }, [arrival, sections])
  const shown = useMemo(() => visibleSections(sections, limit), [sections, limit])
  const anchors = useMemo(() => sections.map(({ category, anchor }) => ({ id: category.id, name: category.name, anchor })), [sections])
  // A category link renders the menu up to its section before the browser follows it. The
  // limit is read from a ref, so the handler stays the same across progressive batches and the
  // category bar's links do not re-render with each of them.
  const shownRef = useRef(limit)
  useLayoutEffect(() => {
    shownRef.current = limit
  }, [limit])
  const renderUpTo = useCallback(
    (index: number) => {
      const end = ends[index] ?? 0
      if (end > shownRef.current) showAtLeast(end)
    },
    [ends, showAtLeast],
  )
  return (
    <div className={styles.menu}>
      {sections.length > 0 && (
        <CategoryBar shopId={shopId} categories={anchors} cartSummary={cartSummary} onCategoryLink={renderUpTo} />
      )}
      {description !== '' && <p className={styles.description}>{description}</p>}
      {/* Every category is kept (one heading each), but a menu with no product at all says so. */}
      {total === 0 && (
        <p className={styles.description}>
          <Trans>There is nothing on the menu right now.</Trans>
        </p>
      )}
      {shown.map((section, index) => (
        <MenuSectionView
          key={section.category.id}
          section={section}
          shopId={shopId}
          displayType={displayType}
          currency={currency}
          stockMarkerKey={markerKeys[index] ?? ''}
          imagesNear={near === null || near.has(section.category.id)}
          watchNear={watch}
          tagsOf={tagsOf}
          eagerIds={eagerIds}
          onSelectProduct={onSelectProduct}
        />
      ))}
    </div>
  )
})

/** Element Timing name of the menu's first image, the paint idle work waits for (`holdIdleUntilPainted`). */
export const FIRST_IMAGE_TIMING = 'menu-first-image'

/**
 * How a card's image loads. `first`: the page's largest paint, at once and at high
 * priority (the boot script has usually preloaded it). `eager`: the rest of a phone's first
 * screen, at once but at low priority, so they do not share the bandwidth with the first image
 * or the app's bundle. `lazy`: once scrolled near (`loading="lazy"`). `later`: its section is
 * not near the viewport yet, so there is only a box of the image's size; it becomes `lazy` once
 * the section comes near (`useNearViewport`), which keeps the browser from watching every image
 * of a large menu in every frame.
 */
type ImageLoad = 'first' | 'eager' | 'lazy' | 'later'

/**
 * The {@link ImageLoad} of the image at `index` among the eager ones (-1: not among them), in a
 * section that has come near the viewport or not.
 */
function imageLoadOf(index: number, near: boolean): ImageLoad {
  return index === 0 ? 'first' : index > 0 ? 'eager' : near ? 'lazy' : 'later'
}

interface MenuSectionViewProps {
  section: MenuSection
  shopId: string
  displayType: DisplayType
  currency: Currency
  /** The section's {@link stockMarkerKeys} key: its articles shown out of stock. */
  stockMarkerKey: string
  tagsOf: ReadonlyMap<string, Tag[]>
  /** Ids of the articles whose images load at once, in menu order. */
  eagerIds: readonly string[]
  /** Whether the section has come near the viewport: its lazy images are in the page. */
  imagesNear: boolean
  /** Watches the section until it comes near (`useNearViewport`). */
  watchNear: (element: Element, key: string) => () => void
  onSelectProduct: (productId: string) => void
}

/**
 * One category: memoised, so adding a batch re-renders only the section that grew, and a cart
 * change only the sections whose stock markers change.
 */
const MenuSectionView = memo(function MenuSectionView({
  section: { category, anchor, articles },
  shopId,
  displayType,
  currency,
  stockMarkerKey,
  tagsOf,
  eagerIds,
  imagesNear,
  watchNear,
  onSelectProduct,
}: MenuSectionViewProps) {
  const outOfStock = useMemo(() => new Set(stockMarkerKey === '' ? [] : stockMarkerKey.split(KEY_SEPARATOR)), [stockMarkerKey])
  const ref = useRef<HTMLElement>(null)
  useEffect(() => (imagesNear || !ref.current ? undefined : watchNear(ref.current, category.id)), [imagesNear, watchNear, category.id])
  return (
    <section ref={ref} className={styles.section} aria-labelledby={anchor}>
      <h2 id={anchor} className={styles.categoryHeading}>
        {category.name}
      </h2>
      <ul className={styles.grid[displayType]}>
        {articles.map((article) => (
          <li key={article.id} className={styles.item}>
            <ProductCard
              shopId={shopId}
              article={article}
              displayType={displayType}
              currency={currency}
              tags={tagsOf.get(article.id) ?? noTags}
              outOfStock={outOfStock.has(article.id)}
              imageLoad={imageLoadOf(eagerIds.indexOf(article.id), imagesNear)}
              onSelect={onSelectProduct}
            />
          </li>
        ))}
      </ul>
    </section>
  )
})

const noTags: Tag[] = []

/** Props of {@link ProductCard}. */
interface ProductCardProps {
  shopId: string
  article: Article
  displayType: DisplayType
  currency: Currency
  /** The article's tags, resolved. */
  tags: Tag[]
  outOfStock: boolean
  /** How the image loads (see {@link ImageLoad}). */
  imageLoad: ImageLoad
  onSelect: (productId: string) => void
}

/**
 * One product of the menu: title, price, tags, 'Out of stock' marker and a short description.
 * The title is the card's button (or link on LARGE_IMAGE), so its name is exactly the title
 * and its visible text matches (WCAG 2.5.3); the rest describes it, and the whole card is its
 * click target.
 */
const ProductCard = memo(function ProductCard({ shopId, article, displayType, currency, tags, outOfStock, imageLoad, onSelect }: ProductCardProps) {
  const detailsId = useId()
  const image =
    displayType === 'NO_IMAGE' ? null : article.image !== null && imageLoad === 'later' ? (
      <span className={displayType === 'LARGE_IMAGE' ? styles.largeImagePlaceholder : styles.smallImageLater} aria-hidden="true" />
    ) : article.image !== null ? (
      <img
        className={displayType === 'LARGE_IMAGE' ? styles.largeImage : styles.smallImage}
        src={article.image}
        alt={article.title}
        width={displayType === 'LARGE_IMAGE' ? 400 : 150}
        height={displayType === 'LARGE_IMAGE' ? 400 : 150}
        loading={imageLoad === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={imageLoad === 'first' ? 'high' : imageLoad === 'eager' ? 'low' : undefined}
        decoding="async"
        // An image that fails never paints: idle work need not wait for it.
        {...(imageLoad === 'first' ? { elementtiming: FIRST_IMAGE_TIMING, onError: releaseIdleHold } : {})}
      />
    ) : (
      <span className={displayType === 'LARGE_IMAGE' ? styles.largeImagePlaceholder : styles.smallImagePlaceholder} aria-hidden="true" />
    )
  const action =
    displayType === 'LARGE_IMAGE' ? (
      <Link
        to="/$shopId/products/$productId"
        params={{ shopId, productId: article.id }}
        className={styles.cardAction}
        aria-describedby={detailsId}
      >
        {article.title}
      </Link>
    ) : (
      <button
        type="button"
        className={styles.cardAction}
        aria-describedby={detailsId}
        data-product-id={article.id}
        onClick={() => onSelect(article.id)}
      >
        {article.title}
      </button>
    )
  return (
    <div className={styles.card[displayType]}>
      {image}
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>{action}</h3>
        <div id={detailsId} className={styles.cardDetails}>
          <Price className={styles.cardPrice} amount={article.price} currency={currency} />
          {(outOfStock || tags.length > 0) && (
            <span className={styles.cardTags}>
              {outOfStock && (
                <span className={styles.outOfStock}>
                  <Trans>Out of stock</Trans>
                </span>
              )}
              {tags.map((tag) => (
                <Badge key={tag.id} label={tag.tag} color={tag.color} />
              ))}
            </span>
          )}
          {article.description !== null && article.description.trim() !== '' && (
            <p className={styles.cardDescription}>{article.description}</p>
          )}
        </div>
      </div>
    </div>
  )
})

/**
 * The menu card's button of `productId` (its `data-product-id`), the product popup's natural
 * opener; null when the menu does not show it (another page, a LARGE_IMAGE menu, no id).
 */
export function menuCardAction(productId: string | undefined, doc: Document = document): HTMLElement | null {
  return productId ? doc.querySelector<HTMLElement>(`button[data-product-id="${CSS.escape(productId)}"]`) : null
}
