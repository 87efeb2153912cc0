import { useEffect, useState } from 'react'
import { Outlet, createFileRoute, notFound, useMatch, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import * as v from 'valibot'
import type { SessionActor } from '@machines/session/session.machine'
import { shopIdSchema, shopSearchSchema } from '@/api/schemas/route-shop.schema'
import { inspectOption } from '@/inspect'
import { ShopActorContext } from '@/views/shop/shop-context'
import { ShopLayoutView } from '@/views/shop/shop-layout.view'

/**
 * `/$shopId`: the shop shell (SPEC §2). Validates the shop id and `?table` / `?tabId`, starts
 * the shop gate actor (which spawns the session and, once open, the checkout) with them as
 * input, and renders the layout with the gate; child routes render inside once the gate is
 * open. A new shop id remounts, so the actor never keeps another shop's input. When the page
 * is left, a cart edit not yet pushed is sent with keepalive.
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
  remountDeps: ({ params }) => params.shopId,
  component: ShopRoute,
})

function ShopRoute() {
  const { shopId } = Route.useParams()
  // Selected, so opening a product (`?product=`) does not re-render the whole layout (issue 6).
  const table = Route.useSearch({ select: (search) => search.table })
  const tabId = Route.useSearch({ select: (search) => search.tabId })
  const { services } = Route.useRouteContext()
  const router = useRouter()
  const [machine] = useState(() =>
    services.shop.shopGate({
      // A payment that completed before this page loaded opens its receipt only where the
      // customer comes back to after paying (the cart, SPEC §2 "Cart page"); a later visit to
      // the menu or the refund policy stays there (the receipt was shown when it completed).
      goToReceipt: (receiptId, resumed) => {
        if (resumed && !router.state.matches.some((match) => match.routeId === '/$shopId/cart')) return
        void router.navigate({ to: '/$shopId/receipt/$receiptId', params: { shopId, receiptId } })
      },
    }),
  )
  const actor = useActorRef(machine, {
    input: {
      shopId,
      table: table ?? null,
      tabId: tabId ?? null,
      isMobile: services.isMobile(),
      customerValues: services.shop.recallCustomer(shopId),
    },
    ...inspectOption(),
  })
  // The session sends its last cart edit even when the page is left before the debounced push.
  useEffect(() => {
    const onPageHide = () => (actor.system.get('session') as SessionActor | undefined)?.send({ type: 'page.leaving' })
    window.addEventListener('pagehide', onPageHide)
    return () => window.removeEventListener('pagehide', onPageHide)
  }, [actor])
  // The refund policy is readable even when the shop is closed or needs a reference (SPEC §2).
  const onRefundPolicy = useMatch({ from: '/$shopId/refundPolicy', shouldThrow: false, select: () => true }) === true
  return (
    <ShopActorContext.Provider value={actor}>
      <ShopLayoutView bypassGate={onRefundPolicy}>
        <Outlet />
      </ShopLayoutView>
    </ShopActorContext.Provider>
  )
}
