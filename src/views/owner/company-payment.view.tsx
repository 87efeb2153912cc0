import type { FormEvent, ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
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
}

/**
 * `/company/{companyId}/payment/{paymentIntentId}` (SPEC §2 "Card payment page"): the amount in
 * SEK, the card form and `Pay`; processing while confirming and while waiting for the platform;
 * the provider's error; 'Failed to fetch payment intent'; and the payment-completed heading.
 * The texts carry the context "company payment": the route renders them in Swedish whatever the
 * visitor's language (SPEC §2, §9), and the context keeps their Swedish apart from the shop's.
 */
export function CompanyPaymentView({ snapshot, send, cardForm, testMode }: CompanyPaymentViewProps) {
  const { t } = useLingui()
  const { context } = snapshot

  if (snapshot.matches('completed')) {
    return (
      <PageContainer className={styles.page}>
        <h1 className={styles.heading}>
          <Trans context="company payment">Payment completed</Trans>
        </h1>
        <p className={styles.body}>
          <Trans context="company payment">Thank you! You can close this page.</Trans>
        </p>
      </PageContainer>
    )
  }

  const heading = (
    <h1 className={styles.heading}>
      <Trans context="company payment">Card payment</Trans>
    </h1>
  )

  if (snapshot.matches('loading')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Spinner size="large" label={t({ message: 'Loading', context: 'company payment' })} />
      </PageContainer>
    )
  }

  if (snapshot.matches('loadFailed')) {
    return (
      <PageContainer className={styles.page}>
        {heading}
        <Alert>
          <Trans context="company payment">Failed to fetch payment intent</Trans>
        </Alert>
        <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
          <Trans context="company payment">Try again</Trans>
        </Button>
      </PageContainer>
    )
  }

  const amount = context.intent?.amount
  const polling = snapshot.matches('polling')
  const busy = snapshot.hasTag('busy')
  // The error of this visit, else the one the platform kept from an earlier attempt.
  const errorMessage = context.error ? context.error.message : snapshot.matches('ready') ? context.intent?.errorMessage ?? null : null
  const showError = context.error !== null || errorMessage !== null
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    send({ type: 'card.submit' })
  }
  return (
    <PageContainer className={styles.page}>
      {heading}
      {testMode && (
        <p className={styles.testMode}>
          <Trans context="company payment">Test mode</Trans>
        </p>
      )}
      {amount && (
        <div>
          <p className={styles.amountLabel}>
            <Trans context="company payment">Amount</Trans>
          </p>
          <p className={styles.amount}>{formatMoney(amount.amount, 'SEK')}</p>
        </div>
      )}
      {polling ? (
        <p role="status" className={styles.body}>
          <Spinner decorative /> <Trans context="company payment">Processing payment…</Trans>
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.cardSlot}>{cardForm}</div>
          {showError && (
            <Alert>
              {errorMessage !== null ? (
                <Trans context="company payment">An error occurred, please try again: {errorMessage}</Trans>
              ) : (
                <Trans context="company payment">An unknown error occurred, please try again</Trans>
              )}
            </Alert>
          )}
          {busy && (
            <p role="status" className={styles.muted}>
              <Trans context="company payment">Processing payment…</Trans>
            </p>
          )}
          <Button type="submit" loading={busy} fullWidth>
            <Trans context="company payment">Pay</Trans>
          </Button>
        </form>
      )}
    </PageContainer>
  )
}
