import { createFileRoute } from '@tanstack/react-router'
import { NotFoundScreen } from '@/views/app/not-found.view'
import { IntegrationLinkPage } from './-integration-link-page'

/** The path's parameters after `/integrate/`, '' for each one missing; null for more than three. */
function integrationParams(splat: string | undefined): [string, string, string] | null {
  const parts = (splat ?? '').split('/')
  if (parts.length > 3) return null
  const [bookkeeper = '', companyId = '', authCode = ''] = parts
  return [bookkeeper, companyId, authCode]
}

/**
 * `/integrate`, `/integrate/{bookkeeper}` and `/integrate/{bookkeeper}/{companyId}` (a
 * parameter missing, or blank): the integration link page, whose machine answers
 * 'Something went wrong' (SPEC §8 "common.somethingWentWrong when a path parameter is
 * missing"). Longer paths get the not-found page (SPEC §2 "any other path").
 */
export const Route = createFileRoute('/integrate/$')({
  component: IntegrationLinkMissingRoute,
})

function IntegrationLinkMissingRoute() {
  const params = integrationParams(Route.useParams()._splat)
  if (!params) return <NotFoundScreen />
  const [bookkeeper, companyId, authCode] = params
  return <IntegrationLinkPage bookkeeper={bookkeeper} companyId={companyId} authCode={authCode} companyName={null} />
}
