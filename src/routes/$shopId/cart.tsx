import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { checkoutOf, sessionOf } from '@machines/shop-gate/shop-gate.machine'
import { productPopupSearchSchema } from '@/api/schemas/route-shop.schema'
import { CartPageView } from '@/views/cart/cart-page.view'
import { CheckoutCardForm as CardForm } from '../-card-form'
import { ProductDialog } from './-product-dialog'
import { closePopup, openPopup } from './-popup-navigation'
import { useCatalogPart } from '@/i18n/catalog-parts'

/**
 * `/$shopId/cart` (SPEC §2 "Cart page"): the cart, the 'Your info' form and the payment
 * section of the shop gate's session and checkout, with the product popup for editing a line
 * while `?product=&item=` is set (the `/$shopId` route tells the gate the customer is here: a
 * running payment is polled only on this page, SPEC §4). Editing pushes the popup's search so
 * Back closes it; closing replaces it away.
 */
export const Route = createFileRoute('/$shopId/cart')({
  validateSearch: productPopupSearchSchema,
  component: CartPage,
})

function CartPage() {
  useCatalogPart('pages') // this page's texts (a catalog of their own)
  const { shopId } = Route.useParams()
  const { product, item } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { shop, services } = Route.useRouteContext()
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  const checkout = useSelector(shop, checkoutOf)
  // The layout renders this route only once the gate is open: shop, session and checkout are there.
  if (!shopData || !session || !checkout) return null
  return (
    <>
      <CartPageView
        shopId={shopId}
        shopData={shopData}
        session={session}
        checkout={checkout}
        receiptDownloadUrl={(receiptId) => services.shop.receiptDownloadUrl(shopId, receiptId)}
        onEditLine={(line) => void navigate(openPopup(line.productId, line.id))}
        cardForm={<CardForm checkout={checkout} />}
      />
      <ProductDialog
        shop={shop}
        productId={product}
        itemId={item}
        onClose={() => void navigate(closePopup)}
      />
    </>
  )
}
