/**
 * Runs `act` on the browser storage `storage()` gives (or undefined where there is none), and
 * answers `otherwise` when the storage throws (private mode, quota, a blocked origin): the
 * memories of this folder keep what they can and never break the page over it.
 */
export function attemptStorage<T>(storage: () => Storage | undefined, act: (store: Storage | undefined) => T, otherwise: T): T {
  try {
    return act(storage())
  } catch {
    return otherwise
  }
}
