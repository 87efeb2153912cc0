import { formatMoney } from '@/domain/money'
import type { Currency } from '@/domain/types'

/** Props of {@link Price}. */
export interface PriceProps {
  /** Integer minor units (öre, cent). */
  amount: number
  currency: Currency
  className?: string
}

/** Money in sv-SE format whatever the language, e.g. `1 234,50 kr` (CONTRACT.md "Language"). */
export function Price({ amount, currency, className }: PriceProps) {
  return <span className={className}>{formatMoney(amount, currency)}</span>
}
