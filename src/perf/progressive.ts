/**
 * Progressive batches: a long list (the menu's articles) renders a first batch at once and the
 * rest in small transitions.
 *
 * Why: rendering and committing hundreds of cards in one go is one long task on a phone (Total
 * Blocking Time, and a tap during it waits); the first screen needs a handful of cards, and the
 * cards below it loaded their images alongside the bundle (docs/performance.md, "progressive
 * batches").
 *
 * Remove when: rendering the largest menu in one commit stays under ~50 ms at 4× CPU.
 */
import { startTransition, useCallback, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import { nextIdle, whenIdle } from './idle'

/** Batch sizes of {@link useProgressiveLimit}, in items (menu articles). */
export interface ProgressiveBatches {
  /** A list of at most this many items renders whole in the first commit. */
  whole: number
  /** Items in the first commit of a longer list: enough to fill a large first screen. */
  first: number
  /** Items added by each later transition. */
  step: number
}

/**
 * Articles in the first commit and per later batch. The first batch fills a phone's first
 * screen (three cards below the header) twice over, and no more: a larger one is a longer first
 * task, and the cards below the first screen would load their images alongside the bundle. A
 * desktop's fills in with the next batches moments later. A batch is small enough that a tap
 * during the progressive render waits for one short commit at most, and large enough that
 * waiting for an idle moment before each does not drag out a long menu (docs/performance.md,
 * "progressive batches").
 * A café's menu of up to 48 articles is shown whole at once: one commit of 48 cards costs about
 * 17 ms more than one of 6 at 4× CPU (docs/performance.md, technique 14), and a menu that is all
 * there from its first paint is one a screen reader's or the browser's find reads in full.
 */
export const MENU_BATCHES: ProgressiveBatches = { whole: 48, first: 6, step: 20 }

/** What {@link useProgressiveLimit} returns. */
export interface ProgressiveLimit {
  /** How many of the `total` items to render now (0 … total). */
  limit: number
  /**
   * Renders at least `count` items synchronously (`flushSync`) before returning, e.g. so an
   * anchor click can scroll to a category that was not rendered yet. Must not be called
   * during render.
   */
  showAtLeast: (count: number) => void
}

/**
 * Renders a long list progressively (SPEC §2 "Menu page" on a cheap phone): a list of at most
 * `batches.whole` items at once; of a longer one, the first `batches.first` items in the first
 * commit, then `batches.step` more after each commit, each step in a `startTransition` so React
 * time-slices it and any tap or keypress goes first.
 * The first later batch waits until the browser is idle (`whenIdle`, 2 s at most),
 * that is until the first screen has painted (not when `initialAtLeast` raised the first
 * commit: a `#category-…` arrival renders on at the next idle moment), so the images of the
 * cards below it (lazy, but within the browser's loading distance) do not share the phone's
 * bandwidth with the app's bundle and the first screen's image (Lighthouse counts them in its
 * LCP estimate). Each further batch waits for the next idle moment (`nextIdle`): run back to
 * back, the batches would keep the main thread busy until the whole list was there, holding
 * back idle work queued meanwhile (the footer, the product popup) and the render of their
 * suspended parts.
 * When `total` grows, the limit carries on from where it was; it never shrinks below what has
 * been shown, so a re-render never unmounts cards. `initialAtLeast` raises the first commit,
 * e.g. up to the category a `#category-…` link on arrival points at.
 */
export function useProgressiveLimit(total: number, batches: ProgressiveBatches = MENU_BATCHES, initialAtLeast = 0): ProgressiveLimit {
  const { whole, first, step } = batches
  const [limit, setLimit] = useState(() => (total <= whole ? total : Math.max(first, initialAtLeast)))
  // On the numbers, not the object: a caller's inline `{ first, step }` must not cancel and
  // re-register the idle wait on every render.
  useEffect(() => {
    if (limit >= total) return
    const next = () => startTransition(() => setLimit((shown) => Math.min(total, Math.max(shown, limit) + step)))
    return limit === first ? whenIdle(next) : nextIdle(next)
  }, [limit, total, first, step])
  const showAtLeast = useCallback(
    (count: number) => {
      flushSync(() => setLimit((shown) => Math.max(shown, Math.min(total, count))))
    },
    [total],
  )
  return { limit: Math.min(limit, total), showAtLeast }
}
