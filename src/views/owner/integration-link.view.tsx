import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { IntegrationLinkActor } from '@machines/integration-link/integration-link.machine'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import * as styles from './owner-page.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link IntegrationLinkView}. */
export interface IntegrationLinkViewProps {
  /** The page's integration link (SPEC §2 `/integrate/…`). */
  actor: IntegrationLinkActor
}

const bookkeeperNames: Record<string, string> = { fortnox: 'Fortnox', visma: 'Visma' }

/**
 * `/integrate/{bookkeeper}/{companyId}/{authCode}` (SPEC §2, §8 "Integration"): getting the
 * link, then a `Continue` button to the provider; or the expired-link, failed-link,
 * only-Visma-and-Fortnox or something-went-wrong texts. Sends `continue` and `retry`. The
 * document title is the state's heading, after its message when it shows one (WCAG 2.4.2).
 */
export function IntegrationLinkView({ actor }: IntegrationLinkViewProps) {
  const { t } = useLingui()
  const state = useSelector(actor, (s) => s.value)
  const bookkeeper = useSelector(actor, (s) => s.context.bookkeeper)
  const companyName = useSelector(actor, (s) => s.context.companyName?.trim() ?? '')
  const providerName = bookkeeperNames[bookkeeper] ?? bookkeeper
  const connect = companyName !== '' ? t`Connect ${companyName} to ${providerName}` : t`Connect to ${providerName}`
  const texts = {
    bookkeeping: t`Connect your bookkeeping`,
    unsupported: t`Only Visma and Fortnox are supported. Contact support if you want to connect another bookkeeping service.`,
    expired: t`The integration link has expired. Create a new one in the app and try again.`,
    failed: t`Failed to get integration link. Create a new one in the app and try again.`,
  }
  const titles: Record<typeof state, string | readonly string[]> = {
    start: connect,
    missingParameter: t`Something went wrong`,
    unsupported: [texts.unsupported, texts.bookkeeping],
    loading: connect,
    ready: connect,
    expired: [texts.expired, connect],
    failed: [texts.failed, connect],
  }
  useDocumentTitle(titles[state])

  if (state === 'missingParameter') {
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

  if (state === 'unsupported') {
    return (
      <PageContainer className={styles.page}>
        <h1 className={styles.heading}>{texts.bookkeeping}</h1>
        <Alert>{texts.unsupported}</Alert>
      </PageContainer>
    )
  }

  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.heading}>{connect}</h1>
      {state === 'loading' && <Spinner size="large" label={t`Getting the link…`} />}
      {state === 'ready' && (
        <>
          <p className={styles.body}>
            <Trans>You will be taken to {providerName} to allow the connection, and then back here.</Trans>
          </p>
          <Button onClick={() => actor.send({ type: 'continue' })}>
            <Trans>Continue</Trans>
          </Button>
        </>
      )}
      {state === 'expired' && <Alert>{texts.expired}</Alert>}
      {state === 'failed' && (
        <>
          <Alert>{texts.failed}</Alert>
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </>
      )}
    </PageContainer>
  )
}
