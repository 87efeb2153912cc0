import type { Stripe } from '@stripe/stripe-js'
import { createSimulatedStripe } from './simulated-stripe'

/** Options of {@link loadCardProvider}. */
export interface LoadCardProviderOptions {
  /** Stripe publishable key; unset or '' → the simulated provider (CONTRACT.md). */
  publishableKey?: string | undefined
  /** The shop's connected Stripe account (SPEC §7: confirm with a connected-account id). */
  stripeAccount: string | null
}

/** Whether card payments run against the simulated provider (show "Test mode", CONTRACT.md). */
export function isCardTestMode(publishableKey: string | undefined = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY): boolean {
  return !publishableKey
}

const cache = new Map<string, Promise<Stripe | null>>()

/**
 * The card provider for `<Elements stripe>` (SPEC §2 "Card", §7): Stripe.js for the shop's
 * connected account with Swedish locale, or the simulated provider when no key is set. Stripe.js
 * is imported lazily from `@stripe/stripe-js/pure` (the non-pure entry injects its script on
 * import), so nothing is fetched until the card method is chosen. One promise per key and account.
 * Resolves null only if Stripe.js itself resolves null; rejects when its script cannot load.
 */
export function loadCardProvider(options: LoadCardProviderOptions): Promise<Stripe | null> {
  const key = options.publishableKey ?? import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY
  const cacheKey = `${key ?? ''}|${options.stripeAccount ?? ''}`
  const cached = cache.get(cacheKey)
  if (cached) return cached
  let loading: Promise<Stripe | null>
  if (!key) {
    // The simulated object implements only the part of Stripe.js this app and react-stripe-js
    // call; <Elements> validates exactly that part (TOOLCHAIN.md answer 6), hence the cast.
    const simulated = createSimulatedStripe()
    loading = Promise.resolve(simulated as unknown as Stripe)
  } else {
    loading = import('@stripe/stripe-js/pure').then((m) =>
      m.loadStripe(key, { ...(options.stripeAccount ? { stripeAccount: options.stripeAccount } : {}), locale: 'sv' }),
    )
    // A failed script load must not stick: the next attempt tries again.
    loading.catch(() => cache.delete(cacheKey))
  }
  cache.set(cacheKey, loading)
  return loading
}
