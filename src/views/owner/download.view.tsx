import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '@/ui/alert'
import { PageContainer } from '@/ui/page-container'
import * as styles from './owner-page.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link DownloadView}. */
export interface DownloadViewProps {
  /** The checked download URL (https or same-origin); null when the `url` query was not one. */
  href: string | null
}

/**
 * `/download?url=` (SPEC §2, CONTRACT.md "Download page"): a `Download receipt` link only for a
 * URL the route accepted; otherwise an error text and no link, which the document title
 * names before the heading (WCAG 2.4.2).
 */
export function DownloadView({ href }: DownloadViewProps) {
  const { t } = useLingui()
  const page = t`Your receipt`
  const invalid = t`This download link is not valid`
  useDocumentTitle(href !== null ? page : [invalid, page])
  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.heading}>{page}</h1>
      {href !== null ? (
        <a className={styles.linkButton} href={href} target="_blank" rel="noopener noreferrer">
          <Trans>Download receipt</Trans>
        </a>
      ) : (
        <Alert>{invalid}</Alert>
      )}
    </PageContainer>
  )
}
