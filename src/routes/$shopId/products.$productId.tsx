import { useState, type ReactNode } from 'react'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ProductSelectionInput } from '@machines/product-selection/product-selection.machine'
import type { ShopData } from '@/domain/types'
import type { SessionActor } from '@machines/session/session.machine'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { ProductNotFoundView, ProductPageView, productPageLinkClass } from '@/views/product/product-page.view'
import { productSelectionInput, useProductSelectionActor } from './-product-dialog'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/$shopId/products/$productId` (SPEC §2 "Product page"; the LARGE_IMAGE menu links here).
 * Renders inside the shop layout once the gate is open: looks the article up in the loaded
 * shop, starts a product selection machine for it and renders the page; an unknown id shows a
 * not-found message with a link back to the menu. A new product id remounts.
 */
export const Route = createFileRoute('/$shopId/products/$productId')({
  remountDeps: ({ params }) => params,
  component: ProductPage,
})

function ProductPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own, issue 6)
  const { shopId, productId } = Route.useParams()
  const shop = Route.useRouteContext({ select: (context) => context.shop })
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  const cart = useSelector(session, (s) => s?.context.cart)
  // Bumped by 'Add more' to remount a fresh selection machine after a committed Add.
  const [round, setRound] = useState(0)
  if (!shopData || !session || !cart) return null
  const input = productSelectionInput(shopData, cart, productId)
  if (!input) {
    return (
      <ProductNotFoundView
        renderMenuLink={(label) => (
          <Link to="/$shopId" params={{ shopId }} className={productPageLinkClass}>
            {label}
          </Link>
        )}
      />
    )
  }
  return <ProductPageBody key={`${productId}:${round}`} session={session} input={input} shopData={shopData} onAddMore={() => setRound((n) => n + 1)} />
}

interface ProductPageBodyProps {
  session: SessionActor
  input: ProductSelectionInput
  shopData: ShopData
  onAddMore: () => void
}

function ProductPageBody({ session, input, shopData, onAddMore }: ProductPageBodyProps) {
  const { shopId } = Route.useParams()
  // The page stays after Add: the machine's `committed` state shows the confirmation.
  const actor = useProductSelectionActor(session, input, () => {})
  const snapshot = useSelector(actor, (s) => s)
  // The article's own category id, else the first category that lists it (the wire may omit it).
  const category =
    shopData.categories.find((c) => c.id === input.article.category) ??
    shopData.categories.find((c) => c.sortedProducts.includes(input.article.id))
  const categoryName = category?.name ?? null
  return (
    <ProductPageView
      snapshot={snapshot}
      send={actor.send}
      deviations={shopData.deviations}
      tags={shopData.tags}
      currency={shopData.company.currency}
      categoryName={categoryName}
      onAddMore={onAddMore}
      renderCartLink={(label: ReactNode) => (
        <Link to="/$shopId/cart" params={{ shopId }} className={productPageLinkClass}>
          {label}
        </Link>
      )}
    />
  )
}
