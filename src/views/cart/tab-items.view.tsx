import { Trans, useLingui } from '@lingui/react/macro'
import { chosenTabCount } from '@/domain/cart'
import { byId } from '@/domain/ids'
import { tabLineTotal } from '@/domain/totals'
import type { ActiveTab, Article, Currency, TabItemRef, TabLine } from '@/domain/types'
import { Price } from '@/ui/price'
import { QuantityStepper } from '@/ui/quantity-stepper'
import { DeviationList } from './cart-lines.view'
import * as styles from './cart.css'
import { textValue } from '@/ui/text-value'

/** Props of {@link TabChooserView} and {@link AddedFromTabView}. */
export interface TabItemsViewProps {
  tab: ActiveTab
  /** Tab lines chosen into the cart ({id, count}). */
  tabItems: readonly TabItemRef[]
  currency: Currency
  /** The shop's articles by id: a tab line whose product came without a title is named by its article. */
  articles: Record<string, Article>
  /** Chooses `count` units of tab line `lineId` (capped at the tab count by the session). */
  onSetCount: (lineId: string, count: number) => void
}

/**
 * The open tab's lines not yet (fully) chosen into the cart (SPEC §2 "Cart page"): heading
 * 'Tab: {customerReference}', the instruction, and per line its title, deviations, unit price
 * and a stepper of the chosen units capped at the tab count. Renders nothing when every unit
 * is chosen.
 */
export function TabChooserView({ tab, tabItems, currency, articles, onSetCount }: TabItemsViewProps) {
  const open = tab.cart.filter((line) => chosenTabCount(line, tabItems) < line.count)
  if (open.length === 0) return null
  const reference = textValue(tab.customerReference)
  return (
    <section className={styles.section} aria-labelledby="tab-heading">
      <h2 id="tab-heading" className={styles.heading}>
        <Trans>Tab: {reference}</Trans>
      </h2>
      <p className={styles.instruction}>
        <Trans>Choose what you want to pay from the tab</Trans>
      </p>
      <ul className={styles.lines}>
        {open.map((line) => (
          <TabLineRow key={line.id} line={line} chosen={chosenTabCount(line, tabItems)} currency={currency} articles={articles} onSetCount={onSetCount} showUnitPrice />
        ))}
      </ul>
    </section>
  )
}

/** The tab lines chosen into the cart, with the chosen count and its total (SPEC §2 "added from tab"). */
export function AddedFromTabView({ tab, tabItems, currency, articles, onSetCount }: TabItemsViewProps) {
  const chosen = tab.cart.filter((line) => chosenTabCount(line, tabItems) > 0)
  if (chosen.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="added-from-tab-heading">
      <h2 id="added-from-tab-heading" className={styles.heading}>
        <Trans>Added from tab</Trans>
      </h2>
      <ul className={styles.lines}>
        {chosen.map((line) => (
          <TabLineRow key={line.id} line={line} chosen={chosenTabCount(line, tabItems)} currency={currency} articles={articles} onSetCount={onSetCount} showUnitPrice={false} />
        ))}
      </ul>
    </section>
  )
}

interface TabLineRowProps {
  line: TabLine
  chosen: number
  currency: Currency
  articles: TabItemsViewProps['articles']
  onSetCount: TabItemsViewProps['onSetCount']
  /** The chooser shows the unit price; the chosen list the total of the chosen units. */
  showUnitPrice: boolean
}

function TabLineRow({ line, chosen, currency, articles, onSetCount, showUnitPrice }: TabLineRowProps) {
  const { t } = useLingui()
  const title = tabLineTitle(line, articles) ?? t`Item on the tab`
  const left = line.count - chosen
  return (
    <li className={styles.line}>
      <div className={styles.info}>
        <span className={styles.title}>{title}</span>
        <DeviationList rows={line.deviations.map((d) => ({ name: d.name, count: 1, price: d.price }))} currency={currency} />
        {line.description.trim() !== '' && <p className={styles.note}>{line.description}</p>}
        {showUnitPrice && (
          <span className={styles.instruction}>
            <Trans>{left} left on the tab</Trans>
          </span>
        )}
      </div>
      <div className={styles.controls}>
        <QuantityStepper value={chosen} min={0} max={line.count} label={t`Quantity of ${title}`} onChange={(count) => onSetCount(line.id, count)} />
      </div>
      <Price className={styles.total} amount={showUnitPrice ? tabLineTotal(line, 1) : tabLineTotal(line, chosen)} currency={currency} />
    </li>
  )
}

/**
 * A tab line's name: the title the platform sent with its product, else its article's title (SPEC §3
 * gives the tab's product only a price, so a platform may send just its id). Null when neither is known.
 */
export function tabLineTitle(line: TabLine, articles: Record<string, Article>): string | null {
  if (line.product.title.trim() !== '') return line.product.title
  const id = line.product.id
  const article = id !== null ? byId(articles, id) : undefined
  return article?.title ?? null
}
