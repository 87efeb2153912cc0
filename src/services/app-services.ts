/**
 * The live services the app runs on, injected into the router context (STYLE.md §4) so that
 * routes can provide machine implementations and tests can pass fakes.
 * Extended as flows are added; `createAppServices()` builds the real ones.
 */
export interface AppServices {
  /** Marker so the interface is not empty while it is being built. */
  readonly kind: 'live' | 'fake'
}

/** Builds the live services for the browser. */
export function createAppServices(): AppServices {
  return { kind: 'live' }
}
