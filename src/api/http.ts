import * as v from 'valibot'
import type { AnswerParser, AnySchema } from './schemas/common.schema'
import { ApiError, describeIssues, fromResponse, toApiError } from './errors'
import { PLATFORM_REQUEST, platformPath, takeEarlyGet } from './early-requests'
import type { KyClient } from './ky-client'

/** Options of {@link createHttp}. */
export interface HttpOptions {
  /** Platform origin (and optional base path), e.g. 'https://host/base'; '' = same origin. */
  baseUrl?: string
  /** fetch to use; defaults to the global fetch at call time. */
  fetch?: typeof fetch
  /** Per-request timeout in milliseconds; default 15000. */
  timeoutMs?: number
}

/** Search parameters; null and '' values are left out. */
type Query = Record<string, string | null | undefined>

/** Per-call options of {@link Http} methods. */
interface CallOptions {
  /** JSON request body. */
  json?: unknown
  searchParams?: Query
  /** HTTP statuses that count as success for this call (SPEC §8: cancelPayment ignores 404/409). */
  okStatuses?: readonly number[]
  /**
   * Let the request outlive the page (fetch `keepalive`; bodies up to 64 KiB). Sent with fetch
   * at once if ky has not loaded yet (see `early`).
   */
  keepalive?: boolean
  /**
   * A GET the page needs before it can show anything (the shop and its first session):
   * sent at once with fetch if ky has not loaded yet, instead of waiting for it (issue 6).
   */
  early?: boolean
}

/**
 * The HTTP primitives the endpoint functions use. Paths are SPEC §7 paths without the
 * leading slash (`api/v2/webshop/...`), with segments already encoded (see {@link path}).
 * Every method rejects only with {@link ApiError}.
 */
export interface Http {
  /** Sends the request and validates the JSON answer with `schema`. */
  json<S extends AnySchema>(method: Method, path: string, schema: S, options?: CallOptions): Promise<v.InferOutput<S>>
  /** The same with a check that may take several tasks (a large answer, issue 6). */
  json<T>(method: Method, path: string, parse: AnswerParser<T>, options?: CallOptions): Promise<T>
  /** Sends the request and ignores the answer (204, empty or any JSON; SPEC §7 "not shown"). */
  send(method: Method, path: string, options?: CallOptions): Promise<void>
  /** Absolute or root-relative URL of a path, for links the browser opens itself. */
  url(path: string): string
}

type Method = 'get' | 'post' | 'put' | 'delete'

const DEFAULT_TIMEOUT_MS = 15_000

/**
 * Builds a path from literal parts and encoded values: path`api/v2/webshop/${shopId}`.
 * Values come from the URL bar, so each is passed through encodeURIComponent.
 */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i] ?? '') : ''), '')
}

/** `?a=1&b=2` of the set (non-null, non-empty) values, in the given order; '' when none. */
function queryString(query: Query | undefined): string {
  const entries = Object.entries(query ?? {}).filter((e): e is [string, string] => e[1] != null && e[1] !== '')
  return entries.length > 0 ? `?${new URLSearchParams(entries).toString()}` : ''
}

/**
 * Resolves a root-relative path against the page, as the browser's own fetch would. Done
 * here because fetch implementations without a page (Node's, also under jsdom) refuse
 * relative URLs; without a page the path is returned unchanged.
 */
function sameOrigin(rootRelative: string): string {
  const page = globalThis.location as Location | undefined
  return page ? new URL(rootRelative, page.href).href : rootRelative
}

/** The ky half of the HTTP layer, loaded on first use (see {@link createHttp}). */
let kyClientModule: Promise<typeof import('./ky-client')> | null = null

function loadKyClientModule(): Promise<typeof import('./ky-client')> {
  kyClientModule ??= import('./ky-client').catch((e: unknown) => {
    // A chunk that failed to arrive (a dropped connection) is asked for again next time.
    kyClientModule = null
    throw e
  })
  return kyClientModule
}

/**
 * Starts loading the HTTP client (ky) now, if it has not been loaded. The app calls it once
 * the first screen is up, so the first cart update does not wait for it. Never rejects.
 */
export function preloadHttpClient(): void {
  loadKyClientModule().catch(() => undefined)
}

/**
 * Answers a call from a response started outside ky (an early GET, a keepalive send): at most
 * `timeoutMs` more to wait, and a non-2xx status not in `okStatuses` is an error, as ky would
 * treat it.
 */
async function settle(response: Promise<Response>, timeoutMs: number, okStatuses: readonly number[]): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError({ kind: 'timeout', description: `Request timed out after ${timeoutMs} ms` })), timeoutMs)
  })
  let answer: Response
  try {
    answer = await Promise.race([response, timeout])
  } catch (e) {
    throw await toApiError(e)
  } finally {
    clearTimeout(timer)
  }
  if (!answer.ok && !okStatuses.includes(answer.status)) throw await fromResponse(answer)
  return answer
}

/**
 * Creates the app's HTTP layer (STYLE §6, CONTRACT "Build and serve"). Requests go through
 * one ky instance (`./ky-client`: credentials 'include', retry 0, JSON accepted, timeout
 * `timeoutMs`, default 15000 ms), loaded on first use: ky is ~4.5 kB gzip that the menu's
 * first screen does not need (issue 6). A GET whose response was started early
 * (`./early-requests`, by the boot script) is adopted instead, and an `early` or `keepalive`
 * call made before ky has loaded is sent with fetch; both with ky's timeout and status rules.
 */
export function createHttp(options: HttpOptions = {}): Http {
  const baseUrl = (options.baseUrl ?? '').trim()
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let client: KyClient | null = null
  const clientReady = async (): Promise<KyClient> => {
    if (client) return client
    let module: typeof import('./ky-client')
    try {
      module = await loadKyClientModule()
    } catch (e) {
      throw await toApiError(e) // a chunk that did not arrive: kind 'network'
    }
    client ??= module.createKyClient({ timeoutMs, ...(options.fetch ? { fetch: options.fetch } : {}) })
    return client
  }

  /**
   * Sends a call with fetch itself, as ky would send it, for calls that cannot wait for ky to
   * load: the page's first GETs (`early`) and a cart update while the page is being left
   * (`keepalive`: a module import may not finish any more then).
   */
  function sendWithFetch(method: Method, url: string, call: CallOptions): Promise<Response> {
    const fetchImpl = options.fetch ?? fetch
    if (method === 'get') return fetchImpl(url, { ...PLATFORM_REQUEST })
    return fetchImpl(url, {
      ...PLATFORM_REQUEST,
      method: method.toUpperCase(),
      ...(call.json !== undefined ? { headers: { ...PLATFORM_REQUEST.headers, 'content-type': 'application/json' }, body: JSON.stringify(call.json) } : {}),
      ...(call.keepalive ? { keepalive: true } : {}),
    })
  }

  async function request(method: Method, p: string, call: CallOptions): Promise<Response> {
    const url = sameOrigin(platformPath(baseUrl, p) + queryString(call.searchParams))
    const early = method === 'get' ? takeEarlyGet(url) : undefined
    if (early) return settle(early, timeoutMs, call.okStatuses ?? [])
    const cannotWait = method === 'get' ? call.early : call.keepalive
    if (cannotWait && !client) return settle(sendWithFetch(method, url, call), timeoutMs, call.okStatuses ?? [])
    const send = await clientReady()
    return send(url, {
      method,
      ...(call.json !== undefined ? { json: call.json } : {}),
      ...(call.okStatuses ? { okStatuses: call.okStatuses } : {}),
      ...(call.keepalive ? { keepalive: true } : {}),
    })
  }
  async function readText(response: Response): Promise<string> {
    try {
      return await response.text()
    } catch (e) {
      throw await toApiError(e)
    }
  }

  return {
    async json(method: Method, p: string, check: AnySchema | AnswerParser<unknown>, call: CallOptions = {}) {
      const response = await request(method, p, call)
      const text = await readText(response)
      let body: unknown
      try {
        body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown)
      } catch {
        throw new ApiError({ kind: 'badResponse', status: response.status, description: `Malformed JSON from ${method.toUpperCase()} /${p}` })
      }
      const parsed = typeof check === 'function' ? await check(body) : v.safeParse(check, body)
      if (!parsed.success) {
        throw new ApiError({
          kind: 'badResponse',
          status: response.status,
          description: `${describeIssues(parsed.issues)} (${method.toUpperCase()} /${p})`,
          cause: new v.ValiError(parsed.issues),
        })
      }
      return parsed.output
    },
    async send(method, p, call = {}) {
      const response = await request(method, p, call)
      // The answer is not used; drain it so the connection can be reused.
      await readText(response)
    },
    url(p) {
      return platformPath(baseUrl, p)
    },
  }
}
