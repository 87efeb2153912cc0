import type { Hono } from 'hono'
import * as v from 'valibot'
import { faultsBodySchema } from '../faults'
import { errorBody, readJson } from '../http'
import type { SandboxEnv } from '../http'
import type { SandboxState } from '../state'

/**
 * Mounts the test switches (sandbox README "Test switches"): faults (GET, POST, DELETE
 * `/sandbox/faults`), the API request log (`GET /sandbox/requests?since=<ms>`), the e-mails
 * sent (`GET /sandbox/emails`) and `POST /sandbox/reset` (receipts stay).
 */
export function mountSwitchRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/sandbox/faults', (c) => c.json(state.faults.snapshot()))
  app.post('/sandbox/faults', async (c) => {
    const parsed = v.safeParse(faultsBodySchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('Invalid faults', 'BAD_REQUEST'), 400)
    state.faults.set(parsed.output)
    return c.json(state.faults.snapshot())
  })
  app.delete('/sandbox/faults', (c) => {
    state.faults.clear()
    return c.body(null, 204)
  })

  app.get('/sandbox/requests', (c) => {
    const since = Number(c.req.query('since') ?? 0)
    return c.json(state.requests(Number.isFinite(since) ? since : 0))
  })
  app.get('/sandbox/emails', (c) => c.json(state.sentEmails()))

  app.post('/sandbox/reset', (c) => {
    state.reset()
    return c.body(null, 204)
  })
}
