import type { ReactNode } from 'react'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { sendTo } from 'xstate'
import {
  cartEventOf,
  productSelectionInput,
  productSelectionMachine,
  type CommittedLine,
  type ProductSelectionInput,
} from '@machines/product-selection/product-selection.machine'
import type { ShopData } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { useSessionActor, useShopActor } from '@/views/shop/shop-context'
import { ProductNotFoundView, ProductPageView, productPageLinkClass } from '@/views/product/product-page.view'
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
  useCatalogPart('pages') // this page's texts (a catalog of their own)
  const { shopId, productId } = Route.useParams()
  const shopData = useSelector(useShopActor(), (s) => s.context.shopData)
  const cart = useSelector(useSessionActor(), (s) => s.context.cart)
  if (!shopData) return null
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
  return <ProductPageBody key={productId} input={input} shopData={shopData} />
}

interface ProductPageBodyProps {
  /** The selection input for the current cart; the machine reads it once, 'Add more' its stock cap. */
  input: ProductSelectionInput
  shopData: ShopData
}

function ProductPageBody({ input, shopData }: ProductPageBodyProps) {
  const { shopId } = Route.useParams()
  const session = useSessionActor()
  // The page stays after Add: the machine's `committed` state shows the confirmation.
  const actor = useActorRef(
    productSelectionMachine.provide({ actions: { commitLine: sendTo(session, (_, committed: CommittedLine) => cartEventOf(committed)) } }),
    { input, ...inspectOption() },
  )
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
      stockLeft={input.maxQuantity}
      renderCartLink={(label: ReactNode) => (
        <Link to="/$shopId/cart" params={{ shopId }} className={productPageLinkClass}>
          {label}
        </Link>
      )}
    />
  )
}
