import { platformApi, type PlatformApi } from '@/api/client'
import { createCardGateway, type CardGateway } from './card-gateway'
import { announceCartPushed, isMobileDevice, navigateTo, onPageChange } from './browser'
import { createShopServices, type ShopServices } from './shop.services'
import { createCustomerMemory } from './customer-memory'
import { createCartMemory } from './cart-memory'
import { createReceiptMemory } from './receipt-memory'
import { createStartMemory } from './start-memory'

/**
 * The live services the app runs on, injected into the router context (STYLE.md §4) so that
 * routes provide machine implementations from here and tests pass fakes of the same shape.
 */
export interface AppServices {
  api: PlatformApi
  shop: ShopServices
  cardGateway: CardGateway
}

/** Builds the live services for the browser from the build-time configuration (CONTRACT.md). */
export function createAppServices(api: PlatformApi = platformApi): AppServices {
  const cardGateway = createCardGateway()
  const browser = {
    navigateTo,
    origin: window.location.origin,
    search: () => window.location.search,
    isMobile: () => isMobileDevice(),
    onPageChange,
    announceCartPushed,
  }
  return {
    api,
    cardGateway,
    shop: createShopServices(
      api,
      browser,
      cardGateway,
      createCustomerMemory(
        () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage),
        () => (typeof localStorage === 'undefined' ? undefined : localStorage),
      ),
      createReceiptMemory(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
      createCartMemory(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)),
      createStartMemory(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
      import.meta.env.VITE_VIVA_CHECKOUT_URL || undefined,
    ),
  }
}
