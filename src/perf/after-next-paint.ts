/**
 * Paint first: the visible answer to a tap (the pressed card, the closed popup) paints before
 * the work it starts (the router's update, the cart change and all they re-render).
 *
 * Why: on a slow phone the menu's re-render after a URL or cart change is long; done in the
 * tap's own task it lengthens the interaction the bench and INP measure
 * (docs/performance.md, "tap paints first"). The product popup's machines wait for a paint
 * through {@link nextPaintActor}, a named actor, so the wait is a state the inspector shows.
 *
 * Remove when: open and Add stay within the bench's targets and run-to-run spread with the work
 * done in the tap's task.
 */
import { fromPromise } from 'xstate'

/**
 * Runs `task` once the browser has painted the next frame. Work that is not the visible answer
 * to a tap (updating the cart after the popup closed, say) then no longer delays that answer's
 * paint (interaction latency). `requestAnimationFrame` runs just before a paint; a timeout
 * queued from it runs after. Where frames are not produced (a hidden tab, jsdom without
 * layout) a plain timeout of at most `fallbackMs` (milliseconds) runs the task instead.
 * The task runs exactly once, unless the returned function cancels it first.
 * @internal exported for its tests
 */
export function afterNextPaint(task: () => void, fallbackMs = 100): () => void {
  let done = false
  let frame: number | undefined
  let afterFrame: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (done) return
    done = true
    task()
  }
  const fallback = setTimeout(run, fallbackMs)
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      clearTimeout(fallback)
      afterFrame = setTimeout(run, 0)
    })
  }
  return () => {
    done = true
    clearTimeout(fallback)
    clearTimeout(afterFrame)
    if (frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame)
  }
}

/**
 * The live `nextPaint` actor of the popup machines (`productOpener`, `productDialog`): resolves
 * once the next frame has painted (see {@link afterNextPaint}); stopping the actor cancels the
 * wait. Tests provide an actor that resolves at once instead.
 */
export const nextPaintActor = fromPromise<void, void>(
  ({ signal }) =>
    new Promise<void>((resolve) => {
      const cancel = afterNextPaint(resolve)
      signal.addEventListener('abort', cancel, { once: true })
    }),
)
