import { useMemo } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import type { BookkeepingCallbackInput, CallbackProvider } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'
import { inspectOption } from '@/inspect'
import { mobileAppLink } from '@/services/owner-links'
import { ownerServicesFor } from '@/services/owner.services'
import { BookkeepingCallbackView } from '@/views/owner/bookkeeping-callback.view'
import type { CallbackSearch } from '@/api/schemas/route-owner.schema'
import { useCatalogPart } from '@/i18n/catalog-parts'

/** Props of {@link BookkeepingCallbackPage}. */
export interface BookkeepingCallbackPageProps {
  /** Decided by the route's path (SPEC §2). */
  provider: CallbackProvider
  search: CallbackSearch
}

/**
 * The page behind `/integrateFortnox`, `/integrateVisma` and `/stripe` (SPEC §2, §4): starts the
 * bookkeeping callback machine with the provider, the query and whether this tab linked the
 * code already (a reload of the success page), and renders its view with the
 * mobile app's link for this callback.
 */
export function BookkeepingCallbackPage({ provider, search }: BookkeepingCallbackPageProps) {
  useCatalogPart('owner') // the owner pages' texts (a catalog of their own)
  const { services } = useRouteContext({ from: '__root__' })
  const owner = ownerServicesFor(services)
  const input = useMemo<BookkeepingCallbackInput>(
    () => ({
      provider,
      code: search.code ?? null,
      state: search.state ?? null,
      error: search.error ?? null,
      errorDescription: search.error_description ?? null,
      linkedBefore: owner.integrationLinked(provider, search.code ?? null),
    }),
    [owner, provider, search.code, search.state, search.error, search.error_description],
  )
  const actor = useActorRef(owner.bookkeepingCallback, { input, ...inspectOption() })
  return <BookkeepingCallbackView actor={actor} appLink={mobileAppLink(input)} />
}
