import { memo, useEffect, useRef, useState, type RefObject } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { CartSummary } from '@/views/shop/cart-summary'
import { CartSummaryLink } from '@/views/shop/cart-summary-link'
import * as styles from './menu.css'

/** One anchor of the bar: a category's name and its heading's id. */
interface CategoryAnchor {
  id: string
  name: string
  anchor: string
}

/** Props of {@link CategoryBar}. */
export interface CategoryBarProps {
  shopId: string
  categories: readonly CategoryAnchor[]
  /** The header's cart numbers, shown in the bar while it is stuck. */
  cartSummary: CartSummary
  /** Called with a category's index before the browser follows its link (render up to it). */
  onCategoryLink: (index: number) => void
}

/**
 * Whether `ref`'s element is stuck at the top of the viewport (`position: sticky; top: 0`):
 * its top edge sits on the viewport's while part of it is cut off by a 1px inset. False where
 * IntersectionObserver is missing.
 */
function useStuckAtTop(ref: RefObject<HTMLElement | null>): boolean {
  const [stuck, setStuck] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1)
        if (entry) setStuck(entry.intersectionRatio < 1 && entry.boundingClientRect.top < 1)
      },
      { rootMargin: '-1px 0px 0px 0px', threshold: [1] },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return stuck
}

/**
 * The menu's sticky category bar (SPEC §2 "Menu page"): one anchor link per category and, once
 * scrolling has stuck it to the top (the header and its cart link are then off screen), the
 * cart summary link with the header's numbers. Below 768px that link stays hidden: the bottom
 * bar is the cart summary there. The links are a memoised part of their own: a cart change
 * (an Add) re-renders the summary, not a link per category (100 on a large menu).
 */
export const CategoryBar = memo(function CategoryBar({ shopId, categories, cartSummary, onCategoryLink }: CategoryBarProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLElement>(null)
  const stuck = useStuckAtTop(ref)
  return (
    <nav ref={ref} className={styles.categoryBar} aria-label={t`Categories`}>
      <CategoryLinks categories={categories} onCategoryLink={onCategoryLink} />
      {stuck && <CartSummaryLink shopId={shopId} summary={cartSummary} />}
    </nav>
  )
})

/** The bar's anchor links, one per category; re-rendered only when the categories or the handler change. */
const CategoryLinks = memo(function CategoryLinks({ categories, onCategoryLink }: Pick<CategoryBarProps, 'categories' | 'onCategoryLink'>) {
  return (
    <ul className={styles.categoryList}>
      {categories.map(({ id, name, anchor }, index) => (
        <li key={id}>
          <a className={styles.categoryLink} href={`#${anchor}`} onClick={() => onCategoryLink(index)}>
            {name}
          </a>
        </li>
      ))}
    </ul>
  )
})
