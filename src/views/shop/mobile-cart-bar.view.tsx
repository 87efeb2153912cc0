import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Price } from '@/ui/price'
import { visuallyHidden } from '@/ui/visually-hidden.css'
import { useCartSummary, type CartSummary } from './cart-summary'
import * as styles from './mobile-cart-bar.css'

/** Props of {@link MobileCartBarView}. @internal exported for its tests */
export interface MobileCartBarViewProps {
  shopId: string
  summary: CartSummary
  /** Goes to the cart to pay the open tab (the route navigates). */
  onPayTab: () => void
}

/**
 * The fixed bottom cart bar below 768px on the menu (SPEC §2 "Shop layout", CONTRACT.md
 * "Mobile bottom bar"). With items: a 'To cart' link with total and count. With an empty cart
 * but an open tab with items not in the cart: a 'Pay tab' button with the tab's total and that
 * count. Otherwise 'To cart' with 0 and 0. The layout leaves room below the content for it.
 * @internal exported for its tests
 */
export function MobileCartBarView({ shopId, summary, onPayTab }: MobileCartBarViewProps) {
  const { t } = useLingui()
  const payTab = summary.count === 0 && summary.tabCount > 0
  const count = payTab ? summary.tabCount : summary.count
  const total = payTab ? summary.tabTotal : summary.total
  const details = (
    <>
      <span className={visuallyHidden}>, </span>
      <Price className={styles.total} amount={total} currency={summary.currency} />
      <span className={visuallyHidden}>, </span>
      <span className={styles.count}>
        <Plural value={count} one="# item" other="# items" />
      </span>
    </>
  )
  return (
    <nav className={styles.bar} aria-label={t`Cart`} data-mobile-cart-bar="">
      {payTab ? (
        <button type="button" className={styles.action} onClick={onPayTab}>
          <span className={styles.label}>
            <Trans>Pay tab</Trans>
          </span>
          {details}
        </button>
      ) : (
        <Link to="/$shopId/cart" params={{ shopId }} className={styles.action}>
          <span className={styles.label}>
            <Trans>To cart</Trans>
          </span>
          {details}
        </Link>
      )}
    </nav>
  )
}

/** Props of {@link ShopMobileCartBar}. */
export interface ShopMobileCartBarProps {
  /** The shop gate (its shop id and its session's cart). */
  shop: ShopGateActor
  /** Goes to the cart; called by the 'Pay tab' button. */
  onPayTab: () => void
}

/** {@link MobileCartBarView} bound to the shop gate's session. */
export function ShopMobileCartBar({ shop, onPayTab }: ShopMobileCartBarProps) {
  const shopId = useSelector(shop, (s) => s.context.shopId)
  const summary = useCartSummary(shop)
  return <MobileCartBarView shopId={shopId} summary={summary} onPayTab={onPayTab} />
}
