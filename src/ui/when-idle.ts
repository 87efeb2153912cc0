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
