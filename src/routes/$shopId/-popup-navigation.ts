/**
 * The product popup's navigations (SPEC §2 "Product popup"): `?product=&item=` opens it over the
 * page it was opened from, and leaving them closes it. The page behind keeps its scroll position
 * (`resetScroll: false`): the router's default scrolls to the top, and a customer adding from the
 * bottom of the menu would lose the place. Spread into `navigate` on the menu and the cart page.
 */

/** Opens the popup for `productId`, editing the cart line `itemId` when given (pushes history). */
export function openPopup(productId: string, itemId?: string) {
  return { search: <S extends object>(prev: S) => ({ ...prev, product: productId, item: itemId }), resetScroll: false } as const
}

/** Closes the popup: its parameters leave the URL, replacing the history entry. */
export const closePopup = {
  search: <S extends object>(prev: S) => ({ ...prev, product: undefined, item: undefined }),
  replace: true,
  resetScroll: false,
} as const
