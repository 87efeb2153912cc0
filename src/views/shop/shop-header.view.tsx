import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import type { CartSummary } from './cart-summary'
import { CartSummaryLink } from './cart-summary-link'
import * as styles from './shop-header.css'

/** Props of {@link ShopHeaderView}. */
export interface ShopHeaderViewProps {
  shopId: string
  /** The shop's title (SPEC §3 shop.title). */
  title: string
  /** Set by a table link, a saved reference or the session; shown after the title. */
  orderReference: string | null
  /** Company logo URL, or null for a text 'Home' link. */
  logo: string | null
  /** The logo's alt text: the company's (or else the shop's) name. */
  logoAlt: string
  /** The cart link's numbers, or null to leave the link out (gate not open yet). */
  cart: CartSummary | null
}

/**
 * The shop header (SPEC §2 "Shop layout", CONTRACT.md "Header"): the logo in a 200×100 box
 * (fetched at low priority: the first product image is the page's largest paint)
 * linking to the shop home, an h1 with the title and ' - {orderReference}', and a cart link
 * whose name contains 'Cart' with count and total (hidden below 768px, where the bottom bar
 * takes over).
 */
export function ShopHeaderView({ shopId, title, orderReference, logo, logoAlt, cart }: ShopHeaderViewProps) {
  const { t } = useLingui()
  const heading = orderReference ? `${title} - ${orderReference}` : title
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {/* Exact: the current page (aria-current) on the menu only, not on the cart or receipt below it. */}
        <Link to="/$shopId" params={{ shopId }} activeOptions={{ exact: true }} className={styles.home}>
          {logo !== null ? (
            <img className={styles.logo} src={logo} alt={logoAlt} width={200} height={100} fetchPriority="low" />
          ) : (
            <span className={styles.homeText}>{t`Home`}</span>
          )}
        </Link>
        <h1 className={styles.title}>{heading}</h1>
        {cart !== null && <CartSummaryLink shopId={shopId} summary={cart} />}
      </div>
    </header>
  )
}
