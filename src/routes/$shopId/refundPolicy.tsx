import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { RefundPolicyView } from '@/views/store-info/refund-policy.view'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/$shopId/refundPolicy` (SPEC §2): the shop's refund policy and opening hours. The parent
 * layout bypasses the gate for this route and renders it once the shop data is loaded.
 */
export const Route = createFileRoute('/$shopId/refundPolicy')({
  component: RefundPolicyPage,
})

function RefundPolicyPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own)
  const { shopId } = Route.useParams()
  const shop = useSelector(Route.useRouteContext({ select: (context) => context.shop }), (s) => s.context.shopData?.shop ?? null)
  return <RefundPolicyView shopId={shopId} refundPolicy={shop?.refundPolicy ?? null} openHours={shop?.openHours ?? null} />
}
