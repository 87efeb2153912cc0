/**
 * The café as the storefront builds it from `GET /api/v2/webshop/cafe` (sandbox/fixtures/cafe.ts),
 * for the inputs of browser models, and the opening step most of them share: the cart page with
 * a mug in the cart and Your info filled in.
 */
import type { Page } from 'playwright-core'
import type { CustomerInputs, PaymentMethod } from '@/domain/types'
import type { ProviderInput } from '@machines/shared/payment-types'
import { openCart, routeVivaToSandbox } from './shop-steps'

export const cafeMethods: PaymentMethod[] = [
  { id: 'cafe-swish', type: 'SWISH_TRADE', stripeAccountId: null },
  { id: 'cafe-card', type: 'STRIPE', stripeAccountId: 'acct_demo_cafe' },
  { id: 'cafe-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
]
const on = { active: true, required: false }
const off = { active: false, required: false }
const required = { active: true, required: true }
export const cafeInputs: CustomerInputs = { nameInput: required, emailInput: required, phoneInput: on, addressInput: off, extraInfoInput: on }

/** `kahvila`: card and Viva, only the name required; Korvapuusti has 5 in stock. */
export const kahvilaMethods: PaymentMethod[] = [
  { id: 'kahvila-card', type: 'STRIPE', stripeAccountId: 'acct_demo_kahvila' },
  { id: 'kahvila-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
]
export const kahvilaInputs: CustomerInputs = { nameInput: required, emailInput: on, phoneInput: off, addressInput: off, extraInfoInput: on }

export const INFO = { name: 'Anna Svensson', email: 'anna@example.se' }
export const MUG = { productId: 'mug', count: 1 }

export const cafeOpenWords = 'open /cafe/cart with a mug in the cart (put through the API), type Name and Email'

/** Opens the café's cart with a mug and Your info filled in; Viva's checkout goes to the sandbox's page. */
export async function openCafeCart({ page, baseUrl }: { page: Page; baseUrl: string }): Promise<void> {
  await routeVivaToSandbox(page, baseUrl)
  await openCart(page, 'cafe', [MUG], { Name: INFO.name, Email: INFO.email })
}

/** What the checkout hands a provider of the café (its `providerInput`); the payment id is the sandbox's. */
export function cafeProvider(overrides: Partial<ProviderInput>): ProviderInput {
  return { methodType: 'SWISH_TRADE', paymentId: 'sandbox-payment', isMobile: false, stripeAccountId: null, primaryColor: '#1f6f50', shopId: 'cafe', resumed: false, ...overrides }
}
