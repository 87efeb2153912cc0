import { Suspense, useEffect, useState } from 'react'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { isApiError } from '@/api/errors'
import { useCatalogPart } from '@/i18n/catalog-parts'
import { alongsideCatalogPart } from '@/i18n/preload-part'
import { i18n } from '@lingui/core'
import { LoadingScreen } from '@/ui/loading-screen'
import { ReceiptPdfErrorView, ReceiptPdfView } from '@/views/owner/receipt-pdf.view'

/**
 * `/receipt/{companyId}/{receiptId}` (SPEC §2 "PDF receipt download page", §7, §8): loads the
 * receipt's PDF bytes, offers them as `receipt-{receiptId}.pdf` and shows them inline. A 400
 * shows the server's message, anything else 'An error occurred'. New parameters reload.
 */
export const Route = createFileRoute('/receipt/$companyId/$receiptId')({
  remountDeps: ({ params }) => params,
  // The api straight from the context: loaders stay in the entry chunk, the owner services do not.
  // The owner pages' texts load alongside, so the error page renders at once.
  loader: ({ context, params }) => alongsideCatalogPart(i18n, 'owner', context.services.api.getReceiptPdf(params.companyId, params.receiptId)),
  pendingComponent: LoadingScreen,
  errorComponent: ReceiptPdfErrorPage,
  component: ReceiptPdfRoute,
})

/**
 * An object URL for `bytes` while the component is mounted; revoked when the bytes change or the
 * page goes, so the PDF does not stay in memory (the URL is a resource, not spec state).
 */
function useObjectUrl(bytes: Uint8Array, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const created = URL.createObjectURL(new Blob([bytes.slice()], { type }))
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [bytes, type])
  return url
}

function ReceiptPdfRoute() {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own, issue 6)
  const { receiptId } = Route.useParams()
  const url = useObjectUrl(Route.useLoaderData(), 'application/pdf')
  // File names keep to a safe charset whatever the id holds.
  return <ReceiptPdfView url={url} fileName={`receipt-${receiptId.replace(/[^\w.-]+/g, '_')}.pdf`} />
}

function ReceiptPdfErrorPage({ error }: ErrorComponentProps) {
  const serverMessage = isApiError(error) && error.status === 400 ? error.serverMessage : null
  return (
    <Suspense fallback={<LoadingScreen />}>
      <ReceiptPdfError serverMessage={serverMessage} />
    </Suspense>
  )
}

function ReceiptPdfError({ serverMessage }: { serverMessage: string | null }) {
  useCatalogPart('owner')
  return <ReceiptPdfErrorView serverMessage={serverMessage} />
}
