import type { ActorRefFrom, AnyActorRef } from 'xstate'
import type { CheckoutSnapshot } from '@machines/checkout/checkout.machine'
import type { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import type { swishPaymentMachine } from '@machines/payment/providers/swish.machine'
import type { vivaPaymentMachine } from '@machines/payment/providers/viva.machine'

/** The Swish provider child of a started checkout. */
export type SwishProviderRef = ActorRefFrom<typeof swishPaymentMachine>
/** The Viva provider child of a started checkout. */
export type VivaProviderRef = ActorRefFrom<typeof vivaPaymentMachine>
/** The card provider child of a started checkout. */
export type CardProviderRef = ActorRefFrom<typeof cardPaymentMachine>

interface ProviderRefs {
  swish: SwishProviderRef
  viva: VivaProviderRef
  card: CardProviderRef
}

/**
 * The checkout's invoked provider child (id 'provider') as the machine of the started state
 * `kind`, or undefined when the checkout is not in that state. xstate types `children` as the
 * union of every actor the checkout can run; the state decides which one it is, so the
 * narrowing is checked here against the state rather than trusted from the caller.
 */
export function providerOf<K extends keyof ProviderRefs>(snapshot: CheckoutSnapshot, kind: K): ProviderRefs[K] | undefined {
  if (!snapshot.matches({ started: kind })) return undefined
  const child: AnyActorRef | undefined = snapshot.children.provider
  return child as ProviderRefs[K] | undefined
}
