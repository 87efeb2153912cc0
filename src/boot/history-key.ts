/**
 * Gives the page's history entry the state TanStack Router's browser history gives an entry
 * without one (`__TSR_index`, `key` and `__TSR_key`, its own format), from the boot script
 * while the bundle downloads (issue 6): building the router then skips that
 * `history.replaceState`, 4-9 ms in Chromium on a page's first call, in the task that builds
 * it. An entry that has a key already is left alone: after a reload it keeps its key, and the
 * router its scroll position. `history-key.test.ts` checks the format against the library.
 */
export function keyHistoryEntry(history: History = window.history): void {
  const state = history.state as { __TSR_key?: unknown; key?: unknown } | null
  if (state?.__TSR_key || state?.key) return
  const key = (Math.random() + 1).toString(36).slice(7)
  history.replaceState({ __TSR_index: 0, key, __TSR_key: key }, '')
}
