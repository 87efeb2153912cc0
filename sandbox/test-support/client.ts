import type { Hono } from 'hono'
import type { SandboxEnv } from '../http'

/** A cookie-keeping client over `app.request`, one per simulated browser (test helper). */
export interface TestClient {
  request(path: string, init?: { method?: string; json?: unknown; body?: string }): Promise<Response>
  get(path: string): Promise<Response>
  json<T = unknown>(path: string, init?: { method?: string; json?: unknown }): Promise<{ status: number; body: T }>
  cookie(): string | null
}

/** Creates a {@link TestClient} for a sandbox app. */
export function testClient(app: Hono<SandboxEnv>): TestClient {
  let sid: string | null = null
  const request = async (path: string, init: { method?: string; json?: unknown; body?: string } = {}) => {
    const headers = new Headers()
    if (sid) headers.set('Cookie', `sid=${sid}`)
    let body: string | undefined = init.body
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const res = await app.request(path, { method: init.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) })
    const match = /(?:^|,\s*)sid=([^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')
    if (match?.[1]) sid = match[1]
    return res
  }
  return {
    request,
    get: (path) => request(path),
    async json<T>(path: string, init: { method?: string; json?: unknown } = {}) {
      const res = await request(path, init)
      const text = await res.text()
      return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T }
    },
    cookie: () => sid,
  }
}
