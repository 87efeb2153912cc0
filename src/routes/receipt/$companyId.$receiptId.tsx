import { createFileRoute } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useCatalogPart } from '@/i18n/catalog-parts'
import { inspectOption } from '@/inspect'
import { ownerServicesFor } from '@/services/owner.services'
import { LoadingScreen } from '@/ui/loading-screen'
import { ReceiptPdfView } from '@/views/owner/receipt-pdf.view'

/**
 * `/receipt/{companyId}/{receiptId}` (SPEC §2 "PDF receipt download page", §7, §8): starts the
 * PDF receipt machine with the path parameters and renders its view. New parameters remount
 * with a new actor.
 */
export const Route = createFileRoute('/receipt/$companyId/$receiptId')({
  remountDeps: ({ params }) => params,
  pendingComponent: LoadingScreen,
  component: ReceiptPdfRoute,
})

function ReceiptPdfRoute() {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own)
  const { companyId, receiptId } = Route.useParams()
  const { services } = Route.useRouteContext()
  const actor = useActorRef(ownerServicesFor(services).receiptPdf, { input: { companyId, receiptId }, ...inspectOption() })
  return <ReceiptPdfView actor={actor} />
}
