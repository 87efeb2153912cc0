import { createBootPrefetch } from './boot-prefetch'

/**
 * Platform GETs started before the HTTP client (ky) is there (issue 6): by the page's first
 * script (`src/boot/boot.ts`) before the app's bundle has even arrived, and by the app for its
 * first shop and session calls (`./http`, `early`). The app's HTTP layer adopts such a
 * response once, for a GET of exactly the same URL ({@link takeEarlyGet}); one nobody takes
 * within 10 s is dropped.
 * The module is shared by the boot script and the app (one instance per page).
 */
const earlyRequests = createBootPrefetch()

/** What every platform request carries (CONTRACT.md "Build and serve"): cookies, JSON accepted. */
export const PLATFORM_REQUEST = { credentials: 'include', headers: { accept: 'application/json' } } as const satisfies RequestInit

/**
 * A platform path (SPEC §7, no leading slash) under `baseUrl` (CONTRACT.md
 * `VITE_API_BASE_URL`; '' = this origin, then the path is root-relative).
 */
export function platformPath(baseUrl: string, path: string): string {
  const base = baseUrl.trim()
  return base ? `${base.replace(/\/+$/, '')}/${path}` : `/${path}`
}

/** {@link platformPath} resolved against `pageUrl`: the URL the app's HTTP layer requests. */
export function platformUrl(baseUrl: string, path: string, pageUrl: string): string {
  return new URL(platformPath(baseUrl, path), pageUrl).href
}

/** Starts `GET url` now, as the app's HTTP layer would send it ({@link PLATFORM_REQUEST}). */
export function startEarlyGet(url: string, fetchImpl: typeof fetch = fetch): void {
  earlyRequests.start(url, () => fetchImpl(url, { ...PLATFORM_REQUEST }))
}

/**
 * The early response of `GET url`, handed out once (removed as it is taken); undefined when
 * none was started, it was taken already, or nobody took it within 10 s.
 */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  return earlyRequests.take<Response>(url)
}
