import { fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { shopGateMachine } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine, type SessionActor } from '@machines/session/session.machine'
import { checkoutMachine } from '@machines/checkout/checkout.machine'
import { swishPaymentMachine } from '@machines/payment/providers/swish.machine'
import { vivaPaymentMachine } from '@machines/payment/providers/viva.machine'
import { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import { receiptEmailMachine } from '@machines/receipt-email/receipt-email.machine'
import { cartUrl, swishDeepLink, vivaCheckoutUrl, DEFAULT_VIVA_CHECKOUT_URL } from './browser'
import type { CardGateway } from './card-gateway'
import type { CustomerMemory } from './customer-memory'

/** Browser effects the shop flows use; tests pass recording fakes. */
export interface ShopBrowser {
  navigateTo(url: string): void
  origin: string
}

/** What the route provides: navigation belongs to the router, not to the machines. */
export interface ShopNavigation {
  /**
   * Opens the receipt of a completed payment. `resumed`: the payment had completed before this
   * page loaded (back from a provider, a reload), not while the customer watched it.
   */
  goToReceipt(receiptId: string, resumed: boolean): void
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
) {
  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(({ input }) => api.getSession(input.shopId, { table: input.table, tabId: input.tabId })),
      pushCart: fromPromise(({ input }) =>
        api.putCart(input.shopId, {
          cart: input.cart,
          tabItems: input.tabItems.map(({ id, count }) => ({ id, count })),
        }),
      ),
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
    /** The shop gate with session, checkout and providers wired to the live services. */
    shopGate(nav: ShopNavigation) {
      return shopGateMachine.provide({
        actors: {
          loadShop: fromPromise(({ input }) => api.getShop(input.shopId)),
          saveReference: fromPromise(({ input }) => api.saveReference(input.shopId, input.reference)),
          session,
          checkout: checkout(nav),
        },
      })
    },
    /**
     * Sends the session's cart once more with fetch `keepalive` when it holds an edit the
     * server may not have yet (tag `syncing`: debouncing, pushing or retrying). Called as the
     * page goes away (reload, closed tab, another site), so the last edit is not lost (issue 5).
     * Returns whether a request was sent; its outcome is not awaited.
     */
    flushCart(session: SessionActor): boolean {
      const snapshot = session.getSnapshot()
      if (!snapshot.hasTag('syncing')) return false
      const { shopId, cart, tabItems } = snapshot.context
      api.putCart(shopId, { cart, tabItems: tabItems.map(({ id, count }) => ({ id, count })) }, { keepalive: true }).catch(() => undefined)
      return true
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
