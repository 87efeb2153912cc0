import { useEffect, useRef } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { sendTo } from 'xstate'
import { followSessionCart } from '@/services/follow-session-cart'
import {
  productDialogAdded,
  productDialogMachine,
  productDialogPhase,
  productDialogSelection,
  productDialogTitle,
  type ProductDialogActor,
} from '@machines/product-dialog/product-dialog.machine'
import { cartEventOf, type CommittedLine } from '@machines/product-selection/product-selection.machine'
import type { ShopData } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { Dialog } from '@/ui/dialog'
import { pageHeading } from '@/ui/route-focus'
import { nextPaintActor } from '@/perf/after-next-paint'
import type { SessionActor } from '@machines/session/session.machine'
import { sessionOf, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import { ProductSelectionView } from '@/views/product/product-selection.view'
import { AddedStatusView } from '@/views/product/added-status.view'
import { menuCardAction } from '@/views/menu/menu.view'
import { pageMain } from '@/views/shop/shop-layout.view'
import { useCatalogPart } from '@/i18n/catalog-parts'

/** Props of {@link ProductDialog}. */
export interface ProductDialogProps {
  /** The shop gate: its shop data, and its session whose cart Add/Update changes. */
  shop: ShopGateActor
  /** `?product=`: the article to show; nothing shows when absent or unknown. */
  productId: string | undefined
  /** `?item=`: the cart line to edit (then the button says Update). */
  itemId?: string | undefined
  /** Replaces `?product=&item=` away; called after a dismissal or Add/Update has painted. */
  onClose: () => void
}

/**
 * The product popup (SPEC §2 "Product popup") of the menu and the cart page: runs the
 * `productDialog` machine, tells it every change of `?product=&item=` (the URL is the source of
 * truth, so Back closes), provides its `followCart` with `followSessionCart` (the machine
 * follows the session's cart itself: the open selection's stock cap and edited line follow it,
 * and its Add/Update waits while a card payment holds the cart),
 * and renders the `Dialog` from its phase with the selection view of the running
 * `productSelection`. Add/Update reaches the shop's session through `commitLine`, and the
 * status line beside the dialog tells it once the popup has closed (`productDialogAdded`). An
 * unknown product id shows nothing; so does a gate whose shop or session is not there yet.
 */
export function ProductDialog({ shop, ...props }: ProductDialogProps) {
  // The popup's texts (a catalog of their own); loads while the menu is idle.
  useCatalogPart('pages')
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  if (!shopData || !session) return null
  return <ProductPopup {...props} shopData={shopData} session={session} />
}

interface ProductPopupProps extends Omit<ProductDialogProps, 'shop'> {
  shopData: ShopData
  session: SessionActor
}

function ProductPopup({ productId, itemId, onClose, shopData, session }: ProductPopupProps) {
  const popup = useActorRef(
    productDialogMachine.provide({
      actors: { nextPaint: nextPaintActor, followCart: followSessionCart(session) },
      actions: {
        commitLine: sendTo(session, (_, committed: CommittedLine) => cartEventOf(committed)),
        leaveUrl: () => onClose(),
      },
    }),
    { input: { shop: shopData }, ...inspectOption() },
  )
  // The product last shown: its menu card takes focus on close when the popup had no opener;
  // off the menu (the cart page) the page's heading says where the customer is.
  const shownProduct = useRef(productId)
  useEffect(() => {
    if (productId) shownProduct.current = productId
  }, [productId])
  // The machine follows the router's URL; the cart then decides the stock cap and edited line
  // (while open, a late answer or a poll changes them: `followCart`).
  useEffect(() => {
    popup.send({ type: 'url.changed', productId: productId ?? null, itemId: itemId ?? null, cart: session.getSnapshot().context.cart })
  }, [popup, session, productId, itemId])
  const phase = useSelector(popup, productDialogPhase)
  const title = useSelector(popup, productDialogTitle)
  const added = useSelector(popup, productDialogAdded)
  return (
    <>
      <Dialog phase={phase} title={title} fallbackFocus={() => menuCardAction(shownProduct.current) ?? pageHeading() ?? pageMain()} onDismiss={() => popup.send({ type: 'dismiss' })}>
        <ProductDialogBody popup={popup} shopData={shopData} />
      </Dialog>
      <AddedStatusView added={added} />
    </>
  )
}

interface ProductDialogBodyProps {
  popup: ProductDialogActor
  shopData: ShopData
}

function ProductDialogBody({ popup, shopData }: ProductDialogBodyProps) {
  const selection = useSelector(popup, productDialogSelection)
  if (!selection) return null
  // One selection actor per opening: a new one is a fresh form.
  return <SelectionBody key={selection.sessionId} selection={selection} shopData={shopData} />
}

type SelectionActor = NonNullable<ReturnType<typeof productDialogSelection>>

function SelectionBody({ selection, shopData }: { selection: SelectionActor; shopData: ShopData }) {
  return (
    <ProductSelectionView
      selection={selection}
      deviations={shopData.deviations}
      tags={shopData.tags}
      currency={shopData.company.currency}
      variant="popup"
    />
  )
}
