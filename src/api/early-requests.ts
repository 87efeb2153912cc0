/**
 * Platform GETs started before the app's bundle has arrived: the page's first script
 * (`src/boot/boot.ts`, inlined into index.html) asks for the shop and its first session while
 * the bundle downloads, and leaves each request on `window` under its URL. The HTTP layer
 * (`./http`) hands such a response to ky as the answer of the app's first GET of exactly that
 * URL, once and within 10 s ({@link takeEarlyGet}), so ky's timeout, status and error rules
 * apply to it as to any answer.
 */

/**
 * The `window` property where the boot script leaves its GETs for the app: a Map from URL to
 * the fetch's promise. The inline boot script carries its own copy of this module, so the
 * page's two copies meet here.
 * @internal exported for tests, which stand in for the boot script (knip --production)
 */
export const BOOT_REQUESTS_KEY = '__storefrontBootRequests'

/** How long a boot request nobody has taken stays usable, in milliseconds. */
const MAX_AGE_MS = 10_000

type BootRequests = Map<string, Promise<Response>>

/** Moved in from `window`: the response and when the app first saw it (ms, `Date.now`). */
const waiting = new Map<string, { answer: Promise<Response>; seenAt: number }>()
/** URLs the app has asked for: a boot request for one of them arrived too late to be used. */
const askedFor = new Set<string>()

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
 * Starts `GET url` now, as the app's HTTP layer sends it ({@link PLATFORM_REQUEST}), and
 * leaves it on `window` for the app's first GET of that URL ({@link takeEarlyGet}). Returns the
 * request, for the boot script to read a copy of the answer too (`Response.clone`, before the
 * app reads the body); its failure is left to whoever takes it.
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
 * none was started, it was taken already, or nobody took it within 10 s. Marks `url` as asked
 * for either way: a boot request for it found later is older than this call and is dropped,
 * so it never reaches a later call (a poll after a cart change). It settles as the fetch did.
 */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, BootRequests | undefined>
  const left = holder[BOOT_REQUESTS_KEY]
  if (left) {
    delete holder[BOOT_REQUESTS_KEY]
    for (const [key, answer] of left) if (!askedFor.has(key)) waiting.set(key, { answer, seenAt: Date.now() })
  }
  askedFor.add(url)
  const entry = waiting.get(url)
  waiting.delete(url)
  return entry && Date.now() - entry.seenAt <= MAX_AGE_MS ? entry.answer : undefined
}
