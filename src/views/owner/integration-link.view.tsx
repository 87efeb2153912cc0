import { Trans, useLingui } from '@lingui/react/macro'
import type { EventFromLogic, SnapshotFrom } from 'xstate'
import type { integrationLinkMachine } from '@machines/integration-link/integration-link.machine'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import * as styles from './owner-page.css'

/** Snapshot of the integration link machine (SPEC §2 `/integrate/…`). */
export type IntegrationLinkSnapshot = SnapshotFrom<typeof integrationLinkMachine>
/** Events it accepts: `continue`, `retry`. */
export type IntegrationLinkEvent = EventFromLogic<typeof integrationLinkMachine>

/** Props of {@link IntegrationLinkView}. */
export interface IntegrationLinkViewProps {
  snapshot: IntegrationLinkSnapshot
  send: (event: IntegrationLinkEvent) => void
}

const bookkeeperNames: Record<string, string> = { fortnox: 'Fortnox', visma: 'Visma' }

/**
 * `/integrate/{bookkeeper}/{companyId}/{authCode}` (SPEC §2, §8 "Integration"): getting the
 * link, then a `Continue` button to the provider; or the expired-link, failed-link,
 * only-Visma-and-Fortnox or something-went-wrong texts.
 */
export function IntegrationLinkView({ snapshot, send }: IntegrationLinkViewProps) {
  const { t } = useLingui()
  const { context } = snapshot
  const providerName = bookkeeperNames[context.bookkeeper] ?? context.bookkeeper
  const companyName = context.companyName?.trim() ?? ''

  if (snapshot.matches('missingParameter')) {
    return (
      <PageContainer className={styles.page}>
        <h1 className={styles.heading}>
          <Trans>Something went wrong</Trans>
        </h1>
        <p className={styles.body}>
          <Trans>The link is incomplete. Create a new one in the app and try again.</Trans>
        </p>
      </PageContainer>
    )
  }

  if (snapshot.matches('unsupported')) {
    return (
      <PageContainer className={styles.page}>
        <h1 className={styles.heading}>
          <Trans>Connect your bookkeeping</Trans>
        </h1>
        <Alert>
          <Trans>Only Visma and Fortnox are supported. Contact support if you want to connect another bookkeeping service.</Trans>
        </Alert>
      </PageContainer>
    )
  }

  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.heading}>
        {companyName !== '' ? <Trans>Connect {companyName} to {providerName}</Trans> : <Trans>Connect to {providerName}</Trans>}
      </h1>
      {snapshot.matches('loading') && <Spinner size="large" label={t`Getting the link…`} />}
      {snapshot.matches('ready') && (
        <>
          <p className={styles.body}>
            <Trans>You will be taken to {providerName} to allow the connection, and then back here.</Trans>
          </p>
          <Button onClick={() => send({ type: 'continue' })}>
            <Trans>Continue</Trans>
          </Button>
        </>
      )}
      {snapshot.matches('expired') && (
        <Alert>
          <Trans>The integration link has expired. Create a new one in the app and try again.</Trans>
        </Alert>
      )}
      {snapshot.matches('failed') && (
        <>
          <Alert>
            <Trans>Failed to get integration link. Create a new one in the app and try again.</Trans>
          </Alert>
          <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </>
      )}
    </PageContainer>
  )
}
