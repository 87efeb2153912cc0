import { useEffect, useRef, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Trans } from '@lingui/react/macro'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Spinner } from '@/ui/spinner'
import { PaymentErrorText } from './payment-error.view'
import type { CardProviderRef } from '@machines/checkout/checkout.machine'
import { StatusLine } from '@/ui/status-line'
import * as styles from './payment.css'

/** Props of {@link CardPaymentView}. */
export interface CardPaymentViewProps {
  /** The card provider child of the started checkout. */
  provider: CardProviderRef
  /** The simulated provider is in use: show the 'Test mode' marker (CONTRACT.md). */
  testMode: boolean
  /** The payment element has reported ready; Pay waits for it. */
  elementReady: boolean
  /** The payment element (Stripe Elements), mounted by the route container. */
  children: ReactNode
}

/**
 * The card step of a started payment (SPEC §2 "Card", §4 "Card"): the payment element and
 * 'Pay' (disabled while confirming or before the element is ready), then 'Processing
 * payment…', the provider's failure in an alert above Pay (scrolled into view), or 'Payment
 * successful, creating your receipt…' while the checkout waits for the receipt. Pay sends `card.submit`; it is disabled
 * too while a change waits for the card's intent (`verifying`: another tab may have paid it).
 */
export function CardPaymentView({ provider, testMode, elementReady, children }: CardPaymentViewProps) {
  const snapshot = useSelector(provider, (s) => s)
  const busy = snapshot.hasTag('busy')
  const succeeded = snapshot.matches('succeeded')
  const verifying = snapshot.hasTag('verifying')
  const failed = snapshot.matches('failed')
  // The refusal shows above Pay, and in view: Pay may have been pressed at the screen's bottom edge.
  const refusal = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (failed) refusal.current?.scrollIntoView({ block: 'nearest' })
  }, [failed])
  return (
    <div className={styles.section}>
      {testMode && (
        <p className={styles.testMode}>
          <Trans>Test mode</Trans>
        </p>
      )}
      <div className={styles.cardElement}>{children}</div>
      {failed && (
        <div ref={refusal}>
          <Alert tone="error">
            {snapshot.context.error ? <PaymentErrorText error={snapshot.context.error} /> : <Trans>An unknown error occurred, please try again</Trans>}
          </Alert>
        </div>
      )}
      {!succeeded && (
        <Button fullWidth loading={busy} disabled={!elementReady || verifying} onClick={() => provider.send({ type: 'card.submit' })}>
          <Trans>Pay</Trans>
        </Button>
      )}
      {/* One status line for the card's life, so a screen reader announces each text put into it. */}
      <StatusLine className={succeeded ? styles.success : styles.progress}>
        {busy && (
          <>
            <Spinner decorative />
            <span>
              <Trans>Processing payment…</Trans>
            </span>
          </>
        )}
        {succeeded && <Trans>Payment successful, creating your receipt…</Trans>}
      </StatusLine>
    </div>
  )
}
