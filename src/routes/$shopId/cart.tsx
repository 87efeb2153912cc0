import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { productPopupSearchSchema } from '@/api/schemas/route-shop.schema'
import { CartPageView } from '@/views/cart/cart-page.view'
import { useCheckoutActor, useSessionActor, useShopActor } from '@/views/shop/shop-context'
import { CheckoutCardForm as CardForm } from '../-card-form'
import { ProductDialog } from './-product-dialog'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/$shopId/cart` (SPEC §2 "Cart page"): the cart, the 'Your info' form and the payment
 * section, with the product popup for editing a line while `?product=&item=` is set. The
 * checkout actor comes from the gate; completion navigates to the receipt through the gate's
 * `goToReceipt`. Editing pushes the popup's search so Back closes it; closing replaces it away.
 */
export const Route = createFileRoute('/$shopId/cart')({
  validateSearch: productPopupSearchSchema,
  component: CartPage,
})

function CartPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own, issue 6)
  const { shopId } = Route.useParams()
  const { product, item } = Route.useSearch()
  const navigate = Route.useNavigate()
  const shopData = useSelector(useShopActor(), (s) => s.context.shopData)
  const session = useSessionActor()
  const checkout = useCheckoutActor()
  // The layout renders this route only once the gate is open, so the shop is loaded here.
  if (!shopData) return null
  return (
    <>
      <CartPageView
        shopId={shopId}
        shopData={shopData}
        session={session}
        checkout={checkout}
        onEditLine={(line) => void navigate({ search: (prev) => ({ ...prev, product: line.productId, item: line.id }) })}
        cardForm={checkout ? <CardForm checkout={checkout} /> : null}
      />
      <ProductDialog
        productId={product}
        itemId={item}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, product: undefined, item: undefined }), replace: true })}
      />
    </>
  )
}
