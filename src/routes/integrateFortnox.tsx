import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingCallbackPage } from './integrate/-bookkeeping-callback-page'
import { callbackSearchSchema } from './integrate/-owner-search'
import * as v from 'valibot'

/** `/integrateFortnox`: the Fortnox bookkeeping callback (SPEC §2, §4 "Bookkeeping callback"). */
export const Route = createFileRoute('/integrateFortnox')({
  validateSearch: (search: Record<string, unknown>) => v.parse(callbackSearchSchema, search),
  component: function FortnoxCallbackRoute() {
    return <BookkeepingCallbackPage provider="fortnox" search={Route.useSearch()} />
  },
})
