import type { ReactNode } from 'react'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { sendTo } from 'xstate'
import { followSessionCart } from '@/services/follow-session-cart'
import {
  cartEventOf,
  productSelectionInput,
  productSelectionMachine,
  type CommittedLine,
  type ProductSelectionInput,
} from '@machines/product-selection/product-selection.machine'
import type { ShopData } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { isCartHeld, type SessionActor } from '@machines/session/session.machine'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { ProductNotFoundView, ProductPageView, productPageLinkClass } from '@/views/product/product-page.view'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/$shopId/products/$productId` (SPEC §2 "Product page"; the LARGE_IMAGE menu links here).
 * Renders inside the shop layout once the gate is open: looks the article up in the loaded
 * shop, starts a product selection machine for it and renders the page; an unknown id shows a
 * not-found message with a link back to the menu. A new product id remounts. The machine
 * follows the session's cart itself: its invoked `followCart` is provided here with
 * `followSessionCart` (`cart.changed`: the stock cap follows; `cart.held` / `cart.released`: Add
 * waits while a card payment holds the cart, SPEC §4 Card).
 */
export const Route = createFileRoute('/$shopId/products/$productId')({
  remountDeps: ({ params }) => params,
  component: ProductPage,
})

function ProductPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own)
  const { shopId, productId } = Route.useParams()
  const shop = Route.useRouteContext({ select: (context) => context.shop })
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  const cart = useSelector(session, (s) => s?.context.cart)
  if (!shopData || !session || !cart) return null
  const input = productSelectionInput(shopData, cart, productId)
  if (!input) {
    return (
      <ProductNotFoundView
        renderMenuLink={(label) => (
          <Link to="/$shopId" params={{ shopId }} activeOptions={{ exact: true }} className={productPageLinkClass}>
            {label}
          </Link>
        )}
      />
    )
  }
  return <ProductPageBody key={productId} session={session} input={input} shopData={shopData} />
}

interface ProductPageBodyProps {
  /** The shop's session, whose cart Add changes and the running selection follows (`followCart`). */
  session: SessionActor
  /** The selection input for the current cart; the machine reads it once and follows the cart after. */
  input: ProductSelectionInput
  shopData: ShopData
}

function ProductPageBody({ session, input, shopData }: ProductPageBodyProps) {
  const { shopId } = Route.useParams()
  // The page stays after Add: the machine's `committed` state shows the confirmation. A late
  // session answer or a poll changes the stock left while the page is open (`followCart`).
  const actor = useActorRef(
    productSelectionMachine.provide({
      actors: { followCart: followSessionCart(session) },
      actions: { commitLine: sendTo(session, (_, committed: CommittedLine) => cartEventOf(committed)) },
    }),
    // Held from its first paint when a card is being charged; `followCart` follows the hold after.
    { input: { ...input, held: isCartHeld(session.getSnapshot()) }, ...inspectOption() },
  )
  // The article's own category id, else the first category that lists it (the wire may omit it).
  const category =
    shopData.categories.find((c) => c.id === input.article.category) ??
    shopData.categories.find((c) => c.sortedProducts.includes(input.article.id))
  const categoryName = category?.name ?? null
  return (
    <ProductPageView
      selection={actor}
      deviations={shopData.deviations}
      tags={shopData.tags}
      currency={shopData.company.currency}
      categoryName={categoryName}
      renderCartLink={(label: ReactNode) => (
        <Link to="/$shopId/cart" params={{ shopId }} className={productPageLinkClass}>
          {label}
        </Link>
      )}
    />
  )
}
