import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { OpeningHoursView, hasText } from './opening-hours.view'
import * as styles from './store-info.css'
import { useDocumentTitle } from '@/ui/document-title'
import { pageHeadingProps } from '@/ui/route-focus'

/** Props of {@link RefundPolicyView}. */
export interface RefundPolicyViewProps {
  shopId: string
  /** The shop's refund policy as plain text (line breaks kept), or null. */
  refundPolicy: string | null
  /** The shop's opening hours, or null. */
  openHours: string | null
}

/**
 * `/$shopId/refundPolicy` (SPEC §2 "Store info"): heading 'Refund policy', the merchant's text
 * as text (never HTML) with its line breaks, the opening hours and a link back to the shop.
 * Shown even when the shop is closed or needs a reference.
 */
export function RefundPolicyView({ shopId, refundPolicy, openHours }: RefundPolicyViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Refund policy`)
  return (
    <div className={styles.page}>
      <h2 {...pageHeadingProps} className={styles.heading}>
        <Trans>Refund policy</Trans>
      </h2>
      {hasText(refundPolicy) ? (
        <p className={styles.preLine}>{refundPolicy}</p>
      ) : (
        <p className={styles.muted}>
          <Trans>This shop has not published a refund policy. Contact the shop if you have questions about a purchase.</Trans>
        </p>
      )}
      {hasText(openHours) && <OpeningHoursView text={openHours} level={3} region={false} />}
      <Link to="/$shopId" params={{ shopId }} activeOptions={{ exact: true }} className={styles.back}>
        <Trans>Back to the shop</Trans>
      </Link>
    </div>
  )
}
