import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/ui/button'
import { PageContainer } from '@/ui/page-container'
import * as styles from './gate-screens.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link ShopLoadFailedView}. */
export interface ShopLoadFailedViewProps {
  /** Sends the gate's `retry`. */
  onRetry: () => void
}

/**
 * The shop could not be loaded after the automatic retries (server error, dropped connection):
 * a message and a 'Try again' button (SPEC §4 "Shop load", DESIGN shop gate `loadFailed`).
 */
export function ShopLoadFailedView({ onRetry }: ShopLoadFailedViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`The shop could not be loaded`)
  return (
    <PageContainer className={styles.screen}>
      <h1 className={styles.heading}>
        <Trans>The shop could not be loaded</Trans>
      </h1>
      <p className={styles.body}>
        <Trans>Check your connection and try again.</Trans>
      </p>
      <Button onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </PageContainer>
  )
}
