import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { isApiError } from '@/api/errors'
import type { PutCartBody } from '@/api/schemas/session.schema'
import type { CartItem, Receipt, TabItemRef } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { shopGateMachine, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import type { ShopBrowser } from './browser'
import type { CardGateway } from './card-gateway'
import { createCheckout } from './checkout.services'
import type { CustomerMemory } from './customer-memory'
import type { CartMemory } from './cart-memory'
import type { StartMemory } from './start-memory'
import type { ReceiptMemory } from './receipt-memory'

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

/** The PUT cart body of a session's cart and chosen tab lines (SPEC §7). */
function putCartBody({ cart, tabItems }: { cart: CartItem[]; tabItems: TabItemRef[] }): PutCartBody {
  return { cart, tabItems: tabItems.map(({ id, count }) => ({ id, count })) }
}

/**
 * The session's `flushCart`: the cart PUT once more with fetch `keepalive`, so it
 * finishes after the page is gone (reload, closed tab). Its outcome is not awaited; a failure
 * is swallowed (there is no page left to tell).
 * @internal exported for its tests
 */
export function flushCart(api: Pick<PlatformApi, 'putCart'>, session: { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }): void {
  api.putCart(session.shopId, putCartBody(session), { keepalive: true }).catch(() => undefined)
}

/**
 * Live implementations of every side effect the shop's machines name (DESIGN.md
 * `src/services`): platform calls through the api layer, the page's pagehide and return into view, this browser's
 * other tabs of the shop, and the
 * checkout's (`./checkout.services`). Keeps the running shop gates, one per shop id: the
 * `/$shopId` route asks for one before it loads (`gateFor`) and releases it when the customer
 * leaves the shop (`release`, `keepOnly`).
 */
export function createShopServices(
  api: PlatformApi,
  browser: ShopBrowser,
  cardGateway: CardGateway,
  customerMemory: CustomerMemory,
  receiptMemory: ReceiptMemory,
  cartMemory: CartMemory,
  startMemory: StartMemory,
  vivaCheckoutBase?: string,
) {
  // One cart PUT in flight: a push the session stopped waiting for (a newer change came) is
  // still answered before the next one goes, so a platform never applies an older cart after a
  // newer one; a push stopped before its turn is not sent at all.
  let lastPush: Promise<unknown> = Promise.resolve()
  const session = sessionMachine.provide({
    actors: {
      // The first one may be answered by the boot script's request (src/api/early-requests.ts).
      fetchSession: fromPromise(({ input }) => api.getSession(input.shopId, { table: input.table, tabId: input.tabId })),
      pushCart: fromPromise(({ input, signal }) => {
        const send = () => (signal.aborted ? undefined : api.putCart(input.shopId, putCartBody(input)))
        const push = lastPush.then(send, send)
        lastPush = push
        return push
      }),
      listenToPage: fromCallback(({ sendBack, input }) => browser.onPageChange(input.shopId, sendBack)),
    },
    actions: {
      flushCart: (_, params) => flushCart(api, params),
      keepUnsyncedCart: (_, { shopId, ...cart }) => cartMemory.keep(shopId, cart),
      forgetUnsyncedCart: (_, { shopId }) => cartMemory.forget(shopId),
      announceCartPushed: (_, { shopId }) => browser.announceCartPushed(shopId),
    },
  })
  const shopGate = shopGateMachine.provide({
    actors: {
      loadShop: fromPromise(({ input }) => api.getShop(input.shopId)),
      saveReference: fromPromise(({ input }) => api.saveReference(input.shopId, input.reference)),
      session,
      checkout: createCheckout({ api, browser, cardGateway, customerMemory, startMemory, vivaCheckoutBase }),
    },
  })
  const gates = new Map<string, ShopGateActor>()

  function release(shopId: string): void {
    gates.get(shopId)?.stop()
    gates.delete(shopId)
  }

  return {
    /**
     * The running shop gate of `request.shopId`, started on first ask with the request's table
     * and tab, the device, the customer info remembered in this tab, the receipts this browser
     * has opened, the cart this tab had not sent before a reload, and `navigation` for opening
     * a receipt. Later asks for the same shop id get the same actor, with the table and tab it
     * started with: a QR code of another table opens as a new page load, which starts afresh.
     */
    gateFor(request: SessionRequest, navigation: ShopNavigation): ShopGateActor {
      const running = gates.get(request.shopId)
      if (running) return running
      const machine = shopGate.provide({
        actions: {
          goToReceipt: (_, { shopId, receiptId }) => {
            if (receiptId) navigation.openReceipt(shopId, receiptId)
          },
          rememberReceipt: (_, { shopId, receiptId }) => {
            if (receiptId) receiptMemory.remember(shopId, receiptId)
          },
        },
      })
      const actor = createActor(machine, {
        input: {
          ...request,
          isMobile: browser.isMobile(),
          customerValues: customerMemory.recall(request.shopId),
          receiptsShown: receiptMemory.shown(request.shopId),
          unsyncedCart: cartMemory.recall(request.shopId),
          startUnconfirmed: startMemory.pending(request.shopId),
        },
        ...inspectOption(),
      })
      gates.set(request.shopId, actor)
      actor.start()
      return actor
    },
    /** Stops the gate of `shopId` (and its session and checkout): the customer left the shop. */
    release,
    /** Stops every gate but the one of `shopId` (the customer went from one shop to another). */
    keepOnly(shopId: string): void {
      // A copy: release deletes from the map being walked.
      for (const other of Array.from(gates.keys())) if (other !== shopId) release(other)
    },
    /**
     * The receipt `receiptId` of shop `shopId` (SPEC §2 "Receipt page", §7), or null when the
     * platform answers 404: an answer the page expects and shows as 'We could not find this
     * receipt', so it is a value, not an error that the router and React would log. Rejects
     * with the ApiError of any other failure.
     */
    findReceipt: async (shopId: string, receiptId: string): Promise<Receipt | null> => {
      try {
        return await api.getReceipt(shopId, receiptId)
      } catch (error) {
        if (isApiError(error) && error.kind === 'notFound') return null
        throw error
      }
    },
    receiptDownloadUrl: (shopId: string, receiptId: string) => api.receiptDownloadUrl(shopId, receiptId),
  }
}

export type ShopServices = ReturnType<typeof createShopServices>
