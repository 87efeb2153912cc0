import { startTransition } from 'react'

/**
 * Longest wait for an idle moment (ms) before {@link whenIdle} runs its task anyway: on a busy
 * phone the deferred work still comes within a couple of seconds.
 */
export const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `task` when the browser is idle (at most `timeoutMs` milliseconds later, by default
 * {@link IDLE_TIMEOUT_MS}); returns a cancel function. Browsers without `requestIdleCallback`
 * (Safari before 18) wait 200 ms. For work the current screen does not need (issue 6:
 * preloading, below-the-fold content). One default for every caller keeps the menu's bundle
 * a few bytes smaller than a constant each.
 */
export function whenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, 200)
  return () => window.clearTimeout(id)
}

/**
 * Once the browser is idle ({@link whenIdle}), starts `load` (a lazy component's import) and,
 * when it has settled either way, runs `show` in a transition; returns a cancel function.
 * For a lazy part of the page mounted after the first screen (issue 6): its chunk's preload
 * runs in the idle task rather than inside a render, and its first render is one React can
 * slice into short tasks, where a plain state update rendered it in one blocking task. A load
 * that failed still shows: the lazy component then throws its error as it would have.
 */
export function whenIdleLoaded(load: () => Promise<unknown>, show: () => void): () => void {
  let cancelled = false
  const cancelIdle = whenIdle(() => {
    const reveal = () => {
      if (!cancelled) startTransition(show)
    }
    load().then(reveal, reveal)
  })
  return () => {
    cancelled = true
    cancelIdle()
  }
}
