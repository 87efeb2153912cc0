import ky, { HTTPError, TimeoutError } from 'ky'
import { ApiError, fromResponse, toApiError } from './errors'
import { PLATFORM_REQUEST } from './early-requests'

/** What {@link createKyClient} needs: the fetch to use and the per-request timeout. */
export interface KyClientOptions {
  /** fetch to use; defaults to the global fetch at call time. */
  fetch?: typeof fetch
  /** Per-request timeout in milliseconds. */
  timeoutMs: number
}

/** One request as the HTTP layer describes it: an absolute or root-relative URL, no query to add. */
export interface KyRequest {
  method: 'get' | 'post' | 'put' | 'delete'
  /** JSON request body; none when undefined. */
  json?: unknown
  /** Statuses that count as success although not 2xx (SPEC §8). */
  okStatuses?: readonly number[]
  keepalive?: boolean
}

/** Sends one platform request; resolves with the answer, rejects only with ApiError. */
export type KyClient = (url: string, request: KyRequest) => Promise<Response>

/**
 * The app's one ky instance (STYLE §6, CONTRACT "Build and serve"): credentials 'include',
 * retry 0 (machines own retries and polling), JSON accepted, `timeoutMs` per request. This
 * module is the HTTP layer's lazily loaded half (issue 6: ky is ~4.5 kB gzip the menu's first
 * answers do not need, see `./http`). ky's HTTPError and TimeoutError become ApiError here
 * (SPEC §8), so nothing else has to know ky's error classes.
 */
export function createKyClient(options: KyClientOptions): KyClient {
  const client = ky.create({
    credentials: PLATFORM_REQUEST.credentials,
    retry: 0,
    timeout: options.timeoutMs,
    headers: PLATFORM_REQUEST.headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  return async (url, request) => {
    try {
      return await client(url, {
        method: request.method,
        ...(request.json !== undefined ? { json: request.json } : {}),
        ...(request.keepalive ? { keepalive: true } : {}),
        throwHttpErrors: (status) => !(request.okStatuses ?? []).includes(status),
      })
    } catch (e) {
      throw await kyErrorToApiError(e)
    }
  }
}

/** ky's HTTPError by its response, its TimeoutError as kind 'timeout', anything else as {@link toApiError} maps it. */
export async function kyErrorToApiError(e: unknown): Promise<ApiError> {
  if (e instanceof HTTPError) return fromResponse(e.response, e)
  if (e instanceof TimeoutError) return new ApiError({ kind: 'timeout', description: e.message, cause: e })
  return toApiError(e)
}
