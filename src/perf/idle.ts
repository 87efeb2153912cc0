/**
 * Idle loading: work the first screen does not need waits for the browser's first idle moment.
 *
 * Why: the menu's entry chunk holds only what the first screen needs; the footer, the product
 * popup, the payment calls' code and the menu's later batches start once the browser
 * is idle (and the first image has painted, ./paint-hold), so they neither delay the first
 * render nor share the bandwidth with the first screen's image (docs/performance.md, "idle
 * loading"). Their first render runs in a transition, which React slices into short tasks.
 *
 * Remove when: the bench's LCP, TBT and JS-before-the-menu figures stay within their targets and
 * run-to-run spread with the deferred parts loaded and rendered with the first screen.
 */
import { startTransition, useEffect, useState } from 'react'
import { heldUntilPainted } from './paint-hold'

/**
 * Longest wait for an idle moment (ms) before {@link whenIdle} runs its task anyway: on a busy
 * phone the deferred work still comes within a couple of seconds.
 */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `task` when the browser is idle (at most `timeoutMs` later, by default
 * {@link IDLE_TIMEOUT_MS}), and not before the first screen's largest image has painted
 * (`holdIdleUntilPainted`); returns a cancel function. Browsers without `requestIdleCallback`
 * (Safari before 18) wait 200 ms. For work the current screen does not need (preloading,
 * below-the-fold content).
 */
export function whenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  let cancelled = false
  const run = (): void => {
    if (cancelled) return
    const hold = heldUntilPainted()
    if (hold) void hold.then(run)
    else task()
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs })
  else window.setTimeout(run, 200)
  return () => {
    cancelled = true
  }
}

/**
 * Longest wait (ms) of {@link nextIdle}: a step of a long job still comes on a busy page.
 */
const STEP_IDLE_TIMEOUT_MS = 500

/**
 * Runs `task` at the browser's next idle moment (at most `timeoutMs` later, by default 500 ms),
 * without the first image's paint hold of {@link whenIdle}; returns a cancel function. Browsers
 * without `requestIdleCallback` run it in a task of its own. For the steps of a long job that
 * has started already (the menu's later batches): between two steps, idle work queued
 * meanwhile runs in its turn, and React renders what it had to leave for later.
 */
export function nextIdle(task: () => void, timeoutMs = STEP_IDLE_TIMEOUT_MS): () => void {
  let cancelled = false
  const run = (): void => {
    if (!cancelled) task()
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs })
  else window.setTimeout(run, 0)
  return () => {
    cancelled = true
  }
}

/**
 * Once the browser is idle ({@link whenIdle}), starts `load` (a lazy component's import) and,
 * when it has settled either way, runs `show` in a transition; returns a cancel function.
 * For a lazy part of the page mounted after the first screen: its chunk's preload runs in the
 * idle task rather than inside a render, and its first render is one React can slice into
 * short tasks, where a plain state update rendered it in one blocking task. A load that failed
 * still shows: the lazy component then throws its error as it would have.
 * @internal exported for its tests
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

/**
 * For a component that mounts a lazy part once the page is idle (the shop's footer, the
 * product popup): false until `load` has settled after the browser's first idle moment
 * ({@link whenIdleLoaded}), then true, set in a transition. `load` is read on mount only.
 */
export function useIdleLoaded(load: () => Promise<unknown>): boolean {
  const [loaded, setLoaded] = useState(false)
  // The first `load` only: a caller's inline function must not restart the wait on every render.
  const [firstLoad] = useState(() => load)
  useEffect(() => whenIdleLoaded(firstLoad, () => setLoaded(true)), [firstLoad])
  return loaded
}
