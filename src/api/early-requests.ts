import { createBootPrefetch } from './boot-prefetch'

/**
 * Platform GETs started by the page's first script (`src/boot/boot.ts`), before the app's
 * bundle has even arrived (issue 6). The app's HTTP layer adopts such a response once, for a
 * GET of exactly the same URL ({@link adoptingFetch}); one nobody takes within 10 s is dropped.
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
 * A `fetch` that answers a GET with the early response for the same URL, once, and sends
 * everything else (and every later GET) to `fetchImpl`.
 */
export function adoptingFetch(fetchImpl: () => typeof fetch = () => fetch): typeof fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : null
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
    const url = request ? request.url : input instanceof URL ? input.href : String(input)
    const early = method === 'GET' ? earlyRequests.take<Response>(url) : undefined
    return early ?? fetchImpl()(input, init)
  }
}
