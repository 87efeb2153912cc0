import ky from 'ky'
import * as v from 'valibot'
import type { AnySchema } from './schemas/common.schema'
import { ApiError, describeIssues, toApiError } from './errors'
import { PLATFORM_REQUEST, platformPath, takeEarlyGet } from './early-requests'

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
  /** Let the request outlive the page (fetch `keepalive`; bodies up to 64 KiB). */
  keepalive?: boolean
}

/**
 * The HTTP primitives the endpoint functions use. Paths are SPEC §7 paths without the
 * leading slash (`api/v2/webshop/...`), with segments already encoded (see {@link path}).
 * Every method rejects only with {@link ApiError}.
 */
export interface Http {
  /** Sends the request and validates the JSON answer with `schema`. */
  json<S extends AnySchema>(method: Method, path: string, schema: S, options?: CallOptions): Promise<v.InferOutput<S>>
  /** Sends the request and ignores the answer (204, empty or any JSON; SPEC §7 "not shown"). */
  send(method: Method, path: string, options?: CallOptions): Promise<void>
  /** As {@link Http.send}, resolving with the answer's HTTP status (one of the call's `okStatuses`, or a 2xx). */
  status(method: Method, path: string, options?: CallOptions): Promise<number>
  /** Absolute or root-relative URL of a path, for links the browser opens itself. */
  url(path: string): string
}

type Method = 'get' | 'post' | 'put' | 'delete'

/**
 * Builds a path from literal parts and encoded values: path`api/v2/webshop/${shopId}`.
 * Values come from the URL bar, so each is passed through encodeURIComponent.
 */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i] ?? '') : ''), '')
}

/**
 * Creates the app's HTTP layer over one ky instance (STYLE §6, CONTRACT "Build and serve"):
 * credentials 'include', JSON accepted, no HTTP cache, retry 0 (machines own retries and
 * polling), timeout `timeoutMs` per request (default 15000 ms); a non-2xx answer not in the
 * call's `okStatuses` is an error. A GET the boot script has already sent is answered by that
 * response (`./early-requests`), handed to ky as the fetch's answer, so the same rules apply to
 * it. Relative paths are resolved against the page, as the browser's fetch would (fetch
 * without a page, as in Node, refuses them).
 */
export function createHttp(options: HttpOptions = {}): Http {
  const baseUrl = options.baseUrl ?? ''
  const client = ky.create({
    ...PLATFORM_REQUEST,
    retry: 0,
    // Platform answers are never reused, and Chromium holds a GET behind an identical one still
    // pending (its cache lock): a retry after a hung shop load would wait for the hung one.
    cache: 'no-store',
    timeout: options.timeoutMs ?? 15_000,
    fetch: (request, init) =>
      (request instanceof Request && request.method === 'GET' && takeEarlyGet(request.url)) || (options.fetch ?? fetch)(request, init),
  })

  /** Sends a call; resolves with the answer's status and text. */
  async function request(method: Method, p: string, call: CallOptions): Promise<[number, string]> {
    const query = Object.entries(call.searchParams ?? {}).filter((entry): entry is [string, string] => !!entry[1])
    try {
      const response = await client(new URL(platformPath(baseUrl, p), globalThis.location?.href), {
        method,
        json: call.json,
        searchParams: query,
        keepalive: call.keepalive,
        throwHttpErrors: (status) => !call.okStatuses?.includes(status),
      })
      return [response.status, await response.text()]
    } catch (e) {
      throw await toApiError(e)
    }
  }

  return {
    async json(method, p, schema, call = {}) {
      const [status, text] = await request(method, p, call)
      let body: unknown
      try {
        body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown)
      } catch {
        throw new ApiError({ kind: 'badResponse', status, description: `Malformed JSON from ${method.toUpperCase()} /${p}` })
      }
      const parsed = v.safeParse(schema, body)
      if (!parsed.success) {
        throw new ApiError({
          kind: 'badResponse',
          status,
          description: `${describeIssues(parsed.issues)} (${method.toUpperCase()} /${p})`,
          cause: new v.ValiError(parsed.issues),
        })
      }
      return parsed.output
    },
    async send(method, p, call = {}) {
      // The answer is not used; it is read all the same so the connection can be reused.
      await request(method, p, call)
    },
    async status(method, p, call = {}) {
      const [status] = await request(method, p, call)
      return status
    },
    url(p) {
      return platformPath(baseUrl, p)
    },
  }
}
