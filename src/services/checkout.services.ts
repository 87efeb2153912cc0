import { fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { checkoutMachine } from '@machines/checkout/checkout.machine'
import { failureOf } from '@machines/shared/errors'
import { swishPaymentMachine } from '@machines/payment/providers/swish.machine'
import { vivaPaymentMachine } from '@machines/payment/providers/viva.machine'
import { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import { cartUrl, swishDeepLink, vivaCheckoutUrl, DEFAULT_VIVA_CHECKOUT_URL } from './payment-links'
import type { ShopBrowser } from './browser'
import type { CardGateway } from './card-gateway'
import type { CustomerMemory } from './customer-memory'
import type { StartMemory } from './start-memory'
import { retrieveCardIntentActor } from './card/card-intent-actor'

/** What the checkout's side effects run on (the shop services' own dependencies). */
export interface CheckoutDependencies {
  api: PlatformApi
  browser: ShopBrowser
  cardGateway: CardGateway
  customerMemory: CustomerMemory
  /** Starts sent without an answer read, for the next load's checkout. */
  startMemory: StartMemory
  /** Viva Wallet's checkout page (CONTRACT.md `VITE_VIVA_CHECKOUT_URL`); default the live one. */
  vivaCheckoutBase: string | undefined
}

/**
 * The checkout machine with its payment providers wired to the live services (SPEC §4, §7):
 * startPayment and cancelPayment through the platform API (their endpoint module loads on
 * the first call), the Swish deep link, the Viva redirect, card confirmation through the card
 * gateway, a resumed card payment's intent read through the card provider (loaded lazily), a
 * start noted until its answer is read (`startMemory`), and the customer's info kept for the
 * browser tab. The shop gate invokes it once the
 * shop is open.
 */
export function createCheckout({ api, browser, cardGateway, customerMemory, startMemory, vivaCheckoutBase }: CheckoutDependencies) {
  const swish = swishPaymentMachine.provide({
    actions: {
      // The app returns through the callback link, which a phone opens in a new tab: the form goes with it.
      openSwishApp: (_, { token, shopId }) => {
        customerMemory.handOff(shopId)
        browser.navigateTo(swishDeepLink(token, cartUrl(shopId, browser.origin, browser.search())))
      },
    },
  })
  const viva = vivaPaymentMachine.provide({
    actions: {
      redirectToViva: (_, { orderCode, color }) => browser.navigateTo(vivaCheckoutUrl(vivaCheckoutBase ?? DEFAULT_VIVA_CHECKOUT_URL, orderCode, color, browser.origin)),
    },
  })
  const card = cardPaymentMachine.provide({
    actors: {
      confirmCardPayment: fromPromise(({ input }) => cardGateway.confirm(input)),
      // Reading an intent needs no mounted form (a reload may land on the menu): the card
      // provider is loaded here, with the card code, only when a card payment is resumed.
      retrieveCardIntent: retrieveCardIntentActor,
    },
  })
  return checkoutMachine.provide({
    actors: {
      // The actor's input is the call's body plus the shop id (the machine's actor type).
      // Noted until its answer is read: a reload meanwhile must not forget the payment it may
      // start. A refusal (4xx) is an answer too: the platform started nothing.
      startPayment: fromPromise(async ({ input: { shopId, ...body } }) => {
        startMemory.sent(shopId)
        try {
          const started = await api.startPayment(shopId, body)
          startMemory.answered(shopId)
          return started
        } catch (error) {
          if ((failureOf(error).status ?? 500) < 500) startMemory.answered(shopId)
          throw error
        }
      }),
      cancelPayment: fromPromise(({ input }) => api.cancelPayment(input.shopId)),
      swishPayment: swish,
      vivaPayment: viva,
      cardPayment: card,
    },
    actions: {
      rememberCustomer: (_, { shopId, values }) => customerMemory.remember(shopId, values),
    },
  })
}
