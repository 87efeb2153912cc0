import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, PageContainer } from '@/ui'
import { ProductSelectionView, type ProductSelectionViewProps } from './product-selection.view'
import * as styles from './product-page.css'

/** Props of {@link ProductPageView}: the selection view's props without its variant, plus navigation slots. */
export interface ProductPageViewProps extends Omit<ProductSelectionViewProps, 'variant'> {
  /** Renders a link to the cart page around the given (translated) label; the route owns routing. */
  renderCartLink: (label: ReactNode) => ReactNode
  /** Starts a fresh selection after an Add (the route remounts the machine). */
  onAddMore: () => void
}

/**
 * The product page `/$shopId/products/$productId` (SPEC §2 "Product page"): image, title,
 * out-of-stock marker, category name, price, description and the selection (with deviation
 * groups: groups, note, total, capped quantity, Add disabled while groups are unmet; without:
 * a quantity stepper and Add). Once the machine reaches `committed` it confirms 'Added to
 * cart' with a link to the cart and a button to add more.
 */
export function ProductPageView({ renderCartLink, onAddMore, ...selection }: ProductPageViewProps) {
  const { t } = useLingui()
  if (selection.snapshot.matches('committed')) {
    return (
      <PageContainer as="div" className={styles.page}>
        <h2 className={styles.title}>{selection.snapshot.context.article.title}</h2>
        <div role="status" className={styles.added}>
          <p className={styles.addedTitle}>
            <Trans>Added to cart</Trans>
          </p>
          <div className={styles.addedActions}>
            {renderCartLink(t`Go to cart`)}
            <Button variant="secondary" onClick={onAddMore}>
              <Trans>Add more</Trans>
            </Button>
          </div>
        </div>
      </PageContainer>
    )
  }
  return (
    <PageContainer as="div" className={styles.page}>
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
