import { createFileRoute } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { inspectOption } from '@/inspect'
import { ownerServicesFor } from '@/services/owner.services'
import { IntegrationLinkView } from '@/views/owner/integration-link.view'
import { integrationLinkSearchSchema } from '@/api/schemas/route-owner.schema'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/integrate/{bookkeeper}/{companyId}/{authCode}?companyName=` (SPEC §2, §8 "Integration"):
 * starts the integration link machine with the path parameters (bookkeeper lower-cased, so
 * `Fortnox` works too) and renders its view. New parameters remount with a new actor.
 */
export const Route = createFileRoute('/integrate/$bookkeeper/$companyId/$authCode')({
  validateSearch: integrationLinkSearchSchema,
  remountDeps: ({ params }) => params,
  component: IntegrationLinkRoute,
})

function IntegrationLinkRoute() {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own)
  const { bookkeeper, companyId, authCode } = Route.useParams()
  const { companyName } = Route.useSearch()
  const { services } = Route.useRouteContext()
  const actor = useActorRef(ownerServicesFor(services).integrationLink, {
    input: { bookkeeper: bookkeeper.trim().toLowerCase(), companyId, authCode, companyName: companyName ?? null },
    ...inspectOption(),
  })
  return <IntegrationLinkView actor={actor} />
}
