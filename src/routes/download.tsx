import { createFileRoute } from '@tanstack/react-router'
import { ownerServicesFor } from '@/services/owner.services'
import { DownloadView } from '@/views/owner/download.view'
import { downloadSearchSchema } from '@/api/schemas/route-owner.schema'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/download?url=` (SPEC §2, CONTRACT.md "Download page"): the receipt link only for an https
 * or same-origin URL; `javascript:`, `data:` and http elsewhere get the error text.
 */
export const Route = createFileRoute('/download')({
  validateSearch: downloadSearchSchema,
  component: DownloadRoute,
})

function DownloadRoute() {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own)
  const { url } = Route.useSearch()
  const { services } = Route.useRouteContext()
  return <DownloadView href={ownerServicesFor(services).safeLink(url)} />
}
