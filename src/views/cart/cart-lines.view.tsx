import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { quantityInCart } from '@/domain/cart'
import { byId } from '@/domain/ids'
import { cartItemTotal } from '@/domain/totals'
import type { ArticleStockErrors, CartItem, Currency, Deviation, ShopData } from '@/domain/types'
import { Button } from '@/ui/button'
import { Price } from '@/ui/price'
import { QuantityStepper } from '@/ui/quantity-stepper'
import * as styles from './cart.css'
import { addOnPrice } from '@/domain/add-on-price'
import { formatCount } from '@/domain/count'

/** A deviation as shown on a line: its name, how many times it was chosen, its unit price. @internal exported for its tests */
export interface DeviationLine {
  id: string
  name: string
  count: number
  /** Minor units per unit of the deviation. */
  price: number
}

/**
 * Groups a line's deviation ids (an id may repeat for a counted extra) into display rows in
 * first-seen order, leaving out ids the shop no longer has (SPEC §3 "Cart item").
 * @internal exported for its tests
 */
export function deviationLines(ids: readonly string[], deviations: Record<string, Deviation>): DeviationLine[] {
  const rows = new Map<string, DeviationLine>()
  for (const id of ids) {
    const deviation = byId(deviations, id)
    if (!deviation) continue
    const row = rows.get(id)
    if (row) row.count += 1
    else rows.set(id, { id, name: deviation.name, count: 1, price: deviation.price })
  }
  return [...rows.values()]
}

/** Props of {@link DeviationList}. */
export interface DeviationListProps {
  /** One row per deviation: `count` times chosen, `price` per unit in minor units of `currency`. */
  rows: readonly { name: string; count: number; price: number }[]
  currency: Currency
}

/** A line's deviations: '2 × Extra shot + 8,00 kr', 'No cream − 5,00 kr'; no price when it is 0 (SPEC §3). */
export function DeviationList({ rows, currency }: DeviationListProps) {
  if (rows.length === 0) return null
  return (
    <ul className={styles.details}>
      {rows.map((row, index) => {
        const price = addOnPrice(row.price)
        return (
          <li key={`${row.name}-${index}`}>
            {row.count > 1 && `${row.count} × `}
            {row.name}
            {price && (
              <>
                {` ${price.sign} `}
                <Price amount={price.amount} currency={currency} />
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** Props of {@link CartLinesView}. */
export interface CartLinesViewProps {
  cart: readonly CartItem[]
  shopData: Pick<ShopData, 'articles' | 'deviations' | 'company'>
  /** Units short per article id: over an OUT_OF_STOCK answer's stock (SPEC §8) or the shop's own (§4). */
  stockShort: ArticleStockErrors
  /** The highest count per line id (the session's `lineCountCaps`): '+' stops there (SPEC §4, §5). */
  countCaps: Readonly<Record<string, number>>
  /** Sets a line's count; 0 removes the line (SPEC §4 "Cart"). */
  onSetCount: (itemId: string, count: number) => void
  /** Opens the product popup for the line. */
  onEdit: (item: CartItem) => void
}

/**
 * The cart's lines (SPEC §2 "Cart page"): title, deviations with prices, note, a count stepper
 * capped by the remaining stock (0 removes), the line total, 'Edit', and for an article the
 * cart holds more of than is in stock (an OUT_OF_STOCK answer, or the shop's own stock) 'Out of
 * stock' (or 'Only N in stock' while some are left) with '{count} more than in stock'.
 */
export function CartLinesView({ cart, shopData, stockShort, countCaps, onSetCount, onEdit }: CartLinesViewProps) {
  const currency = shopData.company.currency
  return (
    <ul className={styles.lines}>
      {cart.map((item) => (
        <CartLine
          key={item.id}
          item={item}
          max={countCaps[item.id] ?? item.count}
          shopData={shopData}
          currency={currency}
          short={byId(stockShort, item.productId) ?? 0}
          inCart={quantityInCart(cart, item.productId)}
          onSetCount={onSetCount}
          onEdit={onEdit}
        />
      ))}
    </ul>
  )
}

interface CartLineProps {
  item: CartItem
  max: number
  shopData: CartLinesViewProps['shopData']
  currency: Currency
  short: number
  /** Units of the line's article in the whole cart (its other lines too). */
  inCart: number
  onSetCount: CartLinesViewProps['onSetCount']
  onEdit: CartLinesViewProps['onEdit']
}

function CartLine({ item, max, shopData, currency, short, inCart, onSetCount, onEdit }: CartLineProps) {
  const { t } = useLingui()
  const titleId = useId()
  const article = byId(shopData.articles, item.productId)
  // A line of a product the shop has taken off its menu since: removable, not editable.
  const title = article?.title ?? t`No longer on the menu`
  // Add-ons the shop has taken off its menu since: told, so the line hides nothing it holds
  // (payment waits until it is gone; Edit drops them).
  const gone = item.deviations.filter((id) => !byId(shopData.deviations, id)).length
  const goneAddOns = gone > 0 ? [{ name: t`Add-on no longer on the menu`, count: gone, price: 0 }] : []
  // Units left in stock, as the popup's marker counts them (named so its words are shared).
  const n = formatCount(inCart - short)
  return (
    <li className={styles.line}>
      <div className={styles.info}>
        <span id={titleId} className={styles.title}>
          {title}
        </span>
        <DeviationList rows={[...deviationLines(item.deviations, shopData.deviations), ...goneAddOns]} currency={currency} />
        {item.description.trim() !== '' && <p className={styles.note}>{item.description}</p>}
        {short > 0 && (
          <>
            <span className={styles.outOfStock}>{inCart > short ? <Trans>Only {n} in stock</Trans> : <Trans>Out of stock</Trans>}</span>
            <p className={styles.stockError}>
              <Trans>{short} more than in stock</Trans>
            </p>
          </>
        )}
      </div>
      <div className={styles.controls}>
        <QuantityStepper value={item.count} min={0} max={max} label={t`Quantity of ${title}`} onChange={(count) => onSetCount(item.id, count)} />
        {article && (
          <Button variant="ghost" aria-describedby={titleId} onClick={() => onEdit(item)}>
            <Trans>Edit</Trans>
          </Button>
        )}
      </div>
      <Price className={styles.total} amount={cartItemTotal(item, shopData)} currency={currency} />
    </li>
  )
}
