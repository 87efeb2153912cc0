import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '@/ui/alert'
import { PageContainer } from '@/ui/page-container'
import { Spinner } from '@/ui/spinner'
import * as styles from './owner-page.css'

/** Props of {@link ReceiptPdfView}. */
export interface ReceiptPdfViewProps {
  /** Object URL of the PDF; null while it is being made. */
  url: string | null
  /** File name the download is saved as, e.g. `receipt-42.pdf`. */
  fileName: string
}

/**
 * `/receipt/{companyId}/{receiptId}` (SPEC §2 "PDF receipt download page"): the PDF offered as
 * a `Download receipt` file download and shown inline in a frame named `Receipt` where the
 * browser can display PDFs.
 */
export function ReceiptPdfView({ url, fileName }: ReceiptPdfViewProps) {
  const { t } = useLingui()
  return (
    <PageContainer className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.heading}>
        <Trans>Your receipt</Trans>
      </h1>
      {url === null ? (
        <Spinner size="large" />
      ) : (
        <>
          <a className={styles.linkButton} href={url} download={fileName}>
            <Trans>Download receipt</Trans>
          </a>
          <iframe className={styles.pdfFrame} src={url} title={t`Receipt`} />
        </>
      )}
    </PageContainer>
  )
}

/** Props of {@link ReceiptPdfErrorView}. */
export interface ReceiptPdfErrorViewProps {
  /** The server's message of a 400 answer; null shows 'An error occurred' (error.anErrorOccurred). */
  serverMessage: string | null
}

/** The PDF receipt page when the receipt could not be had (SPEC §8 "PDF download"). */
export function ReceiptPdfErrorView({ serverMessage }: ReceiptPdfErrorViewProps) {
  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.heading}>
        <Trans>Your receipt</Trans>
      </h1>
      <Alert>{serverMessage ?? <Trans>An error occurred</Trans>}</Alert>
    </PageContainer>
  )
}
