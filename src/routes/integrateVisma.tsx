import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingCallbackPage } from './integrate/-bookkeeping-callback-page'
import { callbackSearchSchema } from '@/api/schemas/route-owner.schema'

/** `/integrateVisma`: the Visma bookkeeping callback (SPEC §2, §4 "Bookkeeping callback"). */
export const Route = createFileRoute('/integrateVisma')({
  validateSearch: callbackSearchSchema,
  component: function VismaCallbackRoute() {
    return <BookkeepingCallbackPage provider="visma" search={Route.useSearch()} />
  },
})
