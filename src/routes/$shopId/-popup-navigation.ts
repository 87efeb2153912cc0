import type { AnyRouter } from '@tanstack/react-router'

/**
 * The product popup's navigations (SPEC §2 "Product popup"): `?product=&item=` opens it over the
 * page it was opened from, and leaving them closes it. The page behind keeps its scroll position
 * (`resetScroll: false`): the router's default scrolls to the top, and a customer adding from the
 * bottom of the menu would lose the place. Spread into `navigate` on the menu and the cart page.
 */

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The popup's entry was pushed by this page over the one before it (TanStack Router's public HistoryState). */
    popupOverPage?: true
  }
}

/** Opens the popup for `productId`, editing the cart line `itemId` when given (pushes history). */
export function openPopup(productId: string, itemId?: string) {
  return { search: <S extends object>(prev: S) => ({ ...prev, product: productId, item: itemId }), state: { popupOverPage: true }, resetScroll: false } as const
}

/** The popup's parameters leave the URL, replacing the history entry. */
const replacePopup = {
  search: <S extends object>(prev: S) => ({ ...prev, product: undefined, item: undefined }),
  replace: true,
  resetScroll: false,
} as const

/**
 * Closes the popup. One this page pushed goes back to the entry it was opened over, so opening
 * and closing leave no second copy of the page in history (Back then leaves the page, as the
 * customer expects); one opened by its URL (a shared link, a reload of it elsewhere) replaces its
 * parameters away, never leaving the shop.
 */
export function closePopup(router: Pick<AnyRouter, 'state' | 'history'>, navigate: (options: typeof replacePopup) => unknown): void {
  if (router.state.location.state.popupOverPage) router.history.back()
  else void navigate(replacePopup)
}
