import { useCallback } from 'react'
import { Navigate, createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { productPopupSearchSchema } from '@/api/schemas/route-shop.schema'
import { MenuView } from '@/views/menu/menu.view'
import { ShopMobileCartBar } from '@/views/shop/mobile-cart-bar.view'
import { useSessionActor, useShopActor } from '@/views/shop/shop-context'
import { ProductDialog } from './-product-dialog'

/**
 * `/$shopId/` (SPEC §2 "Menu page"): the menu, the product popup while `?product=` (and
 * optionally `?item=`) is set, and the mobile bottom cart bar, which belongs to this route only.
 * Opening a product pushes `?product=` so Back closes the popup; closing replaces it away. A
 * shop with no categories but an open tab sends the customer straight to the cart.
 */
export const Route = createFileRoute('/$shopId/')({
  validateSearch: (search: Record<string, unknown>) => productPopupSearchSchema.parse(search),
  component: MenuPage,
})

function MenuPage() {
  const { shopId } = Route.useParams()
  const { product, item } = Route.useSearch()
  const navigate = Route.useNavigate()
  const shopData = useSelector(useShopActor(), (s) => s.context.shopData)
  const session = useSessionActor()
  const cart = useSelector(session, (s) => s.context.cart)
  const hasActiveTab = useSelector(session, (s) => s.context.activeTab !== null)
  // Stable, so the memoised menu does not re-render when the popup opens.
  const selectProduct = useCallback(
    (productId: string) => void navigate({ search: (prev) => ({ ...prev, product: productId, item: undefined }) }),
    [navigate],
  )
  // The layout renders this route only once the gate is open, so the shop is loaded here.
  if (!shopData) return null
  if (shopData.categories.length === 0 && hasActiveTab) return <Navigate to="/$shopId/cart" params={{ shopId }} replace />
  return (
    <>
      <MenuView
        shopId={shopId}
        shopData={shopData}
        cart={cart}
        onSelectProduct={selectProduct}
      />
      <ProductDialog
        productId={product}
        itemId={item}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, product: undefined, item: undefined }), replace: true })}
      />
      <ShopMobileCartBar onPayTab={() => void navigate({ to: '/$shopId/cart', params: { shopId } })} />
    </>
  )
}
