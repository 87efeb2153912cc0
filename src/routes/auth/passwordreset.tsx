import { createFileRoute } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { inspectOption } from '@/inspect'
import { ownerServicesFor } from '@/services/owner.services'
import { PasswordResetView } from '@/views/owner/password-reset.view'
import { passwordResetSearchSchema } from '@/api/schemas/route-owner.schema'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/auth/passwordreset?oobCode=` (SPEC §2, §4 "Password reset"): starts the password reset
 * machine with the code; the identity SDK loads on the first call, so only this page needs it.
 */
export const Route = createFileRoute('/auth/passwordreset')({
  validateSearch: passwordResetSearchSchema,
  component: PasswordResetRoute,
})

function PasswordResetRoute() {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own)
  const { oobCode } = Route.useSearch()
  const { services } = Route.useRouteContext()
  const actor = useActorRef(ownerServicesFor(services).passwordReset, { input: { oobCode: oobCode ?? null }, ...inspectOption() })
  return <PasswordResetView actor={actor} />
}
