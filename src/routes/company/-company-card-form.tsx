import { useEffect, useMemo } from 'react'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { CardGateway } from '@/services/card-gateway'
import { createStripeConfirmer } from '@/services/card/card-confirmer'
import { loadCardProvider } from '@/services/card/load-stripe'

/** Props of {@link CompanyCardForm}. */
export interface CompanyCardFormProps {
  clientSecret: string
  /** The company's connected account (SPEC §7: confirm with a connected-account id). */
  stripeAccount: string | null
  /** This page's gateway; the machine's `confirmCardPayment` confirms through it. */
  gateway: CardGateway
}

/**
 * The card form of the company payment page (SPEC §2, §7): the card provider (Stripe.js for the
 * connected account, or the simulated provider without a key, TOOLCHAIN/CONTRACT) loaded lazily,
 * `<Elements>` in Swedish with the intent's client secret, a `<PaymentElement>`, and, while
 * mounted, a confirmer lent to the page's gateway.
 */
export function CompanyCardForm({ clientSecret, stripeAccount, gateway }: CompanyCardFormProps) {
  const stripePromise = useMemo(() => loadCardProvider({ stripeAccount }), [stripeAccount])
  const options = useMemo(() => ({ clientSecret, locale: 'sv' as const }), [clientSecret])
  return (
    <Elements key={clientSecret} stripe={stripePromise} options={options}>
      <CardElementBody gateway={gateway} />
    </Elements>
  )
}

function CardElementBody({ gateway }: { gateway: CardGateway }) {
  const stripe = useStripe()
  const elements = useElements()
  useEffect(() => {
    if (!stripe || !elements) return undefined
    return gateway.attach(createStripeConfirmer(stripe, elements))
  }, [gateway, stripe, elements])
  return <PaymentElement options={{ layout: 'tabs' }} />
}
