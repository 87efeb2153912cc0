import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { BookkeepingCallbackActor, CallbackProvider } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'
import { Alert } from '@/ui/alert'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import { StatusLine } from '@/ui/status-line'
import { providerErrorText } from './owner.messages'
import * as styles from './owner-page.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link BookkeepingCallbackView}. */
export interface BookkeepingCallbackViewProps {
  /** The page's bookkeeping callback (SPEC §4 "Bookkeeping callback"). */
  actor: BookkeepingCallbackActor
  /** The mobile app's custom-scheme link for this callback, offered when the redirect does nothing. */
  appLink: string
}

/** Provider names are brands: the same in every language. */
const providerNames: Record<CallbackProvider, string> = { fortnox: 'Fortnox', visma: 'Visma', stripe: 'Stripe' }

/**
 * `/integrateFortnox`, `/integrateVisma`, `/stripe` (SPEC §2, §4, §8 "Integration"): connecting,
 * connected, the failure with the server's message, the provider's translated error with its
 * description, or — when the app must finish — the note that the app is opening, with a link
 * in case it does not. Sends `app.open`. The document title is the state's heading (WCAG 2.4.2).
 */
export function BookkeepingCallbackView({ actor, appLink }: BookkeepingCallbackViewProps) {
  const { t, i18n } = useLingui()
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)
  const providerName = providerNames[context.provider]
  const headings: Record<typeof state, string> = {
    start: t`Connect your bookkeeping`,
    integrating: t`Connecting to ${providerName}…`,
    integrated: t`${providerName} is now connected`,
    openingApp: t`Opening the app…`,
    providerError: t`The connection to ${providerName} failed`,
    failed: t`The connection to ${providerName} failed`,
  }
  const heading = <h1 className={styles.heading}>{headings[state]}</h1>
  // One status line in every state, next to the heading: the connection's outcome, which no press
  // brought, is announced (WCAG 4.1.3). A failure is an alert instead.
  const status = (
    <StatusLine className={styles.body}>
      {state === 'integrated' && <Trans>The integration is done. You can close this page.</Trans>}
    </StatusLine>
  )
  useDocumentTitle(headings[state])
  const connectionTrouble = t`Something went wrong with the connection. Our developers have been notified. Please try again in a moment`

  if (state === 'integrating') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        {status}
        <Spinner size="large" label={t`Connecting to ${providerName}`} />
      </PageContainer>
    )
  }

  if (state === 'integrated') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        {status}
      </PageContainer>
    )
  }

  if (state === 'openingApp') {
    return (
      <PageContainer className={styles.page}>
        {heading}
        {status}
        <p className={styles.body}>
          <Trans>The app finishes connecting {providerName}.</Trans>
        </p>
        <p className={styles.muted}>
          <Trans>
            If nothing happens, the app may not be installed on this device. Open this page on the phone or tablet where the app is
            installed.
          </Trans>
        </p>
        {/* A real link (copyable, long-pressable); a plain click goes through the machine. */}
        <a
          className={styles.linkButton}
          href={appLink}
          onClick={(event) => {
            event.preventDefault()
            actor.send({ type: 'app.open' })
          }}
        >
          <Trans>Open the app</Trans>
        </a>
      </PageContainer>
    )
  }

  let problem: string
  // Anyone can write a link with its own `error_description`: the page shows a provider's
  // sentence, not a page of someone else's text under its heading.
  let description: string | null = null
  if (state === 'providerError') {
    problem = providerErrorText(i18n, context.provider, (context.error ?? '').trim(), providerName) ?? connectionTrouble
    description = shortened(context.errorDescription?.trim() || null)
  } else if (context.failure?.code === 'rejected') {
    const message = context.failure.message
    problem = message ? t`The integration with ${providerName} failed: ${message}` : t`The integration with ${providerName} failed`
  } else {
    problem = connectionTrouble
  }
  return (
    <PageContainer className={styles.page}>
      {heading}
      {status}
      <Alert>
        <p className={styles.body}>{problem}</p>
        {description !== null && <p className={styles.body}>{description}</p>}
      </Alert>
    </PageContainer>
  )
}

/** Longest provider error description shown (characters): its sentence, never a page of text. */
const DESCRIPTION_MAX = 300

/** `text` cut to {@link DESCRIPTION_MAX} characters with an ellipsis; null stays null. */
function shortened(text: string | null): string | null {
  return text !== null && text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text
}
