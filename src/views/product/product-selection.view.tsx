import { useId, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { showsOutOfStock, unmetGroupIds, type ProductSelectionActor } from '@machines/product-selection/product-selection.machine'
import {
  countSelectedInGroup,
  formatMoney,
  groupHint,
  isOptionalSingleChoice,
  isSingleChoice,
  unitPrice,
  type GroupHint,
} from '@/domain'
import { byId } from '@/domain/ids'
import { articleTags } from '@/domain/menu'
import type { Currency, Deviation, DeviationGroup, Tag } from '@/domain/types'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Price } from '@/ui/price'
import { QuantityStepper } from '@/ui/quantity-stepper'
import { TextArea } from '@/ui/text-area'
import { pageHeadingProps } from '@/ui/route-focus'
import * as styles from './product-selection.css'
import { addOnPrice } from '@/domain/add-on-price'
import { formatCount } from '@/domain/count'

/** Where the selection is shown: the menu's popup (SPEC §2 "Product popup") or the product page. */
type ProductSelectionVariant = 'popup' | 'page'

/** Props of {@link ProductSelectionView}. */
export interface ProductSelectionViewProps {
  /** The running product selection (one popup opening or the product page). */
  selection: ProductSelectionActor
  /** The shop's deviations by id (names and prices in minor units). */
  deviations: Record<string, Deviation>
  /** The shop's tags by id. */
  tags: Record<string, Tag>
  currency: Currency
  /**
   * 'popup' (default): the dialog names the product, so no heading here; 300px image.
   * 'page': a level-2 heading (the shop layout owns the h1) with the title and the category name; without deviation
   * groups only a quantity stepper and Add (SPEC §2 "Product page").
   */
  variant?: ProductSelectionVariant
  /** Category name shown on the page variant; null when the article has none. */
  categoryName?: string | null
}

/**
 * One product with its choices (SPEC §2 "Product popup" / "Product page", §5 deviation and
 * stock rules): image, price, 'Out of stock' marker, tags, description, one fieldset per
 * deviation group with its hint (highlighted while outside its bounds), checkboxes (radios for
 * single-choice groups), the 'Allergies or requests' note, quantity (0 … remaining stock), the
 * total (unit price with deviations × quantity, minor units; not on a product page without
 * deviation groups, SPEC §2) and Add / Update. Add is enabled exactly when the machine accepts
 * `submit` (it refuses while a card payment holds the cart, SPEC §4 Card); while a group is
 * unmet (the machine's `unmetGroupIds`) 'Select all necessary add-ons' is shown beside it,
 * while held (the machine's `held`) why it waits, and when the edited cart line changed, went
 * or turned up while open (the machine's `cartNotice`) what the cart holds now.
 */
export function ProductSelectionView({ selection, deviations, tags, currency, variant = 'popup', categoryName = null }: ProductSelectionViewProps) {
  const snapshot = useSelector(selection, (s) => s)
  const { context } = snapshot
  const send = selection.send
  const { article, groups, maxQuantity, editing, quantity, selected, description, cartNotice, held } = context
  const idBase = useId()
  const outOfStockId = `${idBase}-out`
  const unmetId = `${idBase}-unmet`
  const stockId = `${idBase}-stock`
  const heldId = `${idBase}-held`
  const cartNoticeId = `${idBase}-cart`

  // The machine's rule: these groups are highlighted, and Add waits for them.
  const unmet = unmetGroupIds(snapshot)
  const canSubmit = snapshot.can({ type: 'submit' })
  const outOfStock = showsOutOfStock(snapshot)
  // 'Only N in stock' whenever a stock limit applies (SPEC §5, CONTRACT "Words and roles").
  const stockLimited = Number.isFinite(maxQuantity) && maxQuantity > 0
  const n = formatCount(maxQuantity)
  const count = cartNotice?.kind === 'lineRemoved' ? 0 : (cartNotice?.count ?? 0)
  const total = unitPrice(article, selected, deviations) * quantity
  const shownTags = articleTags(article, tags)
  // SPEC §2: the product page without deviation groups has a simple add control, no total;
  // it keeps the note, which CONTRACT.md "Words and roles" gives the product page too.
  const simple = variant === 'page' && groups.length === 0

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    send({ type: 'submit' })
  }

  const describedBy =
    [cartNotice ? cartNoticeId : null, unmet.length > 0 ? unmetId : null, outOfStock ? outOfStockId : null, held ? heldId : null].filter(Boolean).join(' ') || undefined

  return (
    <div className={styles.root[variant]}>
      {article.image && (
        <div className={styles.imageFrame[variant]}>
          <img
            className={styles.image[variant]}
            src={article.image}
            alt={article.title}
            width={variant === 'popup' ? 300 : 480}
            height={variant === 'popup' ? 300 : 480}
            decoding="async"
          />
        </div>
      )}
      <div className={styles.details}>
        <div className={styles.info}>
          {variant === 'page' && (
            <h2 {...pageHeadingProps} className={styles.title}>
              {article.title}
            </h2>
          )}
          {variant === 'page' && categoryName && <p className={styles.category}>{categoryName}</p>}
          <p className={styles.priceRow}>
            <Price className={styles.price} amount={article.price} currency={currency} />
            {outOfStock && (
              <span id={outOfStockId} className={styles.outOfStock}>
                <Trans>Out of stock</Trans>
              </span>
            )}
          </p>
          {shownTags.length > 0 && (
            <ul className={styles.tags}>
              {shownTags.map((tag) => (
                <li key={tag.id}>
                  <Badge label={tag.tag} color={tag.color} />
                </li>
              ))}
            </ul>
          )}
          {article.description && <p className={styles.description}>{article.description}</p>}
        </div>

        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          {groups.map((group) => (
            <DeviationGroupField
              key={group.id}
              group={group}
              selected={selected}
              satisfied={!unmet.includes(group.id)}
              deviations={deviations}
              currency={currency}
              name={`${idBase}-${group.id}`}
              canToggle={(deviationId) => snapshot.can({ type: 'deviation.toggled', groupId: group.id, deviationId })}
              onToggle={(deviationId) => send({ type: 'deviation.toggled', groupId: group.id, deviationId })}
              onClear={() => send({ type: 'group.cleared', groupId: group.id })}
            />
          ))}

          <NoteField value={description} onChange={(value) => send({ type: 'description.changed', value })} />

          <div className={styles.quantityRow}>
            <QuantityStepper
              value={quantity}
              min={0}
              max={Math.max(0, maxQuantity)}
              onChange={(value) => send({ type: 'quantity.set', value })}
            />
            {stockLimited && (
              <p id={stockId} className={styles.stockNote}>
                <Trans>Only {n} in stock</Trans>
              </p>
            )}
          </div>

          {!simple && (
            <p className={styles.total}>
              <span>
                <Trans>Total</Trans>
              </span>{' '}
              <Price amount={total} currency={currency} />
            </p>
          )}

          <div className={styles.actions}>
            {/* The edited line changed (or turned up) under the popup (SPEC §4 "Cart"): Update must not overwrite it unseen. */}
            {cartNotice && (
              <p id={cartNoticeId} role="status" className={styles.unmet}>
                {cartNotice.kind === 'lineChanged' ? (
                  <Trans>Your cart changed meanwhile: it now holds {count} of this item.</Trans>
                ) : cartNotice.kind === 'lineFound' ? (
                  <Trans>This item is already in your cart ({count}). Update replaces it with your choices.</Trans>
                ) : (
                  <Trans>This item was removed from your cart meanwhile. Add puts it back.</Trans>
                )}
              </p>
            )}
            {unmet.length > 0 && (
              <p id={unmetId} className={styles.unmet}>
                <Trans>Select all necessary add-ons</Trans>
              </p>
            )}
            {/* A status: the hold may begin with the popup open (a resumed payment checked after load). */}
            {held && (
              <p id={heldId} role="status" className={styles.unmet}>
                <Trans>Your card payment is being completed. You can change your order once it is done.</Trans>
              </p>
            )}
            <Button type="submit" fullWidth disabled={!canSubmit} aria-describedby={describedBy}>
              {editing ? <Trans>Update</Trans> : <Trans>Add</Trans>}
            </Button>
          </div>
        </form>
      </div>
    </div>
  )
}

interface NoteFieldProps {
  value: string
  onChange: (value: string) => void
}

/** The free-text note; its own component so `useLingui` gives a plain string label. */
function NoteField({ value, onChange }: NoteFieldProps) {
  const { t } = useLingui()
  return (
    <TextArea
      label={t`Allergies or requests`}
      value={value}
      rows={2}
      maxLength={500}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  )
}

interface DeviationGroupFieldProps {
  group: DeviationGroup
  selected: readonly string[]
  /** Within its bounds (the selection's `unmetGroupIds` leaves it out); otherwise highlighted. */
  satisfied: boolean
  deviations: Record<string, Deviation>
  currency: Currency
  /** Shared `name` of the group's inputs; unique per form so two popups never share radios. */
  name: string
  /** Whether the selection takes a click on this deviation now (the machine's `canToggle`). */
  canToggle: (deviationId: string) => boolean
  onToggle: (deviationId: string) => void
  /** 'None' chosen in a single-choice group without a minimum. */
  onClear: () => void
}

/**
 * One deviation group (CONTRACT "Product dialog"): a fieldset named by the group, its hint
 * linked as the description and shown in the danger colour while the group is outside its
 * bounds, and one checkbox (radio when single choice) per deviation the shop knows. A
 * single-choice group without a minimum ends with a 'None' radio, the only way to take a
 * choice back, since a radio cannot be unticked (SPEC §3 "Deviation group", §5).
 */
function DeviationGroupField({ group, selected, satisfied, deviations, currency, name, canToggle, onToggle, onClear }: DeviationGroupFieldProps) {
  const hintId = `${name}-hint`
  const hint = groupHint(group)
  const type = isSingleChoice(group) ? 'radio' : 'checkbox'
  const options = group.deviationIds.flatMap((id) => byId(deviations, id) ?? [])
  return (
    <fieldset
      className={[styles.group, !satisfied && styles.groupInvalid].filter(Boolean).join(' ')}
      aria-describedby={hint.kind === 'none' ? undefined : hintId}
      data-invalid={satisfied ? undefined : 'true'}
    >
      <legend className={styles.legend}>{group.name}</legend>
      {hint.kind !== 'none' && (
        <p id={hintId} className={[styles.hint, !satisfied && styles.hintInvalid].filter(Boolean).join(' ')}>
          <HintText hint={hint} />
        </p>
      )}
      <ul className={styles.options}>
        {options.map((deviation) => (
          <li key={deviation.id}>
            <label className={styles.option}>
              <input
                className={styles.optionInput}
                type={type}
                name={name}
                value={deviation.id}
                checked={selected.includes(deviation.id)}
                // At its maximum a group's unticked boxes are disabled: the machine refuses a tick there.
                disabled={!canToggle(deviation.id)}
                onChange={() => onToggle(deviation.id)}
              />
              <span className={styles.optionName}>{deviation.name}</span>{' '}
              <AddOnPriceText price={deviation.price} currency={currency} />
            </label>
          </li>
        ))}
        {isOptionalSingleChoice(group) && (
          <li>
            <label className={styles.option}>
              <input
                className={styles.optionInput}
                type="radio"
                name={name}
                value=""
                checked={countSelectedInGroup(group, selected) === 0}
                onChange={onClear}
              />
              <span className={styles.optionName}>
                <Trans>None</Trans>
              </span>
            </label>
          </li>
        )}
      </ul>
    </fieldset>
  )
}

/** The hint words of SPEC §5 ('Choose exactly N', 'Choose N–M', 'Choose at least N', 'Choose at most N'). */
function HintText({ hint }: { hint: Exclude<GroupHint, { kind: 'none' }> }) {
  switch (hint.kind) {
    case 'exact': {
      const n = hint.count
      return <Trans>Choose exactly {n}</Trans>
    }
    case 'range': {
      const { min, max } = hint
      return <Trans>Choose {min}–{max}</Trans>
    }
    case 'min': {
      const n = hint.min
      return <Trans>Choose at least {n}</Trans>
    }
    case 'max': {
      const n = hint.max
      return <Trans>Choose at most {n}</Trans>
    }
  }
}

/** An add-on's price beside its name, as {@link addOnPrice} writes it; nothing at 0. */
function AddOnPriceText({ price, currency }: { price: number; currency: Currency }) {
  const shown = addOnPrice(price)
  return shown && <span className={styles.optionPrice}>{`${shown.sign} ${formatMoney(shown.amount, currency)}`}</span>
}
