import ky from 'ky'
import type { KyInstance } from 'ky'
import * as v from 'valibot'
import type { AnySchema } from './schemas/common.schema'
import { ApiError, describeIssues, toApiError } from './errors'
import { PLATFORM_REQUEST, platformPath } from './early-requests'

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
export type Query = Record<string, string | null | undefined>

/** Per-call options of {@link Http} methods. */
export interface CallOptions {
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
  /** Absolute or root-relative URL of a path, for links the browser opens itself. */
  url(path: string): string
}

export type Method = 'get' | 'post' | 'put' | 'delete'

export const DEFAULT_TIMEOUT_MS = 15_000

/**
 * Builds a path from literal parts and encoded values: path`api/v2/webshop/${shopId}`.
 * Values come from the URL bar, so each is passed through encodeURIComponent.
 */
export function path(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? encodeURIComponent(values[i] ?? '') : ''), '')
}

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined
  const entries = Object.entries(query).filter((e): e is [string, string] => e[1] != null && e[1] !== '')
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
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

/**
 * Creates the one ky instance of the app (STYLE §6, CONTRACT "Build and serve"): credentials
 * 'include', retry 0 (machines own retries and polling), JSON accepted. ky 1.x refuses a
 * leading '/' with `prefixUrl`, so a non-empty base goes through `prefixUrl` and an empty
 * base uses root-relative paths resolved against the page.
 */
export function createHttp(options: HttpOptions = {}): Http {
  const baseUrl = (options.baseUrl ?? '').trim()
  const client: KyInstance = ky.create({
    ...(baseUrl ? { prefixUrl: baseUrl } : {}),
    credentials: PLATFORM_REQUEST.credentials,
    retry: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    headers: PLATFORM_REQUEST.headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const input = (p: string): string => (baseUrl ? p : sameOrigin(`/${p}`))

  async function request(method: Method, p: string, call: CallOptions): Promise<Response> {
    try {
      const searchParams = cleanQuery(call.searchParams)
      return await client(input(p), {
        method,
        ...(call.json !== undefined ? { json: call.json } : {}),
        ...(searchParams ? { searchParams } : {}),
        ...(call.keepalive ? { keepalive: true } : {}),
        throwHttpErrors: (status) => !(call.okStatuses ?? []).includes(status),
      })
    } catch (e) {
      throw await toApiError(e)
    }
  }

  async function readText(response: Response): Promise<string> {
    try {
      return await response.text()
    } catch (e) {
      throw await toApiError(e)
    }
  }

  return {
    async json(method, p, schema, call = {}) {
      const response = await request(method, p, call)
      const text = await readText(response)
      let body: unknown
      try {
        body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown)
      } catch {
        throw new ApiError({ kind: 'badResponse', status: response.status, description: `Malformed JSON from ${method.toUpperCase()} /${p}` })
      }
      const parsed = v.safeParse(schema, body)
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
