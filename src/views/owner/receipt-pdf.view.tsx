import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ReceiptPdfActor } from '@machines/receipt-pdf/receipt-pdf.machine'
import { Alert } from '@/ui/alert'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import * as styles from './owner-page.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link ReceiptPdfView}. */
export interface ReceiptPdfViewProps {
  /** The page's PDF receipt (SPEC §2 "PDF receipt download page"). */
  actor: ReceiptPdfActor
}

/**
 * `/receipt/{companyId}/{receiptId}` (SPEC §2 "PDF receipt download page", §8 "PDF download"):
 * a spinner while the PDF loads; then the PDF offered as a `Download receipt` file download named
 * `receipt-{receiptId}.pdf` (a safe charset whatever the id holds) and shown inline in a frame
 * named `Receipt` where the browser can display PDFs; or, when it could not be had, the server's
 * message of a 400 or 'An error occurred'. The document title is the heading, after the
 * failure's text when it could not be had (WCAG 2.4.2).
 */
export function ReceiptPdfView({ actor }: ReceiptPdfViewProps) {
  const { t } = useLingui()
  const state = useSelector(actor, (s) => s.value)
  const url = useSelector(actor, (s) => s.context.url)
  const serverMessage = useSelector(actor, (s) => s.context.serverMessage)
  const page = t`Your receipt`
  const failure = serverMessage ?? t`An error occurred`
  useDocumentTitle(state === 'failed' ? [failure, page] : page)
  const fileName = useSelector(actor, (s) => `receipt-${s.context.receiptId.replace(/[^\w.-]+/g, '_')}.pdf`)
  return (
    <PageContainer className={state === 'ready' ? `${styles.page} ${styles.wide}` : styles.page}>
      <h1 className={styles.heading}>{page}</h1>
      {state === 'loading' && <Spinner size="large" />}
      {state === 'ready' && url !== null && (
        <>
          <a className={styles.linkButton} href={url} download={fileName}>
            <Trans>Download receipt</Trans>
          </a>
          <iframe className={styles.pdfFrame} src={url} title={t`Receipt`} />
        </>
      )}
      {state === 'failed' && <Alert>{failure}</Alert>}
    </PageContainer>
  )
}
