import { useEffect, useMemo, useState } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useLingui } from '@lingui/react'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeElementLocale } from '@stripe/stripe-js'
import type { CheckoutActor } from '@machines/checkout/checkout.machine'
import { createStripeConfirmer } from '@/services/card/card-confirmer'
import { isCardTestMode, loadCardProvider } from '@/services/card/load-stripe'
import { CardPaymentView } from '@/views/payment/card-payment.view'
import { providerOf, type CardProviderRef } from '@/views/payment/provider-refs'

/** Props of {@link CardForm}. */
export interface CardFormProps {
  /** The shop's checkout actor, started with a card payment (state `started.card`). */
  checkout: CheckoutActor
}

/** Stripe localises its element; the app's languages are all Stripe locales. */
function elementLocale(locale: string): StripeElementLocale {
  return locale === 'sv' || locale === 'fi' ? locale : 'en'
}

/**
 * The card step of the cart page (SPEC §2 "Card", §4 "Card"): loads the card provider lazily
 * (Stripe.js for the shop's connected account, or the simulated provider without a key),
 * renders `<Elements>` with the payment intent's client secret and a `<PaymentElement>`, and
 * while mounted attaches a confirmer to the app's card gateway so the card machine's
 * `confirmCardPayment` actor can submit the element and confirm. Pay sends `card.submit` to
 * the provider child. Renders nothing unless the checkout is in `started.card`.
 */
export function CardForm({ checkout }: CardFormProps) {
  const provider = useSelector(checkout, (s) => providerOf(s, 'card'))
  const clientSecret = useSelector(checkout, (s) => s.context.paymentId)
  const stripeAccount = useSelector(provider, (s) => s?.context.stripeAccountId ?? null)
  const { i18n } = useLingui()
  const stripePromise = useMemo(() => loadCardProvider({ stripeAccount }), [stripeAccount])
  const options = useMemo(() => (clientSecret ? { clientSecret, locale: elementLocale(i18n.locale) } : null), [clientSecret, i18n.locale])
  if (!provider || !options) return null
  return (
    // A new payment intent needs a new Elements group: Stripe does not accept a changed secret.
    <Elements key={options.clientSecret} stripe={stripePromise} options={options}>
      <CardFormBody provider={provider} />
    </Elements>
  )
}

function CardFormBody({ provider }: { provider: CardProviderRef }) {
  const { services } = useRouteContext({ from: '/$shopId/cart' })
  const stripe = useStripe()
  const elements = useElements()
  // Whether the element has said it is ready: integration state of the widget, not spec state.
  const [ready, setReady] = useState(false)

  useEffect(() => {
    if (!stripe || !elements) return undefined
    // Only this form knows the mounted element, so it lends the gateway a confirmer while mounted.
    return services.cardGateway.attach(createStripeConfirmer(stripe, elements))
  }, [services.cardGateway, stripe, elements])

  return (
    <CardPaymentView provider={provider} testMode={isCardTestMode()} elementReady={ready && stripe !== null}>
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
    </CardPaymentView>
  )
}
