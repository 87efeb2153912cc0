/**
 * Counts shown to the customer (SPEC §9: numbers in sv-SE whatever the language): units in
 * stock, and a receipt row's count and size. Kept out of `money.ts`, which is in the menu's
 * entry chunk, since only later pages show counts this large.
 */
const countFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 3 })

/** `12000` → '12 000' (a no-break space), `1.5` → '1,5', `-1` → '−1'. */
export function formatCount(count: number): string {
  return countFormat.format(count)
}
