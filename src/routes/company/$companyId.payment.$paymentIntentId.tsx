import { createFileRoute } from '@tanstack/react-router'
import { useCatalogPart } from '@/i18n/catalog-parts'
import { I18nProvider, useLingui } from '@lingui/react'
import { useActorRef } from '@xstate/react'
import type { CompanyCardRef } from '@machines/company-card-payment/company-card-payment.machine'
import { inspectOption } from '@/inspect'
import { isCardTestMode } from '@/services/card/load-stripe'
import { ownerServicesFor } from '@/services/owner.services'
import { LoadingScreen } from '@/ui/loading-screen'
import { CompanyPaymentView } from '@/views/owner/company-payment.view'
import { CardForm } from '../-card-form'
import { swedishI18n } from '@/i18n/swedish'

/**
 * `/company/{companyId}/payment/{paymentIntentId}` (SPEC §2 "Card payment page", §4): loads the
 * Swedish catalog, starts the company card payment machine with the path parameters, and
 * renders its view in Swedish whatever the visitor's language (every text of ours glossed in the
 * visitor's own language, so 'Betala (Pay)' for an English visitor), with the card form of its
 * card payment in Swedish too (SPEC §9 "company card payment … locale Swedish").
 */
export const Route = createFileRoute('/company/$companyId/payment/$paymentIntentId')({
  remountDeps: ({ params }) => params,
  // Imported here, so the catalog loader comes with the page's chunk, not the app's.
  loader: async () => void (await (await import('@/i18n/swedish')).loadSwedishI18n()),
  pendingComponent: LoadingScreen,
  component: CompanyPaymentRoute,
})

/** The card form of the page: the invoked card payment's, Swedish whatever the page language. */
function CompanyCardForm({ card }: { card: CompanyCardRef }) {
  const { services } = Route.useRouteContext()
  return <CardForm card={card} locale="sv" gateway={services.cardGateway} />
}

function CompanyPaymentRoute() {
  // The visitor's own language glosses the labels: its owner-pages catalog is needed too.
  useCatalogPart('owner')
  const visitor = useLingui().i18n
  const { companyId, paymentIntentId } = Route.useParams()
  const { services } = Route.useRouteContext()
  const actor = useActorRef(ownerServicesFor(services).companyCardPayment, { input: { companyId, paymentIntentId }, ...inspectOption() })
  return (
    <I18nProvider i18n={swedishI18n()}>
      <div lang="sv">
        <CompanyPaymentView actor={actor} CardForm={CompanyCardForm} testMode={isCardTestMode()} gloss={visitor.locale === 'sv' ? null : visitor} />
      </div>
    </I18nProvider>
  )
}
