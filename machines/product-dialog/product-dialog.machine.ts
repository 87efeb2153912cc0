import { assign, enqueueActions, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { CartItem, ShopData } from '../../src/domain/types'
import { promiseNotProvided } from '../shared/not-provided'
import {
  followCartNotProvided,
  productSelectionInput,
  productSelectionMachine,
  type CommittedLine,
  type ProductSelectionInput,
} from '../product-selection/product-selection.machine'

/** Input of {@link productDialogMachine}: the loaded shop, to look products up in. */
export interface ProductDialogInput {
  shop: Pick<ShopData, 'articles' | 'deviationGroups' | 'deviations'>
}

/** What the URL asks for: `?product=` and `?item=` (a cart line to edit). */
export interface ProductUrl {
  productId: string
  itemId: string | null
}

/** Context of {@link productDialogMachine}. */
export interface ProductDialogContext extends ProductDialogInput {
  /** The URL as the route last told it; null without `?product=`. */
  url: ProductUrl | null
  /** The URL the popup on screen (open or closing) was opened for; null when closed. */
  opened: ProductUrl | null
  /** The open selection's input (article, groups, stock cap, edited line); null when closed. */
  selection: ProductSelectionInput | null
  /** The line Add/Update committed, applied to the cart once the closing has painted. */
  committed: CommittedLine | null
  /** A card payment holds the session's cart (SPEC §4 Card): a selection opened now starts held. */
  held: boolean
  /** What the last Add/Update put in the cart, for its status line; null again at the next opening. */
  added: AddedLine | null
}

/** A committed line as the popup tells it once closed (WCAG 4.1.3): Add or Update, the product, its units. */
export interface AddedLine {
  kind: CommittedLine['kind']
  title: string
  /** Units of the line (its `count`). */
  quantity: number
}

export type ProductDialogEvent =
  /** The route's `?product=&item=` changed (opening, Back, Forward), with the cart at that moment. */
  | { type: 'url.changed'; productId: string | null; itemId: string | null; cart: readonly CartItem[] }
  /** Escape, the close button or a click on the backdrop. */
  | { type: 'dismiss' }
  /** Reported by the popup's `productSelection` child when Add/Update is taken. */
  | { type: 'line.committed'; line: CommittedLine }
  /** From `followCart`: the session's cart changed (a late first answer, a poll): relayed to the open selection. */
  | { type: 'cart.changed'; cart: readonly CartItem[] }
  /** From `followCart`: a card payment began or ended holding the cart; kept, and relayed to the open selection. */
  | { type: 'cart.held' }
  | { type: 'cart.released' }

/** Which of the dialog's phases the popup is in; `Dialog` renders from it. */
export type ProductDialogPhase = 'open' | 'closing' | 'closed'

type UrlEvent = Extract<ProductDialogEvent, { type: 'url.changed' }>

function urlOf(event: UrlEvent): ProductUrl | null {
  return event.productId === null ? null : { productId: event.productId, itemId: event.itemId }
}

function sameUrl(a: ProductUrl | null, b: ProductUrl | null): boolean {
  return a !== null && b !== null && a.productId === b.productId && a.itemId === b.itemId
}

function selectionFor(context: ProductDialogContext, event: UrlEvent): ProductSelectionInput | null {
  return event.productId === null ? null : productSelectionInput(context.shop, event.cart, event.productId, event.itemId)
}

/** The open selection's input, held when the cart is; only read in `open`, which is entered with one. */
function openSelection(context: ProductDialogContext): ProductSelectionInput {
  if (context.selection === null) throw new Error('productDialog: open without a selection')
  return { ...context.selection, held: context.held }
}

/**
 * The selection machine as the popup runs it: a committed line is reported to the dialog. Its
 * `followCart` stays the no-op default: the dialog follows the cart and relays `cart.changed`.
 */
const popupSelection = productSelectionMachine.provide({
  actions: {
    commitLine: sendParent((_, line: CommittedLine): ProductDialogEvent => ({ type: 'line.committed', line })),
  },
})

/**
 * The product popup on the menu and the cart page (SPEC §2 "Product popup": a modal named by
 * the product; Add/Update changes the cart and closes; "Closing resets selections"). The URL is
 * the source of truth for which product is open: the route tells every change of
 * `?product=&item=` (`url.changed`), so opening pushes history, Back closes, and closing
 * replaces `?product=` away (`leaveUrl`). An id the shop does not sell opens nothing.
 *
 * Closing is answered at once: `closing` hides the popup in the frame of the tap, and only once
 * that frame has painted (`nextPaint`) does the cart change (`commitLine`) and the URL follow
 * (`leaveUrl`, unless Back already changed it); both re-render large parts of the page.
 *
 * States: `closed` → (url.changed with a known product) → `open` (invokes one
 * `productSelection` per opening, so every opening starts fresh) → (line.committed | dismiss |
 * url.changed away) → `closing` → (nextPaint done) → `closed`. After an Add/Update, `closed`
 * waits in `releasing` for one more painted frame (the page is no longer inert) before
 * `settled` tells the line (`added`, WCAG 4.1.3 status message). A url.changed to another known
 * product re-opens with it (from `closing` after applying the committed line). The invoked
 * `followCart` sends `cart.changed` for every change of the session's cart; while `open` it goes
 * on to the selection, which takes its stock cap and edited line again from it (SPEC §4 "Cart",
 * §5; see `productSelectionMachine`); closing or closed, it is dropped (the next opening reads
 * the cart that `url.changed` carries). The selection is opened with the URL's `?item=` even
 * when that line is not in the cart yet (the session had not answered): it becomes the line's
 * Edit (Update) once a `cart.changed` brings the line, so the same opening is kept rather than
 * started again. `cart.held` / `cart.released` (a card payment holding the cart, SPEC §4 Card)
 * are kept in `held`, which a selection starts from, and go on to the open selection, which
 * refuses Add/Update meanwhile.
 * Events: url.changed {productId, itemId, cart}, dismiss, line.committed {line} (from the child),
 * cart.changed {cart}, cart.held, cart.released.
 * Actors: `productSelection` (provided here: reports `line.committed`), `nextPaint` (void →
 * void: resolves once the next frame has painted), `followCart` (void; invoked for the
 * machine's life as `cart`: sends `cart.changed` {cart} with the session's cart at start and on
 * each change, and `cart.held` / `cart.released`; the route provides it with `followSessionCart`).
 * Actions: `commitLine` (CommittedLine): the route sends it to the session; `leaveUrl`: the
 * route replaces `?product=&item=` away.
 */
export const productDialogMachine = setup({
  types: {
    context: {} as ProductDialogContext,
    events: {} as ProductDialogEvent,
    input: {} as ProductDialogInput,
    children: {} as { selection: 'productSelection'; nextPaint: 'nextPaint'; cart: 'followCart' },
  },
  actors: {
    productSelection: popupSelection,
    nextPaint: promiseNotProvided<void, void>('nextPaint'),
    followCart: followCartNotProvided,
  },
  actions: {
    commitLine: (_: unknown, _line: CommittedLine) => {},
    leaveUrl: () => {},
    followUrl: assign({ url: ({ event }) => (event.type === 'url.changed' ? urlOf(event) : null) }),
    openFromUrl: assign(({ context, event }) => {
      if (event.type !== 'url.changed') return {}
      const url = urlOf(event)
      return { url, opened: url, selection: selectionFor(context, event), committed: null, added: null }
    }),
    keepHold: assign({ held: ({ context, event }) => (event.type === 'cart.held' ? true : event.type === 'cart.released' ? false : context.held) }),
    rememberLine: assign({ committed: ({ context, event }) => (event.type === 'line.committed' ? event.line : context.committed) }),
    applyCommittedLine: enqueueActions(({ context, enqueue }) => {
      if (context.committed === null) return
      enqueue({ type: 'commitLine', params: context.committed })
      const title = context.selection?.article.title ?? ''
      enqueue.assign({ committed: null, added: { kind: context.committed.kind, title, quantity: context.committed.line.count } })
    }),
  },
  guards: {
    asksForKnownProduct: ({ context, event }) => event.type === 'url.changed' && selectionFor(context, event) !== null,
    asksForOpenedProduct: ({ context, event }) => event.type === 'url.changed' && sameUrl(urlOf(event), context.opened),
    urlShowsOpened: ({ context }) => sameUrl(context.url, context.opened),
    nothingAdded: ({ context }) => context.added === null,
  },
}).createMachine({
  id: 'productDialog',
  context: ({ input }) => ({ ...input, url: null, opened: null, selection: null, committed: null, held: false, added: null }),
  invoke: { id: 'cart', src: 'followCart' },
  on: {
    'cart.held': { actions: 'keepHold' },
    'cart.released': { actions: 'keepHold' },
  },
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ opened: null, selection: null }),
      initial: 'releasing',
      states: {
        // The line just added is told once the closed popup has released the page and that
        // frame has painted: a status line changed while the page is inert is not announced.
        releasing: {
          always: { guard: 'nothingAdded', target: 'settled' },
          invoke: { id: 'nextPaint', src: 'nextPaint', onDone: 'settled' },
        },
        settled: {},
      },
      on: {
        'url.changed': [{ guard: 'asksForKnownProduct', target: 'open', actions: 'openFromUrl' }, { actions: 'followUrl' }],
      },
    },
    open: {
      invoke: { id: 'selection', src: 'productSelection', input: ({ context }) => openSelection(context) },
      on: {
        'url.changed': [
          { guard: 'asksForOpenedProduct', actions: 'followUrl' },
          { guard: 'asksForKnownProduct', target: 'open', reenter: true, actions: 'openFromUrl' },
          // Back, or an id the shop does not sell.
          { target: 'closing', actions: 'followUrl' },
        ],
        dismiss: 'closing',
        'line.committed': { target: 'closing', actions: 'rememberLine' },
        'cart.changed': { actions: sendTo('selection', ({ event }) => event) },
        // Kept for the next opening too (the root's handler does not run beside this one).
        'cart.held': { actions: ['keepHold', sendTo('selection', ({ event }) => event)] },
        'cart.released': { actions: ['keepHold', sendTo('selection', ({ event }) => event)] },
      },
    },
    closing: {
      invoke: {
        id: 'nextPaint',
        src: 'nextPaint',
        onDone: [
          { guard: 'urlShowsOpened', target: 'closed', actions: ['applyCommittedLine', 'leaveUrl'] },
          { target: 'closed', actions: 'applyCommittedLine' },
        ],
      },
      on: {
        'url.changed': [
          { guard: 'asksForOpenedProduct', actions: 'followUrl' },
          { guard: 'asksForKnownProduct', target: 'open', actions: ['applyCommittedLine', 'openFromUrl'] },
          { actions: 'followUrl' },
        ],
      },
    },
  },
})

/** A running product dialog. */
export type ProductDialogActor = ActorRefFrom<typeof productDialogMachine>
type ProductDialogSnapshot = SnapshotFrom<typeof productDialogMachine>

/** The phase the popup is in (selector for the view). */
export function productDialogPhase(snapshot: ProductDialogSnapshot): ProductDialogPhase {
  if (snapshot.matches('open')) return 'open'
  if (snapshot.matches('closing')) return 'closing'
  return 'closed'
}

/** The title of the product on screen ('' when closed): the popup's accessible name. */
export function productDialogTitle(snapshot: ProductDialogSnapshot): string {
  return snapshot.context.selection?.article.title ?? ''
}

/** The line the last Add/Update put in the cart, once the page is released; else null (selector for the view). */
export function productDialogAdded(snapshot: ProductDialogSnapshot): AddedLine | null {
  return snapshot.matches({ closed: 'settled' }) ? snapshot.context.added : null
}

/** The open popup's selection actor, or undefined outside `open` (selector for the view). */
export function productDialogSelection(snapshot: ProductDialogSnapshot) {
  return snapshot.children.selection
}
