/**
 * Route focus: where focus goes when the page changes under the customer (SPEC §2 routes,
 * CONTRACT.md "Accessibility", WCAG 2.4.3): the new page's heading, the usual pattern of a
 * single-page app. Without it the press that changed the page leaves focus on `<body>`, and a
 * keyboard or screen reader user starts over from the top. The heading shows a focus ring only
 * when the browser's `:focus-visible` says so (after a key press), as every element does here.
 */
import type { AnyRouter, RouterHistory } from '@tanstack/react-router'

/** What {@link focusHeadingOnPageChange} needs of the router: its history and its events. */
export interface RouteFocusRouter {
  history: Pick<RouterHistory, 'subscribe'>
  subscribe: AnyRouter['subscribe']
}

/**
 * Spread on a page's own heading (SPEC §2: the cart, a product page, the refund policy): route
 * focus, and focus whose control went away, land there; Tab passes it by.
 */
export const pageHeadingProps = { tabIndex: -1, 'data-page-heading': '' } as const

/**
 * The heading that names the page now, focusable by script: the page's own heading
 * ({@link pageHeadingProps}) in `<main>`, else an h1 in `<main>` (a receipt), else the
 * document's h1 (the shop's title on the menu, a not-found page). Null when there is none.
 */
export function pageHeading(doc: Document = document): HTMLElement | null {
  const heading =
    doc.querySelector<HTMLElement>('main [data-page-heading]') ?? doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1')
  // An h1 that does not say so itself takes focus by script only, as a marked heading does.
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
  return heading
}

/**
 * Moves focus to the new page's {@link pageHeading} after each page change that adds or walks a
 * history entry (SPEC §2 routes): a link, a button that navigates, Back or Forward, the receipt
 * after a payment; once the new page has rendered. Not on the first load, not when only the
 * query changes (the product popup's `?product=`, whose dialog keeps focus; a language in
 * `?lang=`), not for a replaced entry (a redirect, a query cleaned up), and not when the
 * customer moved focus meanwhile. The page's scroll stays as the router set it. Returns the
 * unsubscribe.
 */
export function focusHeadingOnPageChange(router: RouteFocusRouter, doc: Document = document): () => void {
  // What had focus as the last history entry came, and whether it replaced the one before.
  let before: Element | null = null
  let replaced = true
  const stopHistory = router.history.subscribe(({ action }) => {
    replaced = action.type === 'REPLACE'
    before = doc.activeElement
  })
  const stopRouter = router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
    const active = doc.activeElement
    if (fromLocation && pathChanged && !replaced && (active === before || active === doc.body || active === null)) {
      pageHeading(doc)?.focus({ preventScroll: true })
    }
  })
  return () => {
    stopHistory()
    stopRouter()
  }
}
