import type { Hono } from 'hono'
import * as v from 'valibot'
import { demoShops } from '../fixtures'
import { count, errorBody, idSchema, inRange, readJson, shopNotFound } from '../http'
import type { SandboxEnv } from '../http'
import { activeTabOf, sessionWire } from '../model'
import type { SandboxState } from '../state'

const putCartSchema = v.object({
  cart: v.array(
    v.object({
      id: idSchema,
      productId: idSchema,
      count,
      deviations: v.nullish(v.array(idSchema), () => []),
      description: v.nullish(v.string(), ''),
    }),
  ),
  tabItems: v.nullish(v.array(v.object({ id: idSchema, count })), () => []),
})

/**
 * Mounts SPEC §7's shop and session calls: GET shop (live stock), GET cart (`?table=`,
 * `?tabId=`; each poll moves a simulated payment along) and PUT cart.
 */
export function mountShopRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/api/v2/webshop/:shopId', async (c) => {
    const faulted = await state.fault(c, 'shop')
    if (faulted) return faulted
    const shop = demoShops[c.req.param('shopId')]
    return shop ? c.json(state.shopWire(shop)) : shopNotFound(c)
  })

  app.get('/api/v2/webshop/:shopId/cart', async (c) => {
    const faulted = await state.fault(c, 'session')
    if (faulted) return faulted
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const session = state.sessionFor(c, shop)
    const table = (c.req.query('table') ?? '').trim()
    if (table !== '') {
      if (!inRange(table, shop.tables)) return c.json(errorBody('Table number not found', 'TABLE_NOT_FOUND'), 404)
      session.orderReference = table
    }
    const tabId = (c.req.query('tabId') ?? '').trim()
    if (tabId !== '') session.tabId = shop.tabs?.[tabId] ? tabId : null
    state.poll(shop, session)
    return c.json(sessionWire(shop, session))
  })

  app.put('/api/v2/webshop/:shopId/cart', async (c) => {
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const parsed = v.safeParse(putCartSchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('Invalid cart', 'BAD_REQUEST'), 400)
    const unknown = parsed.output.cart.find((line) => !shop.response.articles[line.productId])
    if (unknown) return c.json(errorBody(`Article ${unknown.productId} not found`, 'ARTICLE_NOT_FOUND'), 400)
    const session = state.sessionFor(c, shop)
    const tab = activeTabOf(shop, session)?.cart ?? []
    session.cart = parsed.output.cart.filter((line) => line.count > 0)
    // Tab items only make sense for lines of the open tab, and never above the line's count.
    session.tabItems = parsed.output.tabItems.flatMap((item) => {
      const line = tab.find((l) => String(l.id) === item.id)
      return line ? [{ id: item.id, count: Math.min(item.count, line.count) }] : []
    })
    if (session.paymentStatus === 'COMPLETED') state.clearPayment(session)
    return c.body(null, 204)
  })
}
