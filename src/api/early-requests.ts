import { createBootPrefetch, type BootPrefetch } from './boot-prefetch'

/**
 * Platform GETs started before the HTTP client (ky) is there (issue 6): by the page's first
 * script (`src/boot/boot.ts`, inlined into index.html) before the app's bundle has even
 * arrived, and by the app for its first shop and session calls (`./http`, `early`). The app's
 * HTTP layer adopts such a response once, for a GET of exactly the same URL
 * ({@link takeEarlyGet}); one nobody takes within 10 s is dropped.
 */

/**
 * The `window` property where the boot script leaves its GETs for the app: a Map from URL to
 * the fetch's promise. The inline boot script carries its own copy of this module, so the
 * page's two copies meet here.
 * @internal exported for tests, which stand in for the boot script (knip --production)
 */
export const BOOT_REQUESTS_KEY = '__storefrontBootRequests'

type BootRequests = Map<string, Promise<Response>>
let store: BootPrefetch | undefined

/**
 * The app's store of early requests, created on first use. Each use first moves in what the
 * boot script left on `window`: a GET for a URL the app has already asked for is dropped, as
 * {@link BootPrefetch} drops any request started after its key was asked for.
 */
function earlyRequests(): BootPrefetch {
  store ??= createBootPrefetch()
  const holder = window as unknown as Record<string, BootRequests | undefined>
  const left = holder[BOOT_REQUESTS_KEY]
  if (left) {
    delete holder[BOOT_REQUESTS_KEY]
    for (const [url, answer] of left) store.start(url, () => answer)
  }
  return store
}

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

/**
 * Starts `GET url` now, as the app's HTTP layer would send it ({@link PLATFORM_REQUEST}), and
 * leaves it for the app's first GET of that URL ({@link takeEarlyGet}). Returns the request,
 * for the boot script to read a copy of the answer too (`Response.clone`, before the app
 * reads the body); its failure is left to whoever takes it.
 */
export function startEarlyGet(url: string, fetchImpl: typeof fetch = fetch): Promise<Response> {
  const answer = fetchImpl(url, { ...PLATFORM_REQUEST })
  answer.catch(() => undefined)
  const holder = window as unknown as Record<string, BootRequests | undefined>
  ;(holder[BOOT_REQUESTS_KEY] ??= new Map()).set(url, answer)
  return answer
}

/**
 * The early response of `GET url`, handed out once (removed as it is taken); undefined when
 * none was started, it was taken already, or nobody took it within 10 s.
 */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  return earlyRequests().take<Response>(url)
}
