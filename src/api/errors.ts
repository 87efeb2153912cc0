import { HTTPError, TimeoutError } from 'ky'
import * as v from 'valibot'
import { apiErrorBodySchema, outOfStockListSchema } from './schemas/session.schema'

/**
 * What went wrong with a platform call (SPEC §8), by HTTP status or transport failure:
 * 401/403 `unauthorized`, 404 `notFound`, 409 `conflict`, 400 `badRequest` (or `outOfStock`
 * for errorCode OUT_OF_STOCK), other 4xx `badRequest`, ≥500 `server`, no answer `network`,
 * no answer in time `timeout`, an answer that fails its schema `badResponse`.
 */
export type ApiErrorKind =
  | 'notFound'
  | 'unauthorized'
  | 'conflict'
  | 'badRequest'
  | 'outOfStock'
  | 'server'
  | 'network'
  | 'timeout'
  | 'badResponse'

/** Longest server text kept on an error; bodies can be whole HTML error pages. */
const MAX_SERVER_MESSAGE = 500

/** Constructor fields of {@link ApiError}; everything but `kind` defaults to null. */
export interface ApiErrorInit {
  kind: ApiErrorKind
  status?: number | null
  errorCode?: string | null
  serverMessage?: string | null
  serverName?: string | null
  stock?: Record<string, number> | null
  /** Used as `message` when there is no server message. */
  description?: string
  cause?: unknown
}

/**
 * A failed platform call (SPEC §8). `message` is the server's message (400 JSON `name`, else
 * the response text) when there is one, else a short English description for logs.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  /** HTTP status; null for network, timeout and failures before an answer. */
  readonly status: number | null
  /** `errorCode` of a JSON error body (SPEC §8), e.g. 'OUT_OF_STOCK'. */
  readonly errorCode: string | null
  /** 400 JSON `name` (or `message`), else the response text, trimmed to 500 chars; null when empty. */
  readonly serverMessage: string | null
  /**
   * `name` (or `message`) of a JSON error body `{name, errorCode}` at any status, trimmed to 500
   * chars; null when the body is not such JSON. A 5xx that names its failure this way is shown
   * with that name (SPEC §8), one without is told as a connection failure.
   */
  readonly serverName: string | null
  /** OUT_OF_STOCK only: article id → units remaining in stock. */
  readonly stock: Record<string, number> | null

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? init.description ?? defaultDescription(init), { cause: init.cause })
    this.name = 'ApiError'
    this.kind = init.kind
    this.status = init.status ?? null
    this.errorCode = init.errorCode ?? null
    this.serverMessage = init.serverMessage ?? null
    this.serverName = init.serverName ?? null
    this.stock = init.stock ?? null
  }

  /** The request reached the server and was refused by it: status below 500 (SPEC §8). */
  get reachedServer(): boolean {
    return this.status !== null && this.status < 500
  }
}

function defaultDescription(init: ApiErrorInit): string {
  return init.status == null ? `Platform call failed (${init.kind})` : `Platform call failed with HTTP ${init.status}`
}

/** Type guard for {@link ApiError}. */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError
}

/** Kind of an HTTP failure status, before the body is looked at (SPEC §8). */
function kindForStatus(status: number): ApiErrorKind {
  if (status === 401 || status === 403) return 'unauthorized'
  if (status === 404) return 'notFound'
  if (status === 409) return 'conflict'
  if (status >= 500) return 'server'
  return 'badRequest'
}

function clip(text: string): string | null {
  const trimmed = text.trim()
  return trimmed === '' ? null : trimmed.slice(0, MAX_SERVER_MESSAGE)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Reads a stock list (`[{id, stock}]`, SPEC §8) from an OUT_OF_STOCK message; null when unparsable. */
function parseStock(message: string | null): Record<string, number> | null {
  if (message == null) return null
  const list = v.safeParse(outOfStockListSchema, parseJson(message))
  if (!list.success) return null
  return Object.fromEntries(list.output.map((entry) => [entry.id, entry.stock] as const))
}

/**
 * Maps an HTTP error answer to an ApiError (SPEC §8). A 400 body is JSON `{name, errorCode}`
 * with `name` as the message (none without a name); other statuses use the response text as
 * the message. Any JSON body's `errorCode` is kept so views can tell e.g. an expired
 * integration link apart.
 */
async function fromResponse(response: Response, cause: unknown): Promise<ApiError> {
  const status = response.status
  let text = ''
  try {
    text = await response.text()
  } catch {
    // A body that cannot be read still leaves the status to go on.
  }
  const body = v.safeParse(apiErrorBodySchema, parseJson(text))
  const errorCode = body.success ? (body.output.errorCode ?? null) : null
  const named = body.success ? (body.output.name ?? body.output.message ?? null) : null
  const serverName = named === null ? null : clip(named)
  let serverMessage = clip(text)
  // A 400's JSON body is read, never shown: without a name it carries no message for people.
  if (status === 400 && body.success) serverMessage = serverName
  if (status === 400 && errorCode === 'OUT_OF_STOCK') {
    // The stock list is read from the full message, before clipping.
    const stock = parseStock(named)
    if (stock) return new ApiError({ kind: 'outOfStock', status, errorCode, serverMessage, serverName, stock, cause })
  }
  return new ApiError({ kind: kindForStatus(status), status, errorCode, serverMessage, serverName, cause })
}

/**
 * The first issue of a failed schema parse in words, for `ApiError` descriptions (logs and
 * error reports, never shown to customers): where it is and valibot's own message, e.g.
 * "Unexpected answer from the platform at shop.title: Invalid type: Expected string but received 42".
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  if (!issue) return 'Unexpected answer from the platform'
  return `Unexpected answer from the platform at ${v.getDotPath(issue) || '(root)'}: ${issue.message}`
}

/**
 * Maps anything a platform call can throw to an ApiError (SPEC §8): ky's HTTPError by its
 * answer (above), its TimeoutError as `timeout`; fetch's TypeError ('Failed to fetch', 'Load
 * failed', …), an aborted or unreadable body and a chunk that did not load as `network`. An
 * ApiError is returned as is; anything else becomes `network` too, since no answer was seen.
 * (An answer that fails its schema is `badResponse`, raised where it is checked, `./http`.)
 * Never rejects.
 */
export async function toApiError(e: unknown): Promise<ApiError> {
  if (e instanceof ApiError) return e
  if (e instanceof HTTPError) return fromResponse(e.response, e)
  if (e instanceof TimeoutError) return new ApiError({ kind: 'timeout', description: e.message, cause: e })
  const description = e instanceof Error ? e.message : String(e)
  return new ApiError({ kind: 'network', description: description || 'Network error', cause: e })
}
