import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useCatalogPart } from '@/i18n/catalog-parts'
import { I18nProvider, useLingui } from '@lingui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { inspectOption } from '@/inspect'
import { createCardGateway } from '@/services/card-gateway'
import { isCardTestMode } from '@/services/card/load-stripe'
import { ownerServicesFor } from '@/services/owner.services'
import { LoadingScreen } from '@/ui/loading-screen'
import { CompanyPaymentView } from '@/views/owner/company-payment.view'
import { CompanyCardForm } from './-company-card-form'
import { swedishI18n } from './-swedish'

/**
 * `/company/{companyId}/payment/{paymentIntentId}` (SPEC §2 "Card payment page", §4): loads the
 * Swedish catalog, starts the company card payment machine with the path parameters and a card
 * gateway of its own, and renders the view in Swedish whatever the visitor's language (short
 * labels glossed in the visitor's own language, so 'Betala (Pay)' for an English visitor), with
 * the card form in its slot once the intent's client secret is known.
 */
export const Route = createFileRoute('/company/$companyId/payment/$paymentIntentId')({
  remountDeps: ({ params }) => params,
  // Imported here, so the catalog loader comes with the page's chunk, not the app's (issue 6).
  loader: async () => void (await (await import('./-swedish')).loadSwedishI18n()),
  pendingComponent: LoadingScreen,
  component: CompanyPaymentRoute,
})

function CompanyPaymentRoute() {
  // The visitor's own language glosses the labels: its owner-pages catalog is needed too.
  useCatalogPart('owner')
  const swedish = swedishI18n()
  const visitor = useLingui().i18n
  const { companyId, paymentIntentId } = Route.useParams()
  const { services } = Route.useRouteContext()
  const [gateway] = useState(createCardGateway)
  const [machine] = useState(() => ownerServicesFor(services).companyCardPayment(gateway))
  const actor = useActorRef(machine, { input: { companyId, paymentIntentId }, ...inspectOption() })
  const snapshot = useSelector(actor, (s) => s)
  const intent = snapshot.context.intent
  const cardForm = intent?.clientSecret ? (
    <CompanyCardForm clientSecret={intent.clientSecret} stripeAccount={intent.stripeAccountId} gateway={gateway} />
  ) : null
  return (
    <I18nProvider i18n={swedish}>
      <div lang="sv">
        <CompanyPaymentView
          snapshot={snapshot}
          send={actor.send}
          cardForm={cardForm}
          testMode={isCardTestMode()}
          gloss={visitor.locale === 'sv' ? null : visitor}
        />
      </div>
    </I18nProvider>
  )
}
