/**
 * Money display (SPEC §3 "Money", §9). Amounts are integers in minor units (öre, cent);
 * both supported currencies have two decimals, so a minor unit is 1/100 of the major one.
 */
import type { Currency } from './types'

/** Currency shown before the shop has loaded (SPEC §3 "Money"). */
export const DEFAULT_CURRENCY: Currency = 'SEK'

const MINOR_UNITS_PER_MAJOR = 100

// Building an Intl.NumberFormat is costly compared to format(); prices are formatted in long lists.
const formatters = new Map<Currency, Intl.NumberFormat>()

function formatterFor(currency: Currency): Intl.NumberFormat {
  let f = formatters.get(currency)
  if (f === undefined) {
    f = new Intl.NumberFormat('sv-SE', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set(currency, f)
  }
  return f
}

/**
 * Formats an amount in minor units as sv-SE money with two decimals and the currency,
 * whatever the UI language (CONTRACT "Language"): `123450, 'SEK'` → `1 234,50 kr`,
 * `1250, 'EUR'` → `12,50 €`. Intl's output is kept as is: the group separator and the space
 * before the symbol are no-break spaces (U+00A0) and negatives use the minus sign U+2212.
 * SPEC §3 "Money", §9.
 * @param amount minor units; negative amounts are shown with a minus sign.
 * @throws RangeError when `amount` is NaN or infinite.
 */
export function formatMoney(amount: number, currency: Currency): string {
  if (!Number.isFinite(amount)) throw new RangeError(`formatMoney: not a finite amount: ${amount}`)
  // `+ 0` turns -0 into 0, so a zero total never shows as "−0,00 kr".
  return formatterFor(currency).format(amount / MINOR_UNITS_PER_MAJOR + 0)
}
