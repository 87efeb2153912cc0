import type { PaymentMethodType } from '../../src/domain/types'

/**
 * Why a payment stopped short (SPEC §4, §8). Stored as codes; views map them to texts.
 * - startFailed: startPayment answered with an error (message = the server's name)
 * - network: the request did not reach the server
 * - outOfStock: startPayment answered OUT_OF_STOCK (see articleStockErrors)
 * - paymentError: the payment ended in ERROR (message from the session)
 * - providerError: the card provider refused with a message
 * - unknownProviderError: the card provider failed without a message
 */
type PaymentErrorCode = 'startFailed' | 'network' | 'outOfStock' | 'paymentError' | 'providerError' | 'unknownProviderError'

/**
 * Why a payment stopped short: a {@link PaymentErrorCode}, and the server's or provider's
 * message when there was one (SPEC §8).
 */
export interface PaymentError {
  code: PaymentErrorCode
  message: string | null
}

/** What every provider child machine receives (STYLE.md §3: identical inputs). */
export interface ProviderInput {
  methodType: PaymentMethodType
  /** startPayment's paymentId: Swish token, Viva order code or Stripe client secret. */
  paymentId: string
  isMobile: boolean
  /** Stripe connected account of the shop, when the method has one. */
  stripeAccountId: string | null
  /** Shop primary colour as '#rrggbb' (Viva checkout colour). */
  primaryColor: string
  shopId: string
  /**
   * The payment was started before this page loaded (a reload, Back from Viva's checkout): the
   * provider does not open the app or the checkout again on its own, it offers a button.
   */
  resumed: boolean
}

/** What a provider child machine ends with, when it ends on its own. */
export type ProviderOutput = { result: 'confirmed' } | { result: 'failed'; error: PaymentError }
