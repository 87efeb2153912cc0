import { fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import type { PutCartBody } from '@/api/schemas/session.schema'
import type { CartItem, ShopData, TabItemRef } from '@/domain/types'
import { shopGateMachine } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import { checkoutMachine } from '@machines/checkout/checkout.machine'
import { swishPaymentMachine } from '@machines/payment/providers/swish.machine'
import { vivaPaymentMachine } from '@machines/payment/providers/viva.machine'
import { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import { firstMenuImages } from '@/domain/menu'
import { cartUrl, swishDeepLink, vivaCheckoutUrl, DEFAULT_VIVA_CHECKOUT_URL } from './browser'
import { createBootPrefetch, type BootPrefetch } from '@/api/boot-prefetch'
import type { CardGateway } from './card-gateway'
import type { CustomerMemory } from './customer-memory'

/** Browser effects the shop flows use; tests pass recording fakes. */
export interface ShopBrowser {
  navigateTo(url: string): void
  origin: string
  /** Starts loading these image URLs now (see `preloadImages` in ./browser). */
  preloadImages(urls: readonly string[]): void
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
 * `src/services`): platform calls through the api layer, the Swish deep link, the Viva
 * redirect and card confirmation through the card gateway. Returns factories of fully
 * provided machines.
 */
export function createShopServices(
  api: PlatformApi,
  browser: ShopBrowser,
  cardGateway: CardGateway,
  customerMemory: CustomerMemory,
  vivaCheckoutBase: string = DEFAULT_VIVA_CHECKOUT_URL,
  prefetched: BootPrefetch = createBootPrefetch(),
) {
  const getSession = (request: SessionRequest) => api.getSession(request.shopId, { table: request.table, tabId: request.tabId })
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

  const swish = swishPaymentMachine.provide({
    actions: {
      openSwishApp: (_, { token, shopId }) => browser.navigateTo(swishDeepLink(token, cartUrl(shopId, browser.origin))),
    },
  })

  const viva = vivaPaymentMachine.provide({
    actions: {
      redirectToViva: (_, { orderCode, color }) => browser.navigateTo(vivaCheckoutUrl(vivaCheckoutBase, orderCode, color, browser.origin)),
    },
  })

  const card = cardPaymentMachine.provide({
    actors: { confirmCardPayment: fromPromise(({ input }) => cardGateway.confirm(input)) },
  })

  function checkout(nav: ShopNavigation) {
    return checkoutMachine.provide({
      actors: {
        startPayment: fromPromise(({ input }) =>
          api.startPayment(input.shopId, {
            paymentMethodId: input.paymentMethodId,
            customerInfo: input.customerInfo,
            orderReference: input.orderReference,
          }),
        ),
        cancelPayment: fromPromise(({ input }) => api.cancelPayment(input.shopId)),
        swishPayment: swish,
        vivaPayment: viva,
        cardPayment: card,
      },
      actions: {
        goToReceipt: (_, { receiptId, resumed }) => nav.goToReceipt(receiptId, resumed),
        rememberCustomer: (_, { shopId, values }) => customerMemory.remember(shopId, values),
      },
    })
  }

  return {
    /**
     * Starts the shop's and the first session's requests before anything renders (issue 6);
     * the gate's first `loadShop` and the session's first `fetchSession` for the same shop,
     * table and tab take them instead of asking again. `menuImages`: the page is the menu, so
     * its first-screen images are preloaded once the shop answer is here.
     */
    prefetch(request: SessionRequest, options: { menuImages?: boolean } = {}): void {
      prefetched.start(shopKey(request.shopId), async () => {
        const shopData = await api.getShop(request.shopId)
        // Landing on the menu: its first-screen images are requested as soon as the answer
        // names them, not after the menu has rendered (issue 6: LCP is one of them).
        if (options.menuImages) browser.preloadImages(firstMenuImages(shopData).flatMap((article) => (article.image === null ? [] : [article.image])))
        return shopData
      })
      prefetched.start(sessionKey(request), () => getSession(request))
    },
    /** The shop gate with session, checkout and providers wired to the live services. */
    shopGate(nav: ShopNavigation) {
      return shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(({ input }) => prefetched.take<ShopData>(shopKey(input.shopId)) ?? api.getShop(input.shopId)),
          saveReference: fromPromise(({ input }) => api.saveReference(input.shopId, input.reference)),
          session,
          checkout: checkout(nav),
        },
      })
    },
    /** Customer info remembered in this tab for a shop (the gate's `customerValues` input). */
    recallCustomer: (shopId: string) => customerMemory.recall(shopId),
    receiptEmail: receiptEmailMachine.provide({
      actors: { sendReceipt: fromPromise(({ input }) => api.sendReceiptEmail(input.shopId, input.receiptId, input.email)) },
    }),
    getReceipt: (shopId: string, receiptId: string) => api.getReceipt(shopId, receiptId),
    receiptDownloadUrl: (shopId: string, receiptId: string) => api.receiptDownloadUrl(shopId, receiptId),
  }
}

export type ShopServices = ReturnType<typeof createShopServices>
