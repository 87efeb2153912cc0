/**
 * Runs `task` when the browser is idle (at most `timeoutMs` milliseconds later); returns a
 * cancel function. Browsers without `requestIdleCallback` (Safari before 18) wait 200 ms.
 * For work the current screen does not need (issue 6: preloading, below-the-fold content).
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, 200)
  return () => window.clearTimeout(id)
}
