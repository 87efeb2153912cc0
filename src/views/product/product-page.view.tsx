import { useRef, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { ProductSelectionView, type ProductSelectionViewProps } from './product-selection.view'
import * as styles from './product-page.css'
import { useDocumentTitle } from '@/ui/document-title'
import { useKeepFocusWithin } from '@/ui/keep-focus'
import { pageHeading, pageHeadingProps } from '@/ui/route-focus'

/** Props of {@link ProductPageView}: the selection view's props without its variant, plus navigation slots. */
export interface ProductPageViewProps extends Omit<ProductSelectionViewProps, 'variant'> {
  /** Renders a link to the cart page around the given (translated) label; the route owns routing. */
  renderCartLink: (label: ReactNode) => ReactNode
}

/**
 * The product page `/$shopId/products/$productId` (SPEC §2 "Product page"): image, title,
 * out-of-stock marker, category name, price, description and the selection (with deviation
 * groups: groups, note, total, capped quantity, Add disabled while groups are unmet; without:
 * a quantity stepper and Add). Once the machine reaches `committed` it confirms 'Added to
 * cart' with a link to the cart and 'Add more', which sends `add.more` (back to `editing`, capped
 * at the stock the machine has followed since).
 * The pressed Add or 'Add more' goes away with its content: focus goes to the confirmation, or
 * to the fresh selection's heading (WCAG 2.4.3), not to the page body.
 */
export function ProductPageView({ renderCartLink, ...selection }: ProductPageViewProps) {
  const { t } = useLingui()
  const committed = useSelector(selection.selection, (s) => s.matches('committed'))
  const title = useSelector(selection.selection, (s) => s.context.article.title)
  useDocumentTitle(title)
  const confirmation = useRef<HTMLParagraphElement>(null)
  // One container for both contents, so a press that swaps them keeps focus on the page.
  const keepFocus = useKeepFocusWithin<HTMLElement>(() => confirmation.current ?? pageHeading())
  if (committed) {
    return (
      <PageContainer {...keepFocus} as="div" className={styles.page}>
        <h2 {...pageHeadingProps} className={styles.title}>
          {title}
        </h2>
        <div role="status" className={styles.added}>
          <p ref={confirmation} className={styles.addedTitle} tabIndex={-1}>
            <Trans>Added to cart</Trans>
          </p>
          <div className={styles.addedActions}>
            {renderCartLink(t`Go to cart`)}
            <Button variant="secondary" onClick={() => selection.selection.send({ type: 'add.more' })}>
              <Trans>Add more</Trans>
            </Button>
          </div>
        </div>
      </PageContainer>
    )
  }
  return (
    <PageContainer {...keepFocus} as="div" className={styles.page}>
      <ProductSelectionView {...selection} variant="page" />
    </PageContainer>
  )
}

/** Props of {@link ProductNotFoundView}. */
export interface ProductNotFoundViewProps {
  /** Renders a link back to the shop's menu around the given (translated) label. */
  renderMenuLink: (label: ReactNode) => ReactNode
}

/** An unknown product id on the product page (SPEC §2): a message inside the shop layout and a way back. */
export function ProductNotFoundView({ renderMenuLink }: ProductNotFoundViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Product not found`)
  return (
    <PageContainer as="div" className={styles.notFound}>
      <h2 className={styles.notFoundTitle}>
        <Trans>Product not found</Trans>
      </h2>
      <p className={styles.notFoundBody}>
        <Trans>This product does not exist or is no longer sold here.</Trans>
      </p>
      {renderMenuLink(t`Back to the menu`)}
    </PageContainer>
  )
}

/** Class for links the route renders into this page's slots, so they match the page. */
export const productPageLinkClass = styles.link
