import { fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { preloadHttpClient } from '@/api/http'
import type { PutCartBody } from '@/api/schemas/session.schema'
import type { CartItem, ShopData, TabItemRef } from '@/domain/types'
import { shopGateMachine } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import { createBootPrefetch, type BootPrefetch } from '@/api/boot-prefetch'
import type { CardGateway } from './card-gateway'
import type { CustomerMemory } from './customer-memory'

/** Browser effects the shop flows use; tests pass recording fakes. */
export interface ShopBrowser {
  navigateTo(url: string): void
  origin: string
  /** Resolves once the browser is idle (see `whenIdle` in ./browser), within a few seconds. */
  idle(): Promise<void>
}

/** What the route provides: navigation belongs to the router, not to the machines. */
export interface ShopNavigation {
  /**
   * Opens the receipt of a completed payment. `resumed`: the payment had completed before this
   * page loaded (back from a provider, a reload), not while the customer watched it.
   */
  goToReceipt(receiptId: string, resumed: boolean): void
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
 * `src/services`): platform calls through the api layer; the checkout's (the Swish deep
 * link, the Viva redirect, card confirmation) are in `./checkout.services`, which the gate
 * loads when the shop opens. Returns factories of fully provided machines.
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
    },
    actions: {
      flushCart: (_, params) => flushCart(api, params),
    },
  })

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
    /** The shop gate with session, checkout and providers wired to the live services. */
    shopGate(nav: ShopNavigation) {
      return shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(({ input }) => prefetched.take<ShopData>(shopKey(input.shopId)) ?? api.getShop(input.shopId)),
          saveReference: fromPromise(({ input }) => api.saveReference(input.shopId, input.reference)),
          session,
          // The checkout and its payment providers are a chunk of their own (issue 6: ~4 kB
          // gzip the menu does not need), loaded once the open shop's first screen has rendered and the browser is idle;
          // so is the HTTP client, which the first cart update and the payment calls need (the
          // shop's first answers came without it, see createHttp).
          loadCheckout: fromPromise(async () => {
            await browser.idle()
            preloadHttpClient()
            return (await import('./checkout.services')).createCheckout({ api, browser, cardGateway, customerMemory, vivaCheckoutBase }, nav)
          }),
        },
      })
    },
    /** Customer info remembered in this tab for a shop (the gate's `customerValues` input). */
    recallCustomer: (shopId: string) => customerMemory.recall(shopId),
    getReceipt: (shopId: string, receiptId: string) => api.getReceipt(shopId, receiptId),
    receiptDownloadUrl: (shopId: string, receiptId: string) => api.receiptDownloadUrl(shopId, receiptId),
  }
}

export type ShopServices = ReturnType<typeof createShopServices>
