import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingCallbackPage } from './integrate/-bookkeeping-callback-page'
import { callbackSearchSchema } from './integrate/-owner-search'
import * as v from 'valibot'

/** `/integrateVisma`: the Visma bookkeeping callback (SPEC §2, §4 "Bookkeeping callback"). */
export const Route = createFileRoute('/integrateVisma')({
  validateSearch: (search: Record<string, unknown>) => v.parse(callbackSearchSchema, search),
  component: function VismaCallbackRoute() {
    return <BookkeepingCallbackPage provider="visma" search={Route.useSearch()} />
  },
})
