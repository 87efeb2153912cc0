import type { FormEvent, ReactNode } from 'react'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { EventFromLogic, SnapshotFrom } from 'xstate'
import type { companyCardPaymentMachine } from '@machines/company-card-payment/company-card-payment.machine'
import { formatMoney } from '@/domain/money'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import * as styles from './owner-page.css'

/** Snapshot of the company card payment machine (SPEC §4 "Company card payment page"). */
export type CompanyPaymentSnapshot = SnapshotFrom<typeof companyCardPaymentMachine>
/** Events it accepts: `card.submit`, `retry`. */
export type CompanyPaymentEvent = EventFromLogic<typeof companyCardPaymentMachine>

/** Props of {@link CompanyPaymentView}. */
export interface CompanyPaymentViewProps {
  snapshot: CompanyPaymentSnapshot
  send: (event: CompanyPaymentEvent) => void
  /** The card provider's form (payment element), mounted by the route. */
  cardForm: ReactNode
  /** The simulated card provider is in use: show the `Test mode` marker (CONTRACT.md). */
  testMode: boolean
  /**
   * The visitor's own language when it is not Swedish: short labels then carry its
   * translation in parentheses ('Betala (Pay)'), so they can read and find them. Null: Swedish only.
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
  completed: msg({ message: 'Payment completed', context: 'company payment' }),
  closePage: msg({ message: 'Thank you! You can close this page.', context: 'company payment' }),
  loadFailed: msg({ message: 'Failed to fetch payment intent', context: 'company payment' }),
  tryAgain: msg({ message: 'Try again', context: 'company payment' }),
  unknownError: msg({ message: 'An unknown error occurred, please try again', context: 'company payment' }),
} satisfies Record<string, MessageDescriptor>

/**
 * `/company/{companyId}/payment/{paymentIntentId}` (SPEC §2 "Card payment page"): the amount in
 * SEK, the card form and `Pay`; processing while confirming and while waiting for the platform;
 * the provider's error; 'Failed to fetch payment intent'; and the payment-completed heading.
 * Texts come from the nearest Lingui provider, which the route fixes to Swedish (SPEC §2 "Swedish
 * labels", §9), with the visitor's language as a gloss (see `gloss`).
 */
export function CompanyPaymentView({ snapshot, send, cardForm, testMode, gloss }: CompanyPaymentViewProps) {
  const { i18n } = useLingui()
  const { context } = snapshot
  const label = (d: MessageDescriptor) => (gloss ? `${i18n._(d)} (${gloss._(d)})` : i18n._(d))

  if (snapshot.matches('completed')) {
    return (
      <PageContainer className={styles.page}>
        <h1 className={styles.heading}>{label(labels.completed)}</h1>
        <p className={styles.body}>{i18n._(labels.closePage)}</p>
      </PageContainer>
    )
  }

  const heading = <h1 className={styles.heading}>{label(labels.heading)}</h1>

  if (snapshot.matches('loading')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Spinner size="large" label={i18n._(labels.loading)} />
      </PageContainer>
    )
  }

  if (snapshot.matches('loadFailed')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Alert>{label(labels.loadFailed)}</Alert>
        <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
          {label(labels.tryAgain)}
        </Button>
      </PageContainer>
    )
  }

  const amount = context.intent?.amount
  const busy = snapshot.hasTag('busy')
  // The error of this visit, else the one the platform kept from an earlier attempt.
  const errorMessage = context.error ? context.error.message : snapshot.matches('ready') ? (context.intent?.errorMessage ?? null) : null
  const showError = context.error !== null || errorMessage !== null
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    send({ type: 'card.submit' })
  }
  return (
    <PageContainer className={styles.page}>
      {heading}
      {testMode && <p className={styles.testMode}>{label(labels.testMode)}</p>}
      {amount && (
        <div>
          <p className={styles.amountLabel}>{label(labels.amount)}</p>
          <p className={styles.amount}>{formatMoney(amount.amount, 'SEK')}</p>
        </div>
      )}
      {snapshot.matches('polling') ? (
        <p role="status" className={styles.body}>
          <Spinner decorative /> {label(labels.processing)}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.cardSlot}>{cardForm}</div>
          {showError && (
            <Alert>
              {errorMessage !== null
                ? i18n._(msg({ message: `An error occurred, please try again: ${errorMessage}`, context: 'company payment' }))
                : i18n._(labels.unknownError)}
            </Alert>
          )}
          {busy && (
            <p role="status" className={styles.muted}>
              {label(labels.processing)}
            </p>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {label(labels.pay)}
          </Button>
        </form>
      )}
    </PageContainer>
  )
}
