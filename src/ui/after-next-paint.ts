/**
 * Runs `task` once the browser has painted the next frame (issue 6: interaction latency). Work
 * that is not the visible answer to a tap (updating the cart after the popup closed, say) then
 * no longer delays that answer's paint. `requestAnimationFrame` runs just before a paint; a
 * timeout queued from it runs after. Where frames are not produced (a hidden tab, jsdom without
 * layout) a plain timeout of at most `fallbackMs` (milliseconds) runs the task instead.
 * The task runs exactly once.
 */
export function afterNextPaint(task: () => void, fallbackMs = 100): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    task()
  }
  const fallback = setTimeout(run, fallbackMs)
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => {
      clearTimeout(fallback)
      setTimeout(run, 0)
    })
  }
}
