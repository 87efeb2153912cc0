import { startTransition, useCallback, useEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/** Batch sizes of {@link useProgressiveLimit}, in items (menu articles). */
export interface ProgressiveBatches {
  /** Items in the first commit: enough to fill a large first screen. */
  first: number
  /** Items added by each later transition. */
  step: number
}

/**
 * Articles in the first commit and per later batch (issue 6). The first batch fills a phone's
 * first screen several times over and most of a desktop's; a batch of 10 cards renders and
 * commits in about 10 ms on a mid-range laptop, so even at 4× CPU slowdown no task of the
 * progressive render counts towards Lighthouse's Total Blocking Time, and a tap during it
 * waits for one small batch at most.
 */
export const MENU_BATCHES: ProgressiveBatches = { first: 16, step: 10 }

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
 * Renders a long list progressively (issue 6, SPEC §2 "Menu page" on a cheap phone): the first
 * `batches.first` items in the first commit, then `batches.step` more after each commit, each
 * step in a `startTransition` so React time-slices it and any tap or keypress goes first.
 * When `total` grows, the limit carries on from where it was; it never shrinks below what has
 * been shown, so a re-render never unmounts cards. `initialAtLeast` raises the first commit,
 * e.g. up to the category a `#category-…` link on arrival points at.
 */
export function useProgressiveLimit(total: number, batches: ProgressiveBatches = MENU_BATCHES, initialAtLeast = 0): ProgressiveLimit {
  const [limit, setLimit] = useState(() => Math.min(total, Math.max(batches.first, initialAtLeast)))
  useEffect(() => {
    if (limit >= total) return
    startTransition(() => setLimit((shown) => Math.min(total, Math.max(shown, limit) + batches.step)))
  }, [limit, total, batches.step])
  const showAtLeast = useCallback(
    (count: number) => {
      flushSync(() => setLimit((shown) => Math.max(shown, Math.min(total, count))))
    },
    [total],
  )
  return { limit: Math.min(limit, total), showAtLeast }
}
