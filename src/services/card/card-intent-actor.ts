import { fromPromise } from 'xstate'

/**
 * The card machine's `retrieveCardIntent` actor for the live app (SPEC §4 "Card"): the reading
 * code, and with it the card provider, loads only when an intent is first read. One actor for
 * the shop's checkout and the owner's company payment alike.
 */
export const retrieveCardIntentActor = fromPromise(({ input }: { input: { clientSecret: string; stripeAccountId: string | null } }) =>
  import('./card-intent').then((m) => m.retrieveCardIntent(input)),
)
