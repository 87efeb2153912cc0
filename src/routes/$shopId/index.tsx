import { Suspense, lazy, useCallback } from 'react'
import { Navigate, createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { productOpenerMachine } from '@machines/product-opener/product-opener.machine'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { productPopupSearchSchema } from '@/api/schemas/route-shop.schema'
import { FIRST_IMAGE_TIMING, MenuView } from '@/views/menu/menu.view'
import { useCartSummary } from '@/views/shop/cart-summary'
import { ShopMobileCartBar } from '@/views/shop/mobile-cart-bar.view'
import { nextPaintActor } from '@/perf/after-next-paint'
import { inspectOption } from '@/inspect'
import { LoadingOverlay } from '@/ui/loading-screen'
import { useIdleLoaded } from '@/perf/idle'
import { holdIdleUntilPainted, releaseIdleHold } from '@/perf/paint-hold'
import type { CartItem } from '@/domain/types'
import { closePopup, openPopup } from './-popup-navigation'

// The popup's code (its machines, selection view, dialog) is not needed to show the menu: it
// loads once the menu is idle, or at once when the URL already asks for a product.
const loadProductDialog = async () => ({ default: (await import('./-product-dialog')).ProductDialog })
const ProductDialog = lazy(loadProductDialog)

/**
 * `/$shopId/` (SPEC §2 "Menu page"): the menu, the product popup while `?product=` (and
 * optionally `?item=`) is set, and the mobile bottom cart bar, which belongs to this route only.
 * A card press goes to the `productOpener` machine, which pushes `?product=` once the pressed
 * card has painted, so Back closes the popup; the popup's `productDialog` machine replaces it
 * away on closing. A shop with no categories but an open tab sends the customer straight to
 * the cart. The popup's code loads lazily, once the menu is idle; a product pressed before it is
 * here shows a loading state over the menu.
 */
export const Route = createFileRoute('/$shopId/')({
  validateSearch: productPopupSearchSchema,
  // The menu's first image is the page's largest paint: idle work (lazy chunks, route focus)
  // waits for it from the moment the menu starts loading, while the shop's answer is still out
  // (docs/performance.md, "paint hold"). Leaving the menu ends the wait.
  beforeLoad: ({ preload }) => {
    if (!preload) holdIdleUntilPainted(FIRST_IMAGE_TIMING)
  },
  onLeave: releaseIdleHold,
  component: MenuPage,
})

/** The cart before the session has answered: one stable empty list for the memoised menu. */
const noLines: readonly CartItem[] = []

function MenuPage() {
  const { shopId } = Route.useParams()
  const { product, item } = Route.useSearch()
  const navigate = Route.useNavigate()
  const shop = Route.useRouteContext({ select: (context) => context.shop })
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  const cart = useSelector(session, (s) => s?.context.cart ?? noLines)
  const hasActiveTab = useSelector(session, (s) => (s?.context.activeTab ?? null) !== null)
  const cartSummary = useCartSummary(shop)
  // A card press paints first; the opener then pushes `?product=`, which opens the popup.
  const opener = useActorRef(
    productOpenerMachine.provide({
      actors: { nextPaint: nextPaintActor },
      actions: { openProduct: (_, { productId }) => void navigate(openPopup(productId)) },
    }),
    inspectOption(),
  )
  // Stable, so the memoised menu does not re-render when the popup opens.
  const selectProduct = useCallback((productId: string) => opener.send({ type: 'card.pressed', productId }), [opener])
  // The dialog's code loads once the menu is idle, and the lazy dialog (it shows nothing
  // without ?product=) mounts then, so the first tap on a product does not wait for the network.
  const dialogIdle = useIdleLoaded(loadProductDialog)
  // The layout renders this route only once the gate is open, so the shop is loaded here.
  if (!shopData) return null
  if (shopData.categories.length === 0 && hasActiveTab) return <Navigate to="/$shopId/cart" params={{ shopId }} replace />
  return (
    <>
      <MenuView shopId={shopId} shopData={shopData} cart={cart} cartSummary={cartSummary} onSelectProduct={selectProduct} />
      {(dialogIdle || product !== undefined) && (
        // A product pressed before the popup's code is here (a slow network): the customer sees
        // it is on its way. Without `?product=` the popup shows nothing, loading or not.
        <Suspense fallback={product === undefined ? null : <LoadingOverlay />}>
          <ProductDialog
            shop={shop}
            productId={product}
            itemId={item}
            onClose={() => void navigate(closePopup)}
          />
        </Suspense>
      )}
      <ShopMobileCartBar shop={shop} onPayTab={() => void navigate({ to: '/$shopId/cart', params: { shopId } })} />
    </>
  )
}
