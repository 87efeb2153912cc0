import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react'
import { Navigate, createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { productPopupSearchSchema } from '@/api/schemas/route-shop.schema'
import type { CartItem } from '@/domain/types'
import { MenuView } from '@/views/menu/menu.view'
import { ShopMobileCartBar } from '@/views/shop/mobile-cart-bar.view'
import { sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { afterNextPaint } from '@/ui/after-next-paint'
import { whenIdleLoaded } from '@/ui/when-idle'
import * as v from 'valibot'

// The popup's code (selection view and machine, dialog) is not needed to show the menu: it
// loads once the menu is idle, or at once when the URL already asks for a product (issue 6).
const loadProductDialog = async () => ({ default: (await import('./-product-dialog')).ProductDialog })
const ProductDialog = lazy(loadProductDialog)

const noLines: readonly CartItem[] = []

/**
 * `/$shopId/` (SPEC §2 "Menu page"): the menu, the product popup while `?product=` (and
 * optionally `?item=`) is set, and the mobile bottom cart bar, which belongs to this route only.
 * Opening a product pushes `?product=` so Back closes the popup; closing replaces it away. A
 * shop with no categories but an open tab sends the customer straight to the cart. The
 * popup's code loads lazily, once the menu is idle (issue 6).
 */
export const Route = createFileRoute('/$shopId/')({
  validateSearch: (search: Record<string, unknown>) => v.parse(productPopupSearchSchema, search),
  component: MenuPage,
})

function MenuPage() {
  const { shopId } = Route.useParams()
  const { product, item } = Route.useSearch()
  const navigate = Route.useNavigate()
  const shop = Route.useRouteContext({ select: (context) => context.shop })
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  const cart = useSelector(session, (s) => s?.context.cart ?? noLines)
  const hasActiveTab = useSelector(session, (s) => (s?.context.activeTab ?? null) !== null)
  // Interaction latency (issue 6): the tap that opens a product and the Add that changes the
  // cart paint their feedback first; the popup's first render and the menu's stock markers for
  // the new cart follow in a background render React can interrupt. Closing stays immediate.
  const deferredProduct = useDeferredValue(product)
  const deferredItem = useDeferredValue(item)
  const shownProduct = product === undefined ? undefined : deferredProduct
  const menuCart = useDeferredValue(cart)
  // Stable, so the memoised menu does not re-render when the popup opens. The tap paints its
  // pressed card first; the URL change (a router update that re-renders synchronously) and the
  // popup follow right after that paint (issue 6: interaction latency). A second tap before
  // then opens nothing more, so Back still closes the popup in one step.
  const opening = useRef(false)
  const selectProduct = useCallback(
    (productId: string) => {
      if (opening.current) return
      opening.current = true
      afterNextPaint(() => {
        opening.current = false
        void navigate({ search: (prev) => ({ ...prev, product: productId, item: undefined }) })
      })
    },
    [navigate],
  )
  // The dialog's code loads once the menu is idle, and the lazy dialog (it renders nothing
  // without ?product=) mounts then, so the first tap on a product does not wait for the network.
  const [dialogIdle, setDialogIdle] = useState(false)
  useEffect(() => whenIdleLoaded(loadProductDialog, () => setDialogIdle(true)), [])
  // The layout renders this route only once the gate is open, so the shop is loaded here.
  if (!shopData) return null
  if (shopData.categories.length === 0 && hasActiveTab) return <Navigate to="/$shopId/cart" params={{ shopId }} replace />
  return (
    <>
      <MenuView
        shopId={shopId}
        shopData={shopData}
        cart={menuCart}
        onSelectProduct={selectProduct}
      />
      {(dialogIdle || product !== undefined) && (
        <Suspense fallback={null}>
          <ProductDialog
            shop={shop}
            productId={shownProduct}
            itemId={shownProduct === undefined ? undefined : deferredItem}
            onClose={() => void navigate({ search: (prev) => ({ ...prev, product: undefined, item: undefined }), replace: true })}
          />
        </Suspense>
      )}
      <ShopMobileCartBar shop={shop} onPayTab={() => void navigate({ to: '/$shopId/cart', params: { shopId } })} />
    </>
  )
}
