import { Outlet, createFileRoute, notFound, useMatch } from '@tanstack/react-router'
import * as v from 'valibot'
import { shopIdSchema, shopSearchSchema } from '@/api/schemas/route-shop.schema'
import { ShopLayoutView } from '@/views/shop/shop-layout.view'

/**
 * `/$shopId`: the shop shell (SPEC §2). Validates the shop id and `?table` / `?tabId` (and keeps
 * both on every navigation inside the shop, so no link loses the tab or the table); before
 * it loads, asks the services for the shop gate of this shop id (started once with them as
 * input; it invokes the session and, once open, the checkout) and puts it in the route context
 * as `shop` for every page below, and tells it whether the customer is on the cart page
 * (`cart.entered` / `cart.left`). The gate is stopped when the customer leaves the shop.
 * Renders the layout with the gate; child routes render inside once the gate is open.
 */
export const Route = createFileRoute('/$shopId')({
  params: {
    parse: ({ shopId }) => {
      const parsed = v.safeParse(shopIdSchema, shopId)
      if (!parsed.success) throw notFound()
      return { shopId: parsed.output }
    },
    stringify: ({ shopId }) => ({ shopId }),
  },
  validateSearch: shopSearchSchema,
  // The table and the open tab belong to the whole visit (SPEC §2): every link and navigation
  // inside the shop keeps them unless it sets them, so a reload still orders for that tab. Not
  // the router's retainSearchParams: it costs more in the entry (docs/performance.md, "smaller
  // equivalents in the entry").
  search: { middlewares: [({ search, next }) => ({ table: search.table, tabId: search.tabId, ...next(search) })] },
  beforeLoad: ({ context, params, search, matches, preload }) => {
    const shop = context.services.shop.gateFor({ shopId: params.shopId, table: search.table ?? null, tabId: search.tabId ?? null }, context.navigation)
    // Whether the customer is on the cart decides polling and the resumed receipt (SPEC §4);
    // the gate hears it as each navigation starts, before anything of the shop has loaded.
    if (!preload) shop.send({ type: matches.some((match) => match.routeId === '/$shopId/cart') ? 'cart.entered' : 'cart.left' })
    return { shop }
  },
  onStay: ({ context, params }) => context.services.shop.keepOnly(params.shopId),
  onLeave: ({ context, params }) => context.services.shop.release(params.shopId),
  remountDeps: ({ params }) => params.shopId,
  component: ShopRoute,
})

function ShopRoute() {
  const shop = Route.useRouteContext({ select: (context) => context.shop })
  // The refund policy is readable even when the shop is closed or needs a reference (SPEC §2).
  const onRefundPolicy = useMatch({ from: '/$shopId/refundPolicy', shouldThrow: false, select: () => true }) === true
  return (
    <ShopLayoutView shop={shop} bypassGate={onRefundPolicy}>
      <Outlet />
    </ShopLayoutView>
  )
}
