import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { preloadHttpClient } from '@/api/http'
import type { PutCartBody } from '@/api/schemas/session.schema'
import type { CartItem, ShopData, TabItemRef } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { shopGateMachine, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import { createBootPrefetch, type BootPrefetch } from '@/api/boot-prefetch'
import type { ShopBrowser } from './browser'
import type { CardGateway } from './card-gateway'
import { createCheckout } from './checkout.services'
import type { CustomerMemory } from './customer-memory'

/** Where the shop's flows send the customer: navigation belongs to the router (its context). */
export interface ShopNavigation {
  /** Opens `/{shopId}/receipt/{receiptId}` (SPEC §2 "Cart page": on payment completion). */
  openReceipt(shopId: string, receiptId: string): void
}

/** The first session request of a shop page (the gate's session input, SPEC §2). */
export interface SessionRequest {
  shopId: string
  table: string | null
  tabId: string | null
}

const shopKey = (shopId: string) => `shop ${shopId}`
const sessionKey = ({ shopId, table, tabId }: SessionRequest) => `session ${JSON.stringify([shopId, table, tabId])}`

/** The PUT cart body of a session's cart and chosen tab lines (SPEC §7). */
function putCartBody({ cart, tabItems }: { cart: CartItem[]; tabItems: TabItemRef[] }): PutCartBody {
  return { cart, tabItems: tabItems.map(({ id, count }) => ({ id, count })) }
}

/**
 * The session's `flushCart` (issue 5): the cart PUT once more with fetch `keepalive`, so it
 * finishes after the page is gone (reload, closed tab). Its outcome is not awaited; a failure
 * is swallowed (there is no page left to tell).
 */
export function flushCart(api: Pick<PlatformApi, 'putCart'>, session: { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }): void {
  api.putCart(session.shopId, putCartBody(session), { keepalive: true }).catch(() => undefined)
}

/**
 * Live implementations of every side effect the shop's machines name (DESIGN.md
 * `src/services`): platform calls through the api layer, the page's pagehide, and the
 * checkout's (`./checkout.services`). Keeps the running shop gates, one per shop id: the
 * `/$shopId` route asks for one before it loads (`gateFor`) and releases it when the customer
 * leaves the shop (`release`, `keepOnly`).
 */
export function createShopServices(
  api: PlatformApi,
  browser: ShopBrowser,
  cardGateway: CardGateway,
  customerMemory: CustomerMemory,
  vivaCheckoutBase?: string,
  prefetched: BootPrefetch = createBootPrefetch(),
) {
  const getSession = (request: SessionRequest, options?: { early?: boolean }) =>
    api.getSession(request.shopId, { table: request.table, tabId: request.tabId }, options)
  const session = sessionMachine.provide({
    actors: {
      // The first fetch may already be on its way (see `prefetch`); polls always ask anew.
      fetchSession: fromPromise(({ input }) => prefetched.take(sessionKey(input)) ?? getSession(input)),
      pushCart: fromPromise(({ input }) => api.putCart(input.shopId, putCartBody(input))),
      listenForPageLeave: fromCallback(({ sendBack }) => browser.onPageHide(() => sendBack({ type: 'page.leaving' }))),
    },
    actions: {
      flushCart: (_, params) => flushCart(api, params),
    },
  })
  const shopGate = shopGateMachine.provide({
    actors: {
      loadShop: fromPromise(({ input }) => prefetched.take<ShopData>(shopKey(input.shopId)) ?? api.getShop(input.shopId)),
      saveReference: fromPromise(({ input }) => api.saveReference(input.shopId, input.reference)),
      session,
      checkout: createCheckout({ api, browser, cardGateway, customerMemory, vivaCheckoutBase }),
    },
  })
  const gates = new Map<string, ShopGateActor>()

  function release(shopId: string): void {
    gates.get(shopId)?.stop()
    gates.delete(shopId)
  }

  return {
    /**
     * Starts the shop's and the first session's requests before anything renders (issue 6);
     * the gate's first `loadShop` and the session's first `fetchSession` for the same shop,
     * table and tab take them instead of asking again. Both are `early` calls: they do not wait
     * for the HTTP client to load. (On the menu, the boot script preloads the first image from
     * its own copy of the shop answer, `src/boot/boot.ts`.)
     */
    prefetch(request: SessionRequest): void {
      prefetched.start(shopKey(request.shopId), () => api.getShop(request.shopId, { early: true }))
      prefetched.start(sessionKey(request), () => getSession(request, { early: true }))
    },
    /**
     * The running shop gate of `request.shopId`, started on first ask with the request's table
     * and tab, the device, the customer info remembered in this tab, and `navigation` for
     * opening a receipt. Later asks for the same shop id get the same actor.
     */
    gateFor(request: SessionRequest, navigation: ShopNavigation): ShopGateActor {
      const running = gates.get(request.shopId)
      if (running) return running
      const machine = shopGate.provide({
        actions: {
          goToReceipt: (_, { shopId, receiptId }) => {
            if (receiptId) navigation.openReceipt(shopId, receiptId)
          },
        },
      })
      const actor = createActor(machine, {
        input: { ...request, isMobile: browser.isMobile(), customerValues: customerMemory.recall(request.shopId) },
        ...inspectOption(),
      })
      gates.set(request.shopId, actor)
      actor.start()
      // The HTTP client (ky), which the first cart update and the payment calls need, loads
      // once the browser is idle: the shop's first answers came without it (see createHttp).
      void browser.idle().then(preloadHttpClient)
      return actor
    },
    /** Stops the gate of `shopId` (and its session and checkout): the customer left the shop. */
    release,
    /** Stops every gate but the one of `shopId` (the customer went from one shop to another). */
    keepOnly(shopId: string): void {
      for (const other of [...gates.keys()]) if (other !== shopId) release(other)
    },
    getReceipt: (shopId: string, receiptId: string) => api.getReceipt(shopId, receiptId),
    receiptDownloadUrl: (shopId: string, receiptId: string) => api.receiptDownloadUrl(shopId, receiptId),
  }
}

export type ShopServices = ReturnType<typeof createShopServices>
