import { Trans, useLingui } from '@lingui/react/macro'
import { PageContainer } from '@/ui/page-container'
import type { ReceiptLinkComponent } from './receipt.view'
import * as styles from './receipt.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link ReceiptNotFoundView}. */
export interface ReceiptNotFoundViewProps {
  /** Renders the link back to the shop's menu. */
  MenuLink: ReceiptLinkComponent
}

/**
 * Shown when the platform answers 404 for a receipt (SPEC §2 "Receipt page", §8): a
 * receipt-specific message instead of the generic error page, with a way back to the menu.
 */
export function ReceiptNotFoundView({ MenuLink }: ReceiptNotFoundViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`We could not find this receipt`)
  return (
    <PageContainer as="div" className={styles.notFound}>
      <h1 className={styles.title}>
        <Trans>We could not find this receipt</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>Check the link you followed. If you paid, the shop can send you the receipt again.</Trans>
      </p>
      <MenuLink className={styles.textLink}>
        <Trans>Back to the menu</Trans>
      </MenuLink>
    </PageContainer>
  )
}
