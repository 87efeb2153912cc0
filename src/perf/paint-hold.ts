/**
 * Paint hold: idle work waits until the menu's first image is on screen.
 *
 * Why: the main thread goes idle while the frame with the page's largest image is rastered and
 * shown; lazy chunks (checkout, HTTP client, footer, popup) and the next cards' images requested
 * in that moment shared the phone's bandwidth with that image and counted in Lighthouse's
 * simulated LCP (docs/performance.md, "paint hold").
 *
 * Remove when: the bench's LCP on /bigmenu and /megamenu stays within its run-to-run spread
 * without it (for example once no lazy chunk is requested at the first idle moment), or when
 * Lighthouse's LCP no longer counts requests started after the LCP element's paint.
 */

/**
 * Longest hold (ms), counted from the menu route's start, so it covers the shop's answer too:
 * on a page whose image never paints, idle work still runs.
 */
const PAINT_HOLD_TIMEOUT_MS = 4000

/** The wait for the held element's paint: undefined before the hold, null once released. */
let paintHold: Promise<void> | null | undefined

/** Ends the hold at once; set by {@link holdIdleUntilPainted} while it waits. */
let releaseHold: (() => void) | undefined

/**
 * Holds the page's idle work (`whenIdle` in ./idle) until the element with
 * `elementtiming={name}` has been painted, at most `timeoutMs` milliseconds, or until
 * {@link releaseIdleHold}. Called by the menu's route as it starts loading, before the shop has
 * answered: an idle moment while the answer is out must not start lazy chunks either. Element
 * Timing reports the paint once it is on screen; browsers without it (Firefox, Safari) hold
 * nothing. Only the first call holds; later ones do nothing.
 */
export function holdIdleUntilPainted(name: string, timeoutMs = PAINT_HOLD_TIMEOUT_MS): void {
  if (paintHold !== undefined || !(globalThis.PerformanceObserver as typeof PerformanceObserver | undefined)?.supportedEntryTypes?.includes('element')) return
  paintHold = new Promise<void>((resolve) => {
    const release = (): void => {
      observer.disconnect()
      clearTimeout(timer)
      paintHold = null
      releaseHold = undefined
      resolve()
    }
    releaseHold = release
    // Element Timing's entries (PerformanceElementTiming) are not in TypeScript's DOM types yet.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { identifier?: string }).identifier === name)) release()
    })
    const timer = setTimeout(release, timeoutMs)
    observer.observe({ type: 'element', buffered: true })
  })
}

/**
 * Ends a waiting hold now: the page it was set for shows no such element (a closed shop, a
 * menu without images, an error). Does nothing when nothing is held.
 */
export function releaseIdleHold(): void {
  releaseHold?.()
}

/** The hold still waiting for its paint, or null when there is none (never held, or released). */
export function heldUntilPainted(): Promise<void> | null {
  return paintHold ?? null
}
