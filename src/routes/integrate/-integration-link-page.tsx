import { useRouteContext } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { inspectOption } from '@/inspect'
import { ownerServicesFor } from '@/services/owner.services'
import { IntegrationLinkView } from '@/views/owner/integration-link.view'
import { useCatalogPart } from '@/i18n/catalog-parts'

/** Props of {@link IntegrationLinkPage}: the path's parameters ('' when missing) and the query's company name. */
export interface IntegrationLinkPageProps {
  bookkeeper: string
  companyId: string
  authCode: string
  companyName: string | null
}

/**
 * The page behind `/integrate/{bookkeeper}/{companyId}/{authCode}` and its shorter paths (SPEC §2,
 * §8 "Integration"): starts the integration link machine with the parameters (bookkeeper
 * lower-cased, so `Fortnox` works too) and renders its view; the machine tells a missing one.
 */
export function IntegrationLinkPage({ bookkeeper, companyId, authCode, companyName }: IntegrationLinkPageProps) {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own)
  const { services } = useRouteContext({ from: '__root__' })
  const actor = useActorRef(ownerServicesFor(services).integrationLink, {
    input: { bookkeeper: bookkeeper.trim().toLowerCase(), companyId, authCode, companyName },
    ...inspectOption(),
  })
  return <IntegrationLinkView actor={actor} />
}
