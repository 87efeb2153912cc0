import { useId, useRef, useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { CheckoutActor } from '@machines/checkout/checkout.machine'
import { sameEntries, showsStockAlert, stockShort } from '@machines/checkout/checkout.selectors'
import { isCartHeld, type SessionActor } from '@machines/session/session.machine'
import { lineCountCaps } from '@machines/session/session.selectors'
import { orderTotal } from '@/domain/totals'
import { chosenTabCount } from '@/domain/cart'
import { hasUnsellableLine } from '@/domain/unsellable'
import { byId } from '@/domain/ids'
import type { CartItem, ShopData } from '@/domain/types'
import { Price } from '@/ui/price'
import { CustomerFormView } from '../checkout/customer-form.view'
import { PaymentSectionView } from '../payment/payment-section.view'
import { useKeepFocusWithin } from '@/ui/keep-focus'
import { StatusLine } from '@/ui/status-line'
import { CartLinesView } from './cart-lines.view'
import { AddedFromTabView, TabChooserView, tabLineTitle } from './tab-items.view'
import * as styles from './cart.css'
import { useDocumentTitle } from '@/ui/document-title'
import { pageHeadingProps } from '@/ui/route-focus'

/** Props of {@link CartPageView}. */
export interface CartPageViewProps {
  shopId: string
  shopData: ShopData
  /** The shop's session actor: cart, tab items, open tab. */
  session: SessionActor
  /** The shop's checkout actor (the gate's, there once the shop is open). */
  checkout: CheckoutActor
  /** The download URL of a receipt (SPEC §7), for the payment-complete screen. */
  receiptDownloadUrl: (receiptId: string) => string
  /** Opens the product popup for a cart line (the route sets `?product=&item=`). */
  onEditLine: (item: CartItem) => void
  /** The card form container, shown by the payment section while a card payment runs. */
  cardForm?: ReactNode
}

/**
 * The cart page (SPEC §2 "Cart page"), in the spec's order: the open tab's lines not yet
 * chosen, the cart heading with its lines (or 'Your cart is empty' and a link to the menu),
 * 'Added from tab', the total (cart plus chosen tab lines), the 'Your info' form and the
 * payment section. Count changes go to the session (`cart.setCount`, `tab.setCount`). While
 * the session holds the cart (a card confirmed with Pay is being charged, SPEC §4 Card) all of
 * that but the payment section is disabled, and a status above it says why: the payment
 * section that tells of the charge may not show (a second tab, its 'Your info' still empty).
 */
export function CartPageView({ shopId, shopData, session, checkout, receiptDownloadUrl, onEditLine, cardForm }: CartPageViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Your cart`)
  const cart = useSelector(session, (s) => s.context.cart)
  const tabItems = useSelector(session, (s) => s.context.tabItems)
  const tab = useSelector(session, (s) => s.context.activeTab)
  // The checkout keeps the platform's stock per article and holds the session's cart against it
  // and the shop's own stock; compared entry by entry, so the lines re-render only when a marker
  // changes.
  const short = useSelector(checkout, (s) => stockShort(s, cart, shopData.articles), sameEntries)
  const stockAlert = useSelector(checkout, (s) => showsStockAlert(s, cart))
  const countCaps = useSelector(session, lineCountCaps, sameEntries)
  // A card confirmed with Pay may be charged: the session holds the order as it is (SPEC §4 Card).
  const held = useSelector(session, isCartHeld)
  const currency = shopData.company.currency
  const total = orderTotal(cart, tabItems, tab, shopData)
  // A line counted down to 0, or a tab line chosen in full, goes away with its buttons: focus
  // stays in the cart, on its heading (not on another line's button, where the next Enter would
  // change that line).
  const heading = useRef<HTMLHeadingElement>(null)
  const keepFocus = useKeepFocusWithin<HTMLFieldSetElement>(() => heading.current)
  const heldId = useId()
  // A line that goes with its buttons (counted down to 0, or a tab line chosen in full) moves focus
  // to the heading: a status line says which line went where, as the popup's Update at 0 does
  // (WCAG 4.1.3).
  const [moved, setMoved] = useState<{ title: string; to: 'removed' | 'fromTab' } | null>(null)
  const setCount = (itemId: string, count: number) => {
    const line = cart.find((item) => item.id === itemId)
    if (line && count <= 0) setMoved({ title: byId(shopData.articles, line.productId)?.title ?? t`No longer on the menu`, to: 'removed' })
    session.send({ type: 'cart.setCount', itemId, count })
  }
  const setTabCount = (lineId: string, count: number) => {
    const line = tab?.cart.find((tabLine) => tabLine.id === lineId)
    if (line) {
      const title = tabLineTitle(line, shopData.articles) ?? t`Item on the tab`
      const chosen = chosenTabCount(line, tabItems)
      if (count >= line.count && chosen < line.count) setMoved({ title, to: 'fromTab' })
      else if (count <= 0 && chosen > 0) setMoved({ title, to: 'removed' })
    }
    session.send({ type: 'tab.setCount', lineId, count })
  }
  const title = moved?.title ?? ''

  return (
    <div className={styles.page}>
      <fieldset {...keepFocus} className={styles.edits} disabled={held} aria-describedby={held ? heldId : undefined}>
        {/* In the page before it has something to say, so the hold is announced (WCAG 4.1.3). */}
        <StatusLine id={heldId} className={styles.heldNote}>
          {held && <Trans>Your card payment is being completed. You can change your order once it is done.</Trans>}
        </StatusLine>
        {tab && <TabChooserView tab={tab} tabItems={tabItems} currency={currency} articles={shopData.articles} onSetCount={setTabCount} />}

        <section className={styles.section} aria-labelledby="cart-heading">
          <h2 ref={heading} id="cart-heading" className={styles.heading} {...pageHeadingProps}>
            <Trans>Your cart</Trans>
          </h2>
          <StatusLine className={styles.removedNote}>
            {moved?.to === 'removed' && t`Removed from cart: ${title}`}
            {moved?.to === 'fromTab' && t`Added from tab: ${title}`}
          </StatusLine>
          {cart.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.instruction}>
                <Trans>Your cart is empty</Trans>
              </p>
              <Link className={styles.link} to="/$shopId" params={{ shopId }} activeOptions={{ exact: true }}>
                <Trans>Back to the menu</Trans>
              </Link>
            </div>
          ) : (
            <CartLinesView
              cart={cart}
              shopData={shopData}
              stockShort={short}
              countCaps={countCaps}
              onSetCount={setCount}
              onEdit={onEditLine}
            />
          )}
        </section>

        {tab && <AddedFromTabView tab={tab} tabItems={tabItems} currency={currency} articles={shopData.articles} onSetCount={setTabCount} />}

        <p className={styles.totalRow}>
          <span>
            <Trans>Total</Trans>
          </span>{' '}
          <Price amount={total} currency={currency} />
        </p>

        <CustomerFormView checkout={checkout} />
      </fieldset>
      <PaymentSectionView
        checkout={checkout}
        shopId={shopId}
        receiptDownloadUrl={receiptDownloadUrl}
        cardForm={cardForm}
        stockAlert={stockAlert}
        unsellable={hasUnsellableLine(cart, shopData)}
      />
    </div>
  )
}
