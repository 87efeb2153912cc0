import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import { ProviderLogo } from './provider-logo'
import * as styles from './app-pages.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link ErrorView}. */
export interface ErrorViewProps {
  /** Retries whatever failed; the button is hidden when absent. */
  onRetry?: () => void
}

/** The generic error page (SPEC §2, §8): `Something went wrong` / `Please try again later`. */
export function ErrorView({ onRetry }: ErrorViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Something went wrong`)
  return (
    <PageContainer className={styles.page}>
      <ProviderLogo />
      <h1 className={styles.heading}>
        <Trans>Something went wrong</Trans>
      </h1>
      <p className={styles.body}>
        <Trans>Please try again later</Trans>
      </p>
      {onRetry && (
        <Button onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </PageContainer>
  )
}
