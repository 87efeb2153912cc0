import type { ReactNode } from 'react'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import * as v from 'valibot'
import { receiptIdSchema } from '@/api/schemas/route-shop.schema'
import { companyTimeZone } from '@/domain/company'
import { DEFAULT_CURRENCY } from '@/domain/money'
import type { Receipt } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { receiptEmailFor } from '@/services/receipt.services'
import { LoadingScreen } from '@/ui/loading-screen'
import { ReceiptNotFoundView } from '@/views/receipt/receipt-not-found.view'
import { ReceiptView } from '@/views/receipt/receipt.view'
import { useCatalogPart } from '@/i18n/catalog-parts'
import { alongsideCatalogPart } from '@/i18n/preload-part'
import { i18n } from '@lingui/core'

/**
 * `/$shopId/receipt/$receiptId` (SPEC §2 "Receipt page"): validates the receipt id, loads the
 * receipt (the platform's 404 comes as null and shows 'We could not find this receipt'; any
 * other failure is thrown to the router's generic error page with retry), starts the `receiptEmail`
 * machine (`receiptEmailFor`) and renders the receipt in the shop's currency, its seller's
 * organisation number named for the shop company's country. A new receipt id
 * remounts, so the e-mail actor never keeps the old input.
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
  // The page's texts (the `pages` catalog, its not-found message's too) load alongside the
  // receipt. A missing receipt is loader data, not a thrown error: React logs every error an error
  // boundary catches, and an expected 404 is not one.
  loader: ({ context, params }) => alongsideCatalogPart(i18n, 'pages', context.services.shop.findReceipt(params.shopId, params.receiptId)),
  pendingComponent: LoadingScreen,
  component: ReceiptPage,
})

function MenuLink({ className, children }: { className: string; children: ReactNode }) {
  const { shopId } = Route.useParams()
  return (
    <Link to="/$shopId" params={{ shopId }} activeOptions={{ exact: true }} className={className}>
      {children}
    </Link>
  )
}

function ReceiptPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own)
  const receipt = Route.useLoaderData()
  return receipt === null ? <ReceiptNotFoundView MenuLink={MenuLink} /> : <FoundReceipt receipt={receipt} />
}

function FoundReceipt({ receipt }: { receipt: Receipt }) {
  const { shopId, receiptId } = Route.useParams()
  const { services, shop } = Route.useRouteContext()
  const currency = useSelector(shop, (s) => s.context.shopData?.company.currency ?? DEFAULT_CURRENCY)
  const sellerCountry = useSelector(shop, (s) => s.context.shopData?.company.country ?? null)
  const email = useActorRef(receiptEmailFor(services), { input: { shopId, receiptId }, ...inspectOption() })
  return (
    <ReceiptView
      receipt={receipt}
      currency={currency}
      sellerCountry={sellerCountry}
      downloadUrl={services.shop.receiptDownloadUrl(shopId, receiptId)}
      email={email}
      MenuLink={MenuLink}
      timeZone={companyTimeZone(sellerCountry)}
    />
  )
}
