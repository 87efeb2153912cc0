import { createFileRoute } from '@tanstack/react-router'
import { integrationLinkSearchSchema } from '@/api/schemas/route-owner.schema'
import { IntegrationLinkPage } from './-integration-link-page'

/**
 * `/integrate/{bookkeeper}/{companyId}/{authCode}?companyName=` (SPEC §2, §8 "Integration"):
 * the integration link page for these parameters. New parameters remount with a new actor.
 */
export const Route = createFileRoute('/integrate/$bookkeeper/$companyId/$authCode')({
  validateSearch: integrationLinkSearchSchema,
  remountDeps: ({ params }) => params,
  component: IntegrationLinkRoute,
})

function IntegrationLinkRoute() {
  const { bookkeeper, companyId, authCode } = Route.useParams()
  const { companyName } = Route.useSearch()
  return <IntegrationLinkPage bookkeeper={bookkeeper} companyId={companyId} authCode={authCode} companyName={companyName ?? null} />
}
