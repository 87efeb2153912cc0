/**
 * Resolves in a task of its own, so that a long piece of work awaiting it in turns lets the
 * browser paint and handle input in between (issue 6: Total Blocking Time). Uses
 * `scheduler.yield()` where there is one (Chromium 129+: the rest of the work goes before
 * other queued tasks), otherwise a message to a MessageChannel (no 4 ms clamp like nested
 * timeouts), otherwise a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve()
      }
      channel.port2.postMessage(null)
    })
  }
  return new Promise((resolve) => setTimeout(resolve, 0))
}
