import { Suspense, type ReactNode } from 'react'
import { Link, createFileRoute, notFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import * as v from 'valibot'
import { isApiError } from '@/api/errors'
import { receiptIdSchema } from '@/api/schemas/route-shop.schema'
import { DEFAULT_CURRENCY } from '@/domain/money'
import { inspectOption } from '@/inspect'
import { receiptEmailFor } from '@/services/receipt.services'
import { ErrorView } from '@/views/app/error.view'
import { LoadingScreen } from '@/ui/loading-screen'
import { ReceiptNotFoundView } from '@/views/receipt/receipt-not-found.view'
import { ReceiptView } from '@/views/receipt/receipt.view'
import { useCatalogPart } from '@/i18n/catalog-parts'
import { alongsideCatalogPart } from '@/i18n/preload-part'
import { i18n } from '@lingui/core'


/**
 * `/$shopId/receipt/$receiptId` (SPEC §2 "Receipt page"): validates the receipt id, loads the
 * receipt (an ApiError 404 shows 'We could not find this receipt', anything else the generic
 * error page with retry), starts the `receiptEmail` machine (`receiptEmailFor`) and renders the receipt in the
 * shop's currency. A new receipt id remounts, so the e-mail actor never keeps the old input.
 */
export const Route = createFileRoute('/$shopId/receipt/$receiptId')({
  params: {
    parse: ({ receiptId }) => {
      const parsed = v.safeParse(receiptIdSchema, receiptId)
      if (!parsed.success) throw notFound()
      return { receiptId: parsed.output }
    },
    stringify: ({ receiptId }) => ({ receiptId }),
  },
  remountDeps: ({ params }) => params,
  // The page's texts and its error page's (the `pages` catalog) load alongside the receipt.
  loader: ({ context, params }) => alongsideCatalogPart(i18n, 'pages', context.services.shop.getReceipt(params.shopId, params.receiptId)),
  pendingComponent: LoadingScreen,
  errorComponent: ReceiptErrorPage,
  component: ReceiptPage,
})

function MenuLink({ className, children }: { className: string; children: ReactNode }) {
  const { shopId } = Route.useParams()
  return (
    <Link to="/$shopId" params={{ shopId }} className={className}>
      {children}
    </Link>
  )
}

function ReceiptPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own)
  const { shopId, receiptId } = Route.useParams()
  const receipt = Route.useLoaderData()
  const { services, shop } = Route.useRouteContext()
  const currency = useSelector(shop, (s) => s.context.shopData?.company.currency ?? DEFAULT_CURRENCY)
  const email = useActorRef(receiptEmailFor(services), { input: { shopId, receiptId }, ...inspectOption() })
  return (
    <ReceiptView
      receipt={receipt}
      currency={currency}
      downloadUrl={services.shop.receiptDownloadUrl(shopId, receiptId)}
      email={email}
      MenuLink={MenuLink}
    />
  )
}

function ReceiptNotFound() {
  useCatalogPart('pages')
  return <ReceiptNotFoundView MenuLink={MenuLink} />
}

function ReceiptErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  if (isApiError(error) && error.kind === 'notFound') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ReceiptNotFound />
      </Suspense>
    )
  }
  return (
    <ErrorView
      onRetry={() => {
        reset()
        void router.invalidate()
      }}
    />
  )
}
