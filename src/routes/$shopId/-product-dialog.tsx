import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import {
  productSelectionMachine,
  type CommittedLine,
  type ProductSelectionInput,
} from '@machines/product-selection/product-selection.machine'
import { groupsOf, maxQuantity } from '@/domain'
import type { CartItem, ShopData } from '@/domain/types'
import { inspectOption } from '@/inspect'
import { Dialog } from '@/ui'
import { afterNextPaint } from '@/ui/after-next-paint'
import type { SessionActor } from '@machines/session/session.machine'
import { sessionOf, type ShopGateActor } from '@machines/shop-gate/shop-gate.machine'
import { ProductSelectionView } from '@/views/product/product-selection.view'
import { useCatalogPart } from '@/i18n/catalog-parts'

/** A running product selection actor. */
export type ProductSelectionActor = ActorRefFrom<typeof productSelectionMachine>

/**
 * The machine input for a product (SPEC §2 popup / product page, §5 stock): the article, its
 * groups in order, the stock cap and, when `itemId` names a line of `cart`, that line to edit.
 * The cap leaves the edited line out (its units are being chosen again); a new line of an
 * article the platform marks out of stock gets 0. Returns null for an id the shop does not
 * sell. An item id that is not in the cart opens a new line.
 */
export function productSelectionInput(
  shopData: Pick<ShopData, 'articles' | 'deviationGroups'>,
  cart: readonly CartItem[],
  productId: string,
  itemId?: string,
): ProductSelectionInput | null {
  // Own properties only: an id like "constructor" must not find Object.prototype members.
  const article = Object.hasOwn(shopData.articles, productId) ? shopData.articles[productId] : undefined
  if (!article) return null
  const line = itemId === undefined ? undefined : cart.find((item) => item.id === itemId && item.productId === productId)
  const editing = line ? { itemId: line.id, count: line.count, deviations: [...line.deviations], description: line.description } : null
  const cap = !editing && article.outOfStock ? 0 : maxQuantity(article, cart, editing?.itemId)
  return { article, groups: groupsOf(article, shopData), maxQuantity: cap, editing }
}

/**
 * Starts a product selection actor whose `commitLine` calls `onCommitted` and, after the next
 * paint, sends `cart.add {line}` or `cart.replace {itemId, line}` to the shop's session actor.
 * The input is read once at start; remount (a React `key`) for a fresh selection.
 */
export function useProductSelectionActor(session: SessionActor, input: ProductSelectionInput, onCommitted: () => void): ProductSelectionActor {
  return useActorRef(
    productSelectionMachine.provide({
      actions: {
        commitLine: (_, committed: CommittedLine) => {
          // The popup closes at once; the cart (and all it re-renders) changes right after that
          // paint, so the tap on Add is answered quickly (issue 6). Nothing waits in between
          // that could lose the line: the session actor outlives the popup.
          onCommitted()
          afterNextPaint(() => {
            if (committed.kind === 'add') session.send({ type: 'cart.add', line: committed.line })
            else session.send({ type: 'cart.replace', itemId: committed.itemId, line: committed.line })
          })
        },
      },
    }),
    { input, ...inspectOption() },
  )
}

/** Props of {@link ProductDialog}. */
export interface ProductDialogProps {
  /** The shop gate: its shop data, and its session whose cart Add/Update changes. */
  shop: ShopGateActor
  /** `?product=`: the article to show; nothing renders when absent or unknown. */
  productId: string | undefined
  /** `?item=`: the cart line to edit (then the button says Update). */
  itemId?: string | undefined
  /** Called on dismissal and after Add/Update; the owner clears `?product=&item=`. */
  onClose: () => void
}

/**
 * The product popup (SPEC §2 "Product popup"): a modal dialog (max 500px) named by the product
 * title, with the selection view. Add/Update changes the session's cart and closes. Reads the
 * shop gate `shop` and its session. An unknown product id renders nothing.
 * Each open mounts a new actor, so closing resets the selections.
 */
export function ProductDialog({ shop, productId, itemId, onClose }: ProductDialogProps) {
  // The popup's texts (a catalog of their own, issue 6); loads while the menu is idle.
  useCatalogPart('pages')
  const shopData = useSelector(shop, (s) => s.context.shopData)
  const session = useSelector(shop, sessionOf)
  const cart = useSelector(session, (s) => s?.context.cart)
  if (!shopData || !session || !cart || productId === undefined) return null
  const input = productSelectionInput(shopData, cart, productId, itemId)
  if (!input) return null
  return <OpenProductDialog key={`${productId}/${itemId ?? ''}`} session={session} input={input} shopData={shopData} onClose={onClose} />
}

interface OpenProductDialogProps {
  session: SessionActor
  input: ProductSelectionInput
  shopData: ShopData
  onClose: () => void
}

/**
 * One opening of the popup. Add/Update is answered by the popup closing in that same frame:
 * it is open while the selection actor runs and closes when the actor reaches its final
 * state. `onClose` (the owner's URL change, a router update that re-renders every route) runs
 * after that paint, like the cart change (issue 6: interaction latency). Dismissal calls
 * `onClose` at once.
 */
function OpenProductDialog({ session, input, shopData, onClose }: OpenProductDialogProps) {
  const actor = useProductSelectionActor(session, input, () => afterNextPaint(onClose))
  const committed = useSelector(actor, (s) => s.status === 'done')
  return (
    <Dialog open={!committed} title={input.article.title} onClose={onClose}>
      <ProductDialogBody actor={actor} shopData={shopData} />
    </Dialog>
  )
}

interface ProductDialogBodyProps {
  actor: ProductSelectionActor
  shopData: ShopData
}

function ProductDialogBody({ actor, shopData }: ProductDialogBodyProps) {
  const snapshot = useSelector(actor, (s) => s)
  return (
    <ProductSelectionView
      snapshot={snapshot}
      send={actor.send}
      deviations={shopData.deviations}
      tags={shopData.tags}
      currency={shopData.company.currency}
      variant="popup"
    />
  )
}
