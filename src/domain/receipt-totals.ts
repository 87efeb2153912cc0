/**
 * A receipt's sums (SPEC §2 "Receipt page", §3 "Receipt" computed fields, §9). Amounts are
 * integers in minor units, VAT included. Only the receipt page imports this, so it stays out of
 * the menu's entry chunk, where `totals.ts` is.
 */
import type { Receipt, ReceiptProduct } from './types'

/**
 * Total of one receipt line in minor units (SPEC §9): (price + Σ deviation price × count) ×
 * count × sizeOfItem, then the discount. PERCENTAGE multiplies by (1 − amount/100); AMOUNT
 * subtracts minor units but never past 0 (on a negative, returned line it moves towards 0
 * likewise). Rounded to whole minor units with Math.round.
 */
export function receiptLineTotal(p: ReceiptProduct): number {
  const unit = p.price + p.deviations.reduce((sum, d) => sum + d.price * d.count, 0)
  const gross = unit * p.count * p.sizeOfItem
  let total = gross
  if (p.discount?.type === 'PERCENTAGE') {
    total = gross * (1 - p.discount.amount / 100)
  } else if (p.discount?.type === 'AMOUNT') {
    total = Math.sign(gross) * Math.max(0, Math.abs(gross) - p.discount.amount)
  }
  return Math.round(total) + 0
}

/**
 * The VAT part of a VAT-included amount (SPEC §9): gross × (1 − 1/((tax + 100)/100)),
 * rounded to whole minor units. `vatOfGross(12500, 25)` → 2500.
 * @param gross minor units, VAT included.
 * @param taxPercent VAT percent, e.g. 12 or 25.5.
 * @internal exported for its unit tests (knip --production)
 */
export function vatOfGross(gross: number, taxPercent: number): number {
  return Math.round(gross * (1 - 1 / ((taxPercent + 100) / 100))) + 0
}

/** VAT of one rate on a receipt: `rate` in percent, `amount` in minor units. */
export interface VatRow {
  rate: number
  amount: number
}

/**
 * The receipt's VAT split by rate, lowest rate first (SPEC §2 "Receipt page": VAT part, §9 VAT
 * formula). Each rate's VAT is taken from the sum of its lines and rounded once, so it is the
 * VAT of what the customer paid at that rate: rounding each line first drifts by up to half a
 * minor unit per line (60 lines of 3,33 kr at 25 % would show 40,20 kr instead of 39,96 kr).
 */
export function vatRows(receipt: Pick<Receipt, 'products'>): VatRow[] {
  const grossByRate = new Map<number, number>()
  for (const p of receipt.products) grossByRate.set(p.tax, (grossByRate.get(p.tax) ?? 0) + receiptLineTotal(p))
  return [...grossByRate].map(([rate, gross]) => ({ rate, amount: vatOfGross(gross, rate) })).sort((a, b) => a.rate - b.rate)
}

/** Receipt sums in minor units (SPEC §3 "Receipt" computed fields). */
export interface ReceiptTotals {
  /** Σ line totals, VAT included. */
  total: number
  /** Σ of the {@link vatRows}, each rate's VAT rounded once. */
  totalTax: number
  /** total − totalTax. */
  netTotal: number
}

/** Computes a receipt's total, VAT part and net from its lines (SPEC §2 "Receipt page", §9). */
export function receiptTotals(r: Pick<Receipt, 'products'>): ReceiptTotals {
  const total = r.products.reduce((sum, p) => sum + receiptLineTotal(p), 0)
  const totalTax = vatRows(r).reduce((sum, row) => sum + row.amount, 0)
  return { total, totalTax, netTotal: total - totalTax }
}
