import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingCallbackPage } from './integrate/-bookkeeping-callback-page'
import { callbackSearchSchema } from '@/api/schemas/route-owner.schema'

/** `/integrateFortnox`: the Fortnox bookkeeping callback (SPEC §2, §4 "Bookkeeping callback"). */
export const Route = createFileRoute('/integrateFortnox')({
  validateSearch: callbackSearchSchema,
  component: function FortnoxCallbackRoute() {
    return <BookkeepingCallbackPage provider="fortnox" search={Route.useSearch()} />
  },
})
