import type { Hono } from 'hono'
import * as v from 'valibot'
import { demoShops } from '../fixtures'
import { errorBody, inRange, readJson, shopNotFound } from '../http'
import type { SandboxEnv } from '../http'
import type { SandboxState } from '../state'

const referenceSchema = v.object({ reference: v.pipe(v.union([v.string(), v.number()]), v.transform(String)) })

/** Mounts SPEC §7's POST …/reference: a reference within the shop's range becomes the session's order reference. */
export function mountReferenceRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.post('/api/v2/webshop/:shopId/reference', async (c) => {
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const parsed = v.safeParse(referenceSchema, await readJson(c))
    const reference = parsed.success ? parsed.output.reference.trim() : ''
    if (!inRange(reference, shop.references)) return c.json(errorBody('Reference not found'), 404)
    state.sessionFor(c, shop).orderReference = reference
    return c.body(null, 204)
  })
}
