/**
 * Selectors of the checkout's snapshot that only the lazily loaded cart page reads. They live
 * beside checkout.machine.ts, not in it: the machine is in the entry bundle, and an export
 * there stays in the entry even when only a lazy chunk imports it.
 */
import { shopStockShortfall, stockShortfall } from '../../src/domain/stock-shortfall'
import { customerFields, type Article, type ArticleStockErrors, type CartItem, type CustomerField } from '../../src/domain/types'
import { validateCustomer, type FieldError } from '../../src/domain/validation'
import type { CheckoutSnapshot } from './checkout.machine'

/**
 * The 'Your info' errors to show, by field (absent = none): the form's errors (the domain's
 * `validateCustomer`, the rule the checkout's `canPay` guard also uses) on the fields the
 * customer has left (`touched`, from `customer.blurred`), so an error shows only once its field
 * is touched (SPEC §5).
 */
export function fieldErrors(snapshot: CheckoutSnapshot): Partial<Record<CustomerField, FieldError>> {
  const { values, customerInputs, touched } = snapshot.context
  const errors = validateCustomer(values, customerInputs)
  const shown: Partial<Record<CustomerField, FieldError>> = {}
  for (const field of customerFields) if (touched[field] && errors[field]) shown[field] = errors[field]
  return shown
}

/**
 * Units short per article id (SPEC §4, §5, §8): `cart` (the session's, the lines on screen)
 * against the stock the checkout keeps from an OUT_OF_STOCK answer until the next start
 * (`articleStockErrors`), and against the shop's own stock in `articles` (a cart the platform
 * held over it), the larger of the two. Lowering one line clears only its own; empty when none
 * is short.
 */
export function stockShort(snapshot: CheckoutSnapshot, cart: readonly CartItem[], articles: Readonly<Record<string, Article>> = {}): ArticleStockErrors {
  const short = stockShortfall(cart, snapshot.context.articleStockErrors)
  for (const [id, missing] of Object.entries(shopStockShortfall(cart, articles))) short[id] = Math.max(short[id] ?? 0, missing)
  return short
}

/**
 * 'Articles are out of stock' shows beside the payment methods (SPEC §5, §8): some line of
 * `cart` is still over that stock, and no stopped start tells the failure itself.
 */
export function showsStockAlert(snapshot: CheckoutSnapshot, cart: readonly CartItem[]): boolean {
  return !snapshot.matches('stopped') && Object.keys(stockShort(snapshot, cart)).length > 0
}

/**
 * Equality for record selectors (`fieldErrors`, `stockShort` above, the session's
 * `lineCountCaps`), as `useSelector`'s
 * compare: the same keys with the same values, so a view re-renders only when what it shows
 * changes, not on every poll. Not `@xstate/react`'s `shallowEqual`: importing it puts it in
 * the entry bundle (docs/performance.md, "smaller equivalents in the entry").
 */
export function sameEntries<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[]
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}
