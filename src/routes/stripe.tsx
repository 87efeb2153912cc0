import { createFileRoute } from '@tanstack/react-router'
import { BookkeepingCallbackPage } from './integrate/-bookkeeping-callback-page'
import { callbackSearchSchema } from '@/api/schemas/route-owner.schema'

/**
 * `/stripe`: the Stripe account-link callback (SPEC §2 lists it with the bookkeeping callbacks).
 * SPEC §7 has no web call to finish it, so the page hands the query to the mobile app, or shows
 * the provider's error.
 */
export const Route = createFileRoute('/stripe')({
  validateSearch: callbackSearchSchema,
  component: function StripeCallbackRoute() {
    return <BookkeepingCallbackPage provider="stripe" search={Route.useSearch()} />
  },
})
