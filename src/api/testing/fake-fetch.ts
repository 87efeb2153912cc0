/**
 * A recording fake of `fetch` for api tests: each call is decoded into {@link RecordedCall}
 * and answered by the handler. Test-only; nothing in the app imports it.
 */

/** One request as the fake saw it. `body` is the parsed JSON body, or null without one. */
interface RecordedCall {
  method: string
  url: URL
  body: unknown
  credentials: RequestCredentials
  /** The request's HTTP cache mode. */
  cache: RequestCache
  /** Whether the request may outlive the page (fetch `keepalive`). */
  keepalive: boolean
  headers: Headers
}

/** Answers a recorded call; may throw or reject to simulate transport failures. */
export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>

/** A fake fetch plus the calls it received, in order. */
export interface FakeFetch {
  fetch: typeof fetch
  calls: RecordedCall[]
}

/** Creates a {@link FakeFetch}; the handler defaults to an empty 204. */
export function fakeFetch(handler: FakeHandler = () => new Response(null, { status: 204 })): FakeFetch {
  const calls: RecordedCall[] = []
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init)
    const text = await request.text()
    const call: RecordedCall = {
      method: request.method,
      url: new URL(request.url),
      body: text === '' ? null : (JSON.parse(text) as unknown),
      credentials: request.credentials,
      cache: request.cache,
      keepalive: request.keepalive,
      headers: request.headers,
    }
    calls.push(call)
    return handler(call)
  }
  return { fetch: fetchImpl as typeof fetch, calls }
}

/** A JSON response with the given status (default 200). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A plain-text response with the given status. */
export function textResponse(text: string, status: number): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain' } })
}
