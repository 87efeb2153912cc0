import { useRef, type ComponentType, type FormEvent, type ReactNode } from 'react'
import { useLingui } from '@lingui/react'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import {
  companyCardOf,
  companyPaymentError,
  companyPaymentScreen,
  type CompanyCardPaymentActor,
  type CompanyCardRef,
} from '@machines/company-card-payment/company-card-payment.machine'
import { formatMoney } from '@/domain/money'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { firstFocusable, useKeepFocusWithin } from '@/ui/keep-focus'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import { StatusLine } from '@/ui/status-line'
import * as styles from './owner-page.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link CompanyPaymentView}. */
export interface CompanyPaymentViewProps {
  /** The page's company card payment (SPEC §4 "Company card payment page"). */
  actor: CompanyCardPaymentActor
  /** The card provider's form (payment element) for the invoked card payment, supplied by the route. */
  CardForm: ComponentType<{ card: CompanyCardRef }>
  /** The simulated card provider is in use: show the `Test mode` marker (CONTRACT.md). */
  testMode: boolean
  /**
   * The visitor's own language when it is not Swedish: every text of ours then carries its
   * translation in parentheses ('Betala (Pay)'), so they can read and find it. Null: Swedish only.
   */
  gloss: I18n | null
}

// The context keeps these Swedish texts apart from the shop's own translations of the same words.
const labels = {
  heading: msg({ message: 'Card payment', context: 'company payment' }),
  amount: msg({ message: 'Amount', context: 'company payment' }),
  pay: msg({ message: 'Pay', context: 'company payment' }),
  testMode: msg({ message: 'Test mode', context: 'company payment' }),
  loading: msg({ message: 'Loading', context: 'company payment' }),
  processing: msg({ message: 'Processing payment…', context: 'company payment' }),
  succeeded: msg({ message: 'Payment successful, completing it…', context: 'company payment' }),
  completed: msg({ message: 'Payment completed', context: 'company payment' }),
  closePage: msg({ message: 'Thank you! You can close this page.', context: 'company payment' }),
  loadFailed: msg({ message: 'Failed to fetch payment intent', context: 'company payment' }),
  tryAgain: msg({ message: 'Try again', context: 'company payment' }),
  failed: msg({ message: 'An error occurred, please try again', context: 'company payment' }),
  unknownError: msg({ message: 'An unknown error occurred, please try again', context: 'company payment' }),
  cancelled: msg({ message: 'Payment was cancelled', context: 'company payment' }),
} satisfies Record<string, MessageDescriptor>

/**
 * `/company/{companyId}/payment/{paymentIntentId}` (SPEC §2 "Card payment page"): the amount in
 * the intent's currency (SEK, SPEC §9, unless the platform names another), the card form and `Pay`; processing while confirming; the success message while waiting
 * for the platform to complete the intent; the provider's error; 'Failed to fetch payment
 * intent'; an intent the platform ended unpaid ('Payment was cancelled', or its error message,
 * with Try again); and the payment-completed heading.
 * Reads the actor through the machine's selectors and sends `card.submit` and `retry`. Texts
 * come from the nearest Lingui provider, which the route fixes to Swedish (SPEC §2 "Swedish
 * labels", §9); for a visitor with another language every text of ours, messages included, is
 * glossed in it (see `gloss`; CONTRACT.md names the button `Pay`, in Swedish `Betala`), the
 * gloss marked with its language; the provider's or platform's error message follows our words
 * once, unglossed and marked as of unknown language. The card element is the provider's, in Swedish (SPEC §9). The
 * document title is the heading shown, after 'Failed to fetch payment intent' when that
 * shows (WCAG 2.4.2).
 */
export function CompanyPaymentView({ actor, CardForm, testMode, gloss }: CompanyPaymentViewProps) {
  const { i18n } = useLingui()
  const screen = useSelector(actor, companyPaymentScreen)
  const amount = useSelector(actor, (s) => s.context.intent?.amount ?? null)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, companyPaymentError)
  const card = useSelector(actor, companyCardOf)
  // One rule for every text of ours: Swedish, then the visitor's translation. `label` is the plain
  // string (the title, accessible names); `text` marks both languages for screen readers (the
  // document's lang is the visitor's, WCAG 3.1.2).
  const label = (d: MessageDescriptor) => (gloss ? `${i18n._(d)} (${gloss._(d)})` : i18n._(d))
  const text = (d: MessageDescriptor): ReactNode =>
    gloss ? (
      <>
        <span lang={i18n.locale}>{i18n._(d)}</span> <span lang={gloss.locale}>({gloss._(d)})</span>
      </>
    ) : (
      i18n._(d)
    )
  // The title is the screen's heading as shown, after the load failure when that shows.
  const titles: Record<typeof screen, string | readonly string[]> = {
    loading: label(labels.heading),
    loadFailed: [label(labels.loadFailed), label(labels.heading)],
    form: label(labels.heading),
    succeeded: label(labels.heading),
    stopped: label(labels.heading),
    completed: label(labels.completed),
  }
  useDocumentTitle(titles[screen])

  const done = screen === 'completed'
  // Pay is disabled while confirming, then the form gives way to the outcome: focus goes to the
  // first control left (the card number after a refusal) or the heading, not the page body.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const keepFocus = useKeepFocusWithin<HTMLElement>((container) => firstFocusable(container) ?? headingRef.current)
  const heading = (
    <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
      {text(done ? labels.completed : labels.heading)}
    </h1>
  )

  if (screen === 'loading') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Spinner size="large" label={label(labels.loading)} />
      </PageContainer>
    )
  }

  if (screen === 'loadFailed') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Alert>{text(labels.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
          {text(labels.tryAgain)}
        </Button>
      </PageContainer>
    )
  }

  // The server's message is shown once, as it came, in a language we do not know (lang=""):
  // only our words are glossed.
  const errorText =
    error === 'cancelled' ? (
      text(labels.cancelled)
    ) : error?.message != null ? (
      <>
        {text(labels.failed)}: <span lang="">{error.message}</span>
      </>
    ) : (
      text(labels.unknownError)
    )

  if (screen === 'stopped') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Alert>{errorText}</Alert>
        <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
          {text(labels.tryAgain)}
        </Button>
      </PageContainer>
    )
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    actor.send({ type: 'card.submit' })
  }
  return (
    <PageContainer {...keepFocus} className={styles.page}>
      {heading}
      {!done && testMode && <p className={styles.testMode}>{text(labels.testMode)}</p>}
      {!done && amount && (
        <div>
          <p className={styles.amountLabel}>{text(labels.amount)}</p>
          <p className={styles.amount}>{formatMoney(amount.amount, amount.currency)}</p>
        </div>
      )}
      {/* One status line from the form on: each step is announced, the poll's completion too (WCAG 4.1.3). */}
      <StatusLine className={screen === 'form' ? styles.muted : styles.body}>
        {screen === 'succeeded' ? (
          <>
            <Spinner decorative /> {text(labels.succeeded)}
          </>
        ) : done ? (
          text(labels.closePage)
        ) : (
          busy && text(labels.processing)
        )}
      </StatusLine>
      {screen === 'form' && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.cardSlot}>{card && <CardForm card={card} />}</div>
          {error && <Alert>{errorText}</Alert>}
          <Button type="submit" loading={busy} fullWidth>
            {text(labels.pay)}
          </Button>
        </form>
      )}
    </PageContainer>
  )
}
