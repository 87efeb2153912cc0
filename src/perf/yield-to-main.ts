/**
 * Resolves in a task of its own, so that a long piece of work awaiting it in turns lets the
 * browser paint and handle input in between (Total Blocking Time). Uses
 * `scheduler.yield()` where there is one (Chromium 129+, Firefox 142+: the rest of the work
 * goes before other queued tasks), otherwise a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))
}
