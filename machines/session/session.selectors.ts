/**
 * Selectors of the session's snapshot that only the lazily loaded cart page reads. They live
 * beside session.machine.ts, not in it: the machine is in the entry bundle, and an export there
 * stays in the entry even when only a lazy chunk imports it.
 */
import { lineCountCap } from '../../src/domain/stock'
import { byId } from '../../src/domain/ids'
import type { SessionSnapshot } from './session.machine'

/**
 * The highest count each cart line can be set to (by line id): the cap `cart.setCount` applies
 * (SPEC §4 "item count capped by remaining stock", §5), so the cart page's '+' stops where the
 * session would. A line whose article the shop no longer has cannot grow: the platform would
 * refuse it (its own count).
 */
export function lineCountCaps(snapshot: SessionSnapshot): Record<string, number> {
  const { cart, articles } = snapshot.context
  const caps: Record<string, number> = {}
  for (const line of cart) {
    const article = byId(articles, line.productId)
    caps[line.id] = article ? lineCountCap(article, cart, line) : line.count
  }
  return caps
}
