import { useRef, type FormEvent, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  canChoosePayment,
  needsPhoneEntry,
  providerOf,
  selectedMethod,
  type CheckoutActor,
  type CheckoutSnapshot,
  type SwishProviderRef,
  type VivaProviderRef,
} from '@machines/checkout/checkout.machine'
import type { PaymentError } from '@machines/shared/payment-types'
import { Alert } from '@/ui/alert'
import { firstFocusable, useKeepFocusWithin } from '@/ui/keep-focus'
import { Button } from '@/ui/button'
import { Spinner } from '@/ui/spinner'
import { TextField } from '@/ui/text-field'
import { methodNames } from './method-names'
import { PaymentErrorText } from './payment-error.view'
import { StatusLine } from '@/ui/status-line'
import * as styles from './payment.css'

/** Props of {@link PaymentSectionView}. */
export interface PaymentSectionViewProps {
  /** The checkout actor of the shop (the gate's). */
  checkout: CheckoutActor
  shopId: string
  /** The download URL of a receipt (SPEC §7), linked once the payment completed. */
  receiptDownloadUrl: (receiptId: string) => string
  /**
   * The card form (a route container with Stripe Elements), shown while a card payment is
   * started. Views cannot build it: it attaches to the card gateway service.
   */
  cardForm?: ReactNode
  /**
   * The checkout's `showsStockAlert` for the session's cart: some line is still over the stock
   * an OUT_OF_STOCK answer reported (SPEC §8), and no stopped start tells it. 'Articles are out
   * of stock' shows until none is, or the next start.
   */
  stockAlert?: boolean
  /**
   * Some cart line names an article or add-on the shop no longer has (`hasUnsellableLine`): no
   * method is offered until it is removed; a payment already under way goes on being shown.
   */
  unsellable?: boolean
}

/**
 * The payment part of the cart page (SPEC §2 "Cart page", "Payment method sections", §4, §5):
 * once the cart is not empty and the customer form is valid, the 'Choose payment method'
 * heading and one toggle button per method (`aria-pressed`; the selected one deselects), then
 * what the checkout state calls for: Swish phone entry on a desktop, 'Starting payment…',
 * the started provider's step (Swish app, Viva redirect, card form), 'Cancelling payment…' (then
 * 'Checking the payment…' when the platform says it is too late to cancel),
 * the failure in an alert with 'Try again' (another method is one press away), 'Articles are
 * out of stock' while a line is over the stock the last start was refused for, no method while
 * a line is no longer on the menu (`unsellable`), and after
 * completion 'Payment completed' with links to the receipt and its download (SPEC §2
 * "Payment-complete screen"); when the platform gave no receipt in time, the success message
 * and a link back to the menu. Reads the checkout through its selectors; sends only checkout
 * and provider events.
 */
export function PaymentSectionView({ checkout, shopId, receiptDownloadUrl, cardForm, stockAlert = false, unsellable = false }: PaymentSectionViewProps) {
  const { i18n } = useLingui()
  const snapshot = useSelector(checkout, (s) => s)
  const { context } = snapshot
  // A start replaces the pressed control with its progress, then its outcome: focus goes to the
  // selected method's first control (Try again, the phone number, the card form), or while only
  // progress shows to the panel itself, whose status a screen reader then reads. A deselection
  // removes the panel and disables the methods while it cancels: focus goes to the heading.
  const panel = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const keepFocus = useKeepFocusWithin<HTMLElement>(() => firstFocusable(panel.current) ?? panel.current ?? heading.current)

  if (snapshot.matches('completed')) {
    return <PaymentCompleted shopId={shopId} receiptId={context.receiptId} receiptDownloadUrl={receiptDownloadUrl} />
  }
  if (snapshot.matches({ started: 'awaitingReceipt' })) {
    return (
      <section className={styles.section}>
        <Progress>
          <Trans>Payment successful, creating your receipt…</Trans>
        </Progress>
      </section>
    )
  }
  // Shown in place of the methods: a choice that would start a payment (no payment runs).
  if (unsellable && (snapshot.matches('notStarted') || snapshot.matches('stopped'))) {
    return (
      <Alert tone="error">
        <Trans>Some items in your cart are no longer on the menu. Remove them to pay.</Trans>
      </Alert>
    )
  }
  // Once the cart changed after a refused start, the lines still short keep it told.
  const outOfStockAlert = stockAlert && (
    <Alert tone="error">
      <PaymentErrorText error={{ code: 'outOfStock', message: null }} />
    </Alert>
  )
  if (!canChoosePayment(snapshot)) {
    // A payment that ended while the customer was away (at a provider's checkout) is still told.
    return snapshot.matches('stopped') ? <StoppedAlert cancelled={snapshot.matches({ stopped: 'cancelled' })} error={context.error} /> : outOfStockAlert || null
  }

  const selected = selectedMethod(snapshot)
  return (
    <section {...keepFocus} className={styles.section} aria-labelledby="payment-methods-heading">
      <h2 ref={heading} id="payment-methods-heading" className={styles.heading} tabIndex={-1}>
        <Trans>Choose payment method</Trans>
      </h2>
      <ul className={styles.methods}>
        {context.paymentMethods.map((method) => (
          <li key={method.id}>
            <Button
              variant="secondary"
              className={styles.method}
              aria-pressed={method.id === context.selectedMethodId}
              disabled={!snapshot.can({ type: 'method.selected', methodId: method.id })}
              onClick={() => checkout.send({ type: 'method.selected', methodId: method.id })}
            >
              {i18n._(methodNames[method.type])}
            </Button>
          </li>
        ))}
      </ul>
      {outOfStockAlert}
      {selected ? (
        <div ref={panel} className={styles.panel} tabIndex={-1}>
          <SelectedMethodBody snapshot={snapshot} checkout={checkout} cardForm={cardForm} />
        </div>
      ) : (
        // A payment that stopped with no method of this shop chosen (one resumed after the shop
        // dropped its method): told here, and any method starts anew.
        snapshot.matches('stopped') && <StoppedAlert cancelled={snapshot.matches({ stopped: 'cancelled' })} error={context.error} />
      )}
    </section>
  )
}

interface SelectedMethodBodyProps {
  snapshot: CheckoutSnapshot
  checkout: CheckoutActor
  cardForm: ReactNode
}

/**
 * The selected method's panel: one status line for the panel's life (progress, the Swish app,
 * Viva's redirect), so a screen reader announces each text put into it, even one no press
 * brought (WCAG 4.1.3); then the step's controls.
 */
function SelectedMethodBody({ snapshot, checkout, cardForm }: SelectedMethodBodyProps) {
  const swish = providerOf(snapshot, 'swish')
  const viva = providerOf(snapshot, 'viva')
  // Cancelling, too late to cancel (409: the session says how), or starting: progress only.
  const progress = snapshot.matches('cancelling') ? (
    <Trans>Cancelling payment…</Trans>
  ) : snapshot.matches('awaitingOutcome') ? (
    <Trans>Checking the payment…</Trans>
  ) : snapshot.hasTag('busy') ? (
    <Trans>Starting payment…</Trans>
  ) : null
  return (
    <>
      <StatusLine className={styles.progress}>
        {progress ? <ProgressText>{progress}</ProgressText> : swish ? <SwishStatus provider={swish} /> : viva && <VivaStatus provider={viva} />}
      </StatusLine>
      {!progress && <MethodStep snapshot={snapshot} checkout={checkout} cardForm={cardForm} swish={swish} viva={viva} />}
    </>
  )
}

interface MethodStepProps extends SelectedMethodBodyProps {
  /** The running Swish or Viva provider, if any (the panel has read them for its status line). */
  swish: ReturnType<typeof providerOf<'swish'>>
  viva: ReturnType<typeof providerOf<'viva'>>
}

/** The controls of the selected method's step (no progress is showing). */
function MethodStep({ snapshot, checkout, cardForm, swish, viva }: MethodStepProps) {
  const { context } = snapshot
  // Which form to draw: a desktop pays Swish from a phone number it types in (SPEC §2, §5).
  const phoneEntry = needsPhoneEntry(snapshot)

  if (swish) return <SwishActions provider={swish} />
  if (viva) return <VivaActions provider={viva} />
  if (snapshot.matches({ started: 'card' })) return <>{cardForm}</>

  if (snapshot.matches('stopped')) {
    return (
      <>
        <StoppedAlert cancelled={snapshot.matches({ stopped: 'cancelled' })} error={context.error} />
        {phoneEntry ? (
          <SwishPhoneForm checkout={checkout} phone={context.swishPhone} phoneError={context.phoneError} retry />
        ) : (
          <Button fullWidth onClick={() => checkout.send({ type: 'payment.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </>
    )
  }

  if (phoneEntry && snapshot.can({ type: 'payment.start' })) {
    return <SwishPhoneForm checkout={checkout} phone={context.swishPhone} phoneError={context.phoneError} retry={false} />
  }
  return null
}

/** A spinner beside `children`, the inside of a status line. */
function ProgressText({ children }: { children: ReactNode }) {
  return (
    <>
      <Spinner decorative />
      <span>{children}</span>
    </>
  )
}

/** A status line of its own, for a screen that has nothing else (the receipt being created). */
function Progress({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.progress}>
      <ProgressText>{children}</ProgressText>
    </p>
  )
}

interface SwishPhoneFormProps {
  checkout: CheckoutActor
  phone: string
  phoneError: 'phoneRequired' | null
  /** After a failure the button restarts the payment ('Try again'). */
  retry: boolean
}

/** Swish on a desktop: the payer's phone number and Start (SPEC §2, §5 'You must enter a phone number'). */
function SwishPhoneForm({ checkout, phone, phoneError, retry }: SwishPhoneFormProps) {
  const { t } = useLingui()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    checkout.send({ type: retry ? 'payment.retry' : 'payment.start' })
  }
  return (
    <form className={styles.phoneForm} onSubmit={submit} noValidate>
      <TextField
        label={t`Phone number`}
        name="swishPhone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        error={phoneError === 'phoneRequired' ? t`You must enter a phone number` : null}
        announce
        onChange={(event) => checkout.send({ type: 'swish.phoneChanged', value: event.target.value })}
      />
      <Button type="submit" fullWidth>
        {retry ? <Trans>Try again</Trans> : <Trans>Start payment</Trans>}
      </Button>
    </form>
  )
}

/** Swish started, what to do: approve in the app (desktop), or wait for the app reopened (phone). */
function SwishStatus({ provider }: { provider: SwishProviderRef }) {
  const appOpened = useSelector(provider, (s) => s.matches('appOpened'))
  return (
    <ProgressText>
      {appOpened ? <Trans>Waiting for the payment to be approved in Swish…</Trans> : <Trans>Open the Swish app and approve the payment</Trans>}
    </ProgressText>
  )
}

/** Swish started on a phone, the app opened once: 'Open Swish' opens it again. */
function SwishActions({ provider }: { provider: SwishProviderRef }) {
  const appOpened = useSelector(provider, (s) => s.matches('appOpened'))
  return (
    appOpened && (
      <Button fullWidth onClick={() => provider.send({ type: 'app.open' })}>
        <Trans>Open Swish</Trans>
      </Button>
    )
  )
}

/** Viva started: on its way to the checkout, or (resumed) waiting for the payment there. */
function VivaStatus({ provider }: { provider: VivaProviderRef }) {
  const resumed = useSelector(provider, (s) => s.context.resumed)
  return <ProgressText>{resumed ? <Trans>Waiting for the payment in Viva Wallet…</Trans> : <Trans>Redirecting to Viva Wallet…</Trans>}</ProgressText>
}

/**
 * Viva started: 'Open checkout' opens the checkout again while the provider offers it (its
 * `opensCheckout` tag: on a desktop, or once resumed on any device). A resumed payment (Back
 * from the checkout, a reload) stays here until the customer opens it.
 */
function VivaActions({ provider }: { provider: VivaProviderRef }) {
  const opensCheckout = useSelector(provider, (s) => s.hasTag('opensCheckout'))
  return (
    opensCheckout && (
      <Button fullWidth onClick={() => provider.send({ type: 'checkout.open' })}>
        <Trans>Open checkout</Trans>
      </Button>
    )
  )
}

interface PaymentCompletedProps {
  shopId: string
  /** Null when the platform gave no receipt id in time. */
  receiptId: string | null
  receiptDownloadUrl: (receiptId: string) => string
}

/** The payment-complete screen (SPEC §2 "Other pages", §4 "COMPLETED shows a success message and receipt link"). */
function PaymentCompleted({ shopId, receiptId, receiptDownloadUrl }: PaymentCompletedProps) {
  return (
    <section className={styles.section} aria-labelledby="payment-completed-heading">
      <h2 id="payment-completed-heading" className={styles.heading}>
        <Trans>Payment completed</Trans>
      </h2>
      {receiptId ? (
        <>
          <Link className={styles.receiptLink} to="/$shopId/receipt/$receiptId" params={{ shopId, receiptId }}>
            <Trans>View receipt</Trans>
          </Link>
          <a className={styles.receiptLink} href={receiptDownloadUrl(receiptId)} target="_blank" rel="noopener">
            <Trans>Download receipt</Trans>
          </a>
        </>
      ) : (
        <>
          <p role="status" className={styles.success}>
            <Trans>Your payment went through. The receipt is not ready yet.</Trans>
          </p>
          <Link className={styles.receiptLink} to="/$shopId" params={{ shopId }} activeOptions={{ exact: true }}>
            <Trans>Back to the menu</Trans>
          </Link>
        </>
      )}
    </section>
  )
}

/** How a stopped payment ended (SPEC §8 payment texts), in an alert. */
function StoppedAlert({ cancelled, error }: { cancelled: boolean; error: PaymentError | null }) {
  return (
    <Alert tone="error">
      {cancelled ? (
        <Trans>Payment was cancelled</Trans>
      ) : error ? (
        <PaymentErrorText error={error} />
      ) : (
        <Trans>An unknown error occurred, please try again</Trans>
      )}
    </Alert>
  )
}
