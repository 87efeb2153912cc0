import { Link } from '@tanstack/react-router'
import { Plural, Trans } from '@lingui/react/macro'
import { Price } from '@/ui/price'
import { visuallyHidden } from '@/ui/visually-hidden.css'
import type { CartSummary } from './cart-summary'
import * as styles from './cart-summary-link.css'

/** Props of {@link CartSummaryLink}. */
export interface CartSummaryLinkProps {
  shopId: string
  /** The numbers to show: units and total (minor units of its currency). */
  summary: CartSummary
}

/**
 * The cart summary link of the shop header and of the stuck category bar (SPEC §2 "Shop
 * layout", "Menu page"; CONTRACT.md "Header"): a link to the cart whose name contains 'Cart',
 * with the item count and the total ('Cart, 2 items, 90,00 kr'). Hidden below 768px, where the
 * bottom bar shows the cart instead.
 */
export function CartSummaryLink({ shopId, summary }: CartSummaryLinkProps) {
  const count = summary.count
  return (
    <Link to="/$shopId/cart" params={{ shopId }} className={styles.cart}>
      <span className={styles.cartLabel}>
        <Trans>Cart</Trans>
      </span>
      <span className={visuallyHidden}>, </span>
      <span className={styles.cartCount}>
        <Plural value={count} one="# item" other="# items" />
      </span>
      <span className={visuallyHidden}>, </span>
      <Price className={styles.cartTotal} amount={summary.total} currency={summary.currency} />
    </Link>
  )
}
