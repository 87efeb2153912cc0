/**
 * Requests started while the app boots, before React renders (issue 6: on a shop URL the shop
 * and session answers are on their way while the bundle finishes its work and the language
 * catalog loads, instead of only after the first render). Each request can only answer the
 * first call that asks for its key: that call takes it, and every later call (a retry, a
 * poll) goes to the network as usual. A request started after its key was first asked for is
 * never handed out: the boot script is an async module and can run after the app's first
 * calls, and its answer, older than the cart change that followed, must not reach a later
 * poll. A request nobody takes within `maxAgeMs` is forgotten.
 */
export interface BootPrefetch {
  /**
   * Starts `request` now under `key`, unless one is already waiting under that key or the key
   * was asked for already (by {@link take}): then the request is not sent at all.
   */
  start<T>(key: string, request: () => Promise<T>): void
  /**
   * The waiting request under `key`, removed so it is used at most once; `undefined` when
   * there is none (never started, already taken, or older than `maxAgeMs`). Marks `key` as
   * asked for either way, so a request started for it later is never sent. It settles as the
   * request did: a failure reaches the caller like any failed call.
   */
  take<T>(key: string): Promise<T> | undefined
}

/** Options of {@link createBootPrefetch}. */
export interface BootPrefetchOptions {
  /** How long an untaken request stays usable, in milliseconds; default 10000. */
  maxAgeMs?: number
  /** Clock in milliseconds; tests pass a fake. Default `Date.now`. */
  now?: () => number
}

/** Creates an empty {@link BootPrefetch}. */
export function createBootPrefetch(options: BootPrefetchOptions = {}): BootPrefetch {
  const maxAgeMs = options.maxAgeMs ?? 10_000
  const now = options.now ?? Date.now
  const waiting = new Map<string, { promise: Promise<unknown>; startedAt: number }>()
  const askedFor = new Set<string>()
  return {
    start(key, request) {
      if (askedFor.has(key)) return
      const existing = waiting.get(key)
      if (existing && now() - existing.startedAt <= maxAgeMs) return
      let promise: Promise<unknown>
      try {
        promise = request()
      } catch (err) {
        promise = Promise.reject(err)
      }
      // Not taken is not an error: the caller that takes it handles the failure.
      promise.catch(() => undefined)
      waiting.set(key, { promise, startedAt: now() })
    },
    take<T>(key: string) {
      askedFor.add(key)
      const entry = waiting.get(key)
      if (!entry) return undefined
      waiting.delete(key)
      return now() - entry.startedAt <= maxAgeMs ? (entry.promise as Promise<T>) : undefined
    },
  }
}
