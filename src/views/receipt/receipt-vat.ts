import { receiptLineTotal, vatOfGross } from '@/domain/totals'
import type { Receipt } from '@/domain/types'

/** VAT of one rate on a receipt: `rate` in percent, `amount` in minor units. */
export interface VatRow {
  rate: number
  amount: number
}

/**
 * The receipt's VAT split by rate, lowest rate first (SPEC §2 "Receipt page": VAT part, §9 VAT
 * formula). Each line's VAT is rounded on its own, as `receiptTotals` does, so the rows always
 * add up to its `totalTax`.
 */
export function vatRows(receipt: Pick<Receipt, 'products'>): VatRow[] {
  const byRate = new Map<number, number>()
  for (const p of receipt.products) {
    byRate.set(p.tax, (byRate.get(p.tax) ?? 0) + vatOfGross(receiptLineTotal(p), p.tax))
  }
  return [...byRate].map(([rate, amount]) => ({ rate, amount })).sort((a, b) => a.rate - b.rate)
}
