/**
 * How an add-on's price is written beside its name (SPEC §3 Deviation: '+ price' above 0): the
 * sign and the amount to format, in minor units; a price off (below 0) as '−' and its size, since
 * the totals count it; null at 0, which shows no price. Only the popup, the cart lines and the
 * receipt ask, so it stays out of the menu's entry chunk.
 */
export function addOnPrice(price: number): { sign: '+' | '−'; amount: number } | null {
  if (price === 0) return null
  return price > 0 ? { sign: '+', amount: price } : { sign: '−', amount: -price }
}
