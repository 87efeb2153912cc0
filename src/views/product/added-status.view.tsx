import { useLingui } from '@lingui/react/macro'
import type { AddedLine } from '@machines/product-dialog/product-dialog.machine'
import { StatusLine } from '@/ui/status-line'

/** Props of {@link AddedStatusView}. */
export interface AddedStatusViewProps {
  /** The line the popup's last Add/Update put in the cart, or null (nothing to tell). */
  added: AddedLine | null
}

/**
 * The product popup's status line (SPEC §2 "Product popup"; WCAG 4.1.3): once Add or Update has
 * closed the popup, it tells what changed in the cart ('Added to cart: 2 × Latte', 'Cart
 * updated: 3 × Latte', 'Removed from cart: Latte'), since the only other sign is the count in the header. It is in the page
 * before it speaks and empties at the next opening, so the same Add again is told again.
 */
export function AddedStatusView({ added }: AddedStatusViewProps) {
  const { t } = useLingui()
  if (added === null) return <StatusLine />
  const { title, quantity } = added
  if (added.kind === 'add') return <StatusLine>{t`Added to cart: ${quantity} × ${title}`}</StatusLine>
  // Update at 0 takes the line out of the cart (SPEC §4 "Cart").
  return <StatusLine>{quantity === 0 ? t`Removed from cart: ${title}` : t`Cart updated: ${quantity} × ${title}`}</StatusLine>
}
