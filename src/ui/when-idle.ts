import { startTransition } from 'react'

/**
 * Longest wait for an idle moment (ms) before {@link whenIdle} runs its task anyway: on a busy
 * phone the deferred work still comes within a couple of seconds.
 */
export const IDLE_TIMEOUT_MS = 2000

/**
 * The wait for the first screen's largest image (see {@link holdIdleUntilPainted}): undefined
 * before the hold, null once released.
 */
let paintHold: Promise<void> | null | undefined

/**
 * Holds the page's idle work ({@link whenIdle}) until the element with `elementtiming={name}`
 * has been painted, at most `timeoutMs` milliseconds (issue 6: LCP). Called once, by the menu
 * as it commits its first image, the page's largest paint: the main thread is idle while that
 * frame is rastered and shown, and the chunks the idle work loaded there (checkout, HTTP
 * client, footer, popup) and the next cards' images counted in Lighthouse's simulated LCP,
 * +150-300 ms. Element Timing reports the paint once it is on screen; browsers without it
 * (Firefox, Safari) hold nothing. Later calls do nothing.
 */
export function holdIdleUntilPainted(name: string, timeoutMs = IDLE_TIMEOUT_MS): void {
  if (paintHold !== undefined || !(globalThis.PerformanceObserver as typeof PerformanceObserver | undefined)?.supportedEntryTypes?.includes('element')) return
  paintHold = new Promise<void>((resolve) => {
    const release = (): void => {
      observer.disconnect()
      clearTimeout(timer)
      paintHold = null
      resolve()
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === name)) release()
    })
    const timer = setTimeout(release, timeoutMs)
    observer.observe({ type: 'element', buffered: true })
  })
}

/**
 * Runs `task` when the browser is idle (at most `timeoutMs` later, by default
 * {@link IDLE_TIMEOUT_MS}), and not before the first screen's largest image has painted
 * ({@link holdIdleUntilPainted}); returns a cancel function. Browsers without
 * `requestIdleCallback` (Safari before 18) wait 200 ms. For work the current screen does not
 * need (issue 6: preloading, below-the-fold content). One default for every caller keeps the
 * menu's bundle a few bytes smaller than a constant each.
 */
export function whenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  let cancelled = false
  const run = (): void => {
    if (cancelled) return
    if (paintHold) void paintHold.then(run)
    else task()
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs })
  else window.setTimeout(run, 200)
  return () => {
    cancelled = true
  }
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
