import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingCallbackPage } from './integrate/-bookkeeping-callback-page'
import { callbackSearchSchema } from './integrate/-owner-search'

/** `/integrateFortnox`: the Fortnox bookkeeping callback (SPEC §2, §4 "Bookkeeping callback"). */
export const Route = createFileRoute('/integrateFortnox')({
  validateSearch: (search: Record<string, unknown>) => callbackSearchSchema.parse(search),
  component: function FortnoxCallbackRoute() {
    return <BookkeepingCallbackPage provider="fortnox" search={Route.useSearch()} />
  },
})
