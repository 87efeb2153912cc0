import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useLingui } from '@lingui/react'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeElementLocale } from '@stripe/stripe-js'
import type { ActorRefFrom } from 'xstate'
import type { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import type { CardGateway } from '@/services/card-gateway'
import { createStripeConfirmer } from '@/services/card/card-confirmer'
import { isCardTestMode, loadCardProvider } from '@/services/card/load-stripe'
import { CardPaymentView } from '@/views/payment/card-payment.view'
import { providerOf, type CheckoutActor } from '@machines/checkout/checkout.machine'

/** A running card payment (machines/payment/providers/card.machine). */
type CardPaymentRef = ActorRefFrom<typeof cardPaymentMachine>

/** Props of {@link CardForm}. */
export interface CardFormProps {
  /** The card payment to confirm: the cart checkout's card child, or the company payment's. */
  card: CardPaymentRef
  /** Stripe Elements' language (the page's on the cart; Swedish on the company page, SPEC §2, §9). */
  locale: StripeElementLocale
  /** The app's card gateway, lent a confirmer while the form is mounted. */
  gateway: CardGateway
  /** Lays out the element, given whether it has said it is ready; default the element alone. */
  children?: (element: ReactNode, ready: boolean) => ReactNode
}

/**
 * The card form of both card routes (SPEC §2 "Card", "Card payment page", §7): loads the card
 * provider lazily (Stripe.js for the card payment's connected account, or the simulated
 * provider without a key), renders `<Elements>` in `locale` with the card payment's client
 * secret and a `<PaymentElement>`, and while mounted lends `gateway` a confirmer, so the card
 * machine's `confirmCardPayment` actor can submit the element and confirm. The element is
 * read-only (Stripe's `readOnly` option) while the card machine is busy (confirming, or checking
 * a resumed payment) and once it succeeded: those details are being, or were, charged (SPEC §4 Card).
 */
export function CardForm({ card, locale, gateway, children = (element) => element }: CardFormProps) {
  const clientSecret = useSelector(card, (s) => s.context.paymentId)
  const stripeAccount = useSelector(card, (s) => s.context.stripeAccountId)
  const stripePromise = useMemo(() => loadCardProvider({ stripeAccount }), [stripeAccount])
  // A new locale alone keeps the group: <Elements> hands it to `elements.update`, so the
  // mounted element changes language and keeps what was typed.
  const options = useMemo(() => ({ clientSecret, locale }), [clientSecret, locale])
  // Details being confirmed or charged take no edits; a failure or an unpaid intent frees them.
  const readOnly = useSelector(card, (s) => s.hasTag('busy') || s.matches('succeeded'))
  return (
    // A new payment intent needs a new Elements group: Stripe does not accept a changed secret.
    <Elements key={clientSecret} stripe={stripePromise} options={options}>
      <CardFormBody gateway={gateway} readOnly={readOnly} layout={children} />
    </Elements>
  )
}

interface CardFormBodyProps {
  gateway: CardGateway
  readOnly: boolean
  layout: (element: ReactNode, ready: boolean) => ReactNode
}

function CardFormBody({ gateway, readOnly, layout }: CardFormBodyProps) {
  const stripe = useStripe()
  const elements = useElements()
  // Whether the element has said it is ready: integration state of the widget, not spec state.
  const [ready, setReady] = useState(false)

  useEffect(() => {
    if (!stripe || !elements) return undefined
    // Only this form knows the mounted element, so it lends the gateway a confirmer while mounted.
    return gateway.attach(createStripeConfirmer(stripe, elements))
  }, [gateway, stripe, elements])

  // A changed `readOnly` reaches the mounted element through `element.update` (react-stripe-js).
  const elementOptions = useMemo(() => ({ layout: 'tabs' as const, readOnly }), [readOnly])
  return layout(<PaymentElement onReady={() => setReady(true)} options={elementOptions} />, ready && stripe !== null)
}

/** Stripe localises its element; the app's languages are all Stripe locales. */
function elementLocale(locale: string): StripeElementLocale {
  return locale === 'sv' || locale === 'fi' ? locale : 'en'
}

/**
 * The cart page's card step (SPEC §2 "Card", §4 "Card"): the {@link CardForm} of the checkout's
 * card child in the page's language, inside the card view with its Pay button. Renders nothing
 * unless the checkout is in `started.card`.
 */
export function CheckoutCardForm({ checkout }: { checkout: CheckoutActor }) {
  const card = useSelector(checkout, (s) => providerOf(s, 'card'))
  const { i18n } = useLingui()
  const { services } = useRouteContext({ from: '/$shopId/cart' })
  if (!card) return null
  return (
    <CardForm card={card} locale={elementLocale(i18n.locale)} gateway={services.cardGateway}>
      {(element, ready) => (
        <CardPaymentView provider={card} testMode={isCardTestMode()} elementReady={ready}>
          {element}
        </CardPaymentView>
      )}
    </CardForm>
  )
}
