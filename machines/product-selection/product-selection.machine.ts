import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Article, CartItem, DeviationGroup, ShopData } from '../../src/domain/types'
import { canToggleDeviation, clearGroup, groupsOf, toggleDeviation, unmetGroups } from '../../src/domain/deviations'
import { maxQuantity } from '../../src/domain/stock'
import { byId } from '../../src/domain/ids'

/** Editing an existing cart line (the popup opened with a cart item id, SPEC §2). */
interface EditedLine {
  itemId: string
  count: number
  deviations: string[]
  description: string
}

/** What a selection starts with: the article, its groups and stock, and the line it edits (SPEC §2, §5). */
export interface ProductSelectionInput {
  article: Article
  /** The article's deviation groups, in order. */
  groups: DeviationGroup[]
  /** Remaining stock for this selection (Infinity when stock is not limited). */
  maxQuantity: number
  editing: EditedLine | null
  /**
   * The cart line the URL asked to edit (`?item=`), kept when it is not in the cart yet (a
   * reload or a shared link opened before the session's first answer): the selection becomes
   * its Edit once it appears (see `followCart`). Null on the product page.
   */
  requestedItemId: string | null
  /**
   * A card payment is being completed when the selection starts (the session's `held` tag,
   * SPEC §4 Card): Add / Update waits. Absent: not held; `cart.held` / `cart.released` follow it.
   */
  held?: boolean
}

/**
 * What changed under an open selection in the cart it edits a line of (SPEC §4 "Cart"): the
 * line changed (its count is now `count`; its deviations or note may have changed too), the line
 * is gone and the selection adds a new one instead, or the line the URL asked to edit appeared
 * after the customer had chosen (`lineFound`: Update now replaces its `count` with their choices).
 */
type CartNotice = { kind: 'lineChanged'; count: number } | { kind: 'lineRemoved' } | { kind: 'lineFound'; count: number }

/** The customer's choices (quantity in units, deviation ids, note) and which of them they have touched (SPEC §5). */
export interface ProductSelectionContext extends ProductSelectionInput {
  /** A card payment holds the session's cart: `submit` is refused (SPEC §4 Card). */
  held: boolean
  quantity: number
  selected: string[]
  description: string
  /** The customer has set the quantity in this selection; until then it follows the cart. */
  quantityTouched: boolean
  /** The customer has changed the deviations; until then they follow the edited line. */
  selectedTouched: boolean
  /** The customer has edited the note; until then it follows the edited line. */
  descriptionTouched: boolean
  /** Set when the edited line changed, went or turned up while open; the view says so beside Update/Add. */
  cartNotice: CartNotice | null
}

/** The customer's edits and Add/Update from the view, and the session's cart as it changes (SPEC §4, §5). */
export type ProductSelectionEvent =
  | { type: 'quantity.set'; value: number }
  | { type: 'deviation.toggled'; groupId: string; deviationId: string }
  /** 'None' in a single-choice group without a minimum (SPEC §5); a group with one keeps its choice. */
  | { type: 'group.cleared'; groupId: string }
  | { type: 'description.changed'; value: string }
  | { type: 'submit' }
  /** 'Add more' on the product page: a fresh selection, capped at the stock the cart leaves now (SPEC §5). */
  | { type: 'add.more' }
  /**
   * The session's cart changed while open (a late first answer merged, a poll, another tab):
   * from `followCart`, or relayed by `productDialog`.
   */
  | { type: 'cart.changed'; cart: readonly CartItem[] }
  /**
   * A card payment began or ended holding the session's cart (its `held` tag, SPEC §4 Card): the
   * session ignores cart changes meanwhile, so Add / Update waits rather than lose the line.
   */
  | { type: 'cart.held' }
  | { type: 'cart.released' }

/** The line a submitted selection adds (or replaces, when editing). */
export type CommittedLine = { kind: 'add'; line: Omit<CartItem, 'id'> } | { kind: 'update'; itemId: string; line: Omit<CartItem, 'id'> }

/** The session event that applies a committed line to the cart (SPEC §4 "Cart"). */
export type CartEventOfLine = { type: 'cart.add'; line: Omit<CartItem, 'id'> } | { type: 'cart.replace'; itemId: string; line: Omit<CartItem, 'id'> }

/** Maps a committed line to the session's `cart.add` (new line) or `cart.replace` (edited line). */
export function cartEventOf(committed: CommittedLine): CartEventOfLine {
  return committed.kind === 'add' ? { type: 'cart.add', line: committed.line } : { type: 'cart.replace', itemId: committed.itemId, line: committed.line }
}

/**
 * The machine input for a product (SPEC §2 popup / product page, §5 stock): the article, its
 * groups in order, the stock cap and, when `itemId` names a line of `cart` for this product,
 * that line to edit. The cap leaves the edited line out (its units are being chosen again); a
 * new line of an article the platform marks out of stock gets 0. Returns null for an id the
 * shop does not sell. An item id that is not in the cart opens a new line.
 */
export function productSelectionInput(
  shopData: Pick<ShopData, 'articles' | 'deviationGroups' | 'deviations'>,
  cart: readonly CartItem[],
  productId: string,
  itemId?: string | null,
): ProductSelectionInput | null {
  // Own properties only: an id like "constructor" must not find Object.prototype members.
  const article = byId(shopData.articles, productId)
  if (!article) return null
  const line = itemId == null ? undefined : cart.find((item) => item.id === itemId && item.productId === productId)
  const editing = line ? editedLineOf(line) : null
  return { article, groups: groupsOf(article, shopData), maxQuantity: capOf(article, cart, editing?.itemId ?? null), editing, requestedItemId: itemId ?? null }
}

function editedLineOf(line: CartItem): EditedLine {
  return { itemId: line.id, count: line.count, deviations: [...line.deviations], description: line.description }
}

/**
 * An edited line's deviations the popup can show: those the article's groups list. One the shop
 * no longer has (or no group of this article offers) is dropped, so Update never keeps an add-on
 * the customer cannot see or untick (the cart line marks it as gone).
 */
function shownDeviations(groups: readonly DeviationGroup[], deviations: readonly string[]): string[] {
  return deviations.filter((id) => groups.some((group) => group.deviationIds.includes(id)))
}

/** Same deviations, in any order (the platform may list them differently). */
function sameDeviations(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id))
}

/** The stock cap (units): the edited line's own units left out; 0 for a new line of an article marked out of stock. */
function capOf(article: Article, cart: readonly CartItem[], editedItemId: string | null): number {
  return editedItemId === null && article.outOfStock ? 0 : maxQuantity(article, cart, editedItemId ?? undefined)
}

function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.max(0, Math.min(Math.trunc(value), max))
}

/** The quantity of a new line the customer has not set: 1, or 0 without stock (SPEC §9). */
function defaultQuantity(max: number): number {
  return Math.min(1, Math.max(0, max))
}

type StartingChoices = Pick<
  ProductSelectionContext,
  'quantity' | 'selected' | 'description' | 'quantityTouched' | 'selectedTouched' | 'descriptionTouched' | 'cartNotice'
>

/** The choices a selection starts from: the edited line's, else quantity 1 (0 without stock), nothing chosen. */
function startingChoices(input: ProductSelectionInput): StartingChoices {
  return {
    quantity: input.editing ? clampQuantity(input.editing.count, input.maxQuantity) : defaultQuantity(input.maxQuantity),
    selected: input.editing ? shownDeviations(input.groups, input.editing.deviations) : [],
    description: input.editing?.description ?? '',
    quantityTouched: false,
    selectedTouched: false,
    descriptionTouched: false,
    cartNotice: null,
  }
}

/**
 * The selection after the session's cart changed under it (SPEC §4 "Cart", §5 stock): the stock
 * cap is taken again from `cart` and the quantity kept within it.
 *
 * An edited line that is still there: each field the customer has not touched (quantity,
 * deviations, note) follows the line, so Update never silently sets back a change made elsewhere
 * (another tab, a poll, units merged in by a late first answer); a field they changed stays
 * theirs (the quantity capped). Any change of the line raises the `lineChanged` notice.
 *
 * An edited line that is gone turns the selection into an Add of a new line with the choices
 * kept (Update would bring the line back unasked), with the `lineRemoved` notice.
 *
 * A line the URL asked to edit (`requestedItemId`) that was not in the cart when the selection
 * started (the session had not answered yet) and now is: the selection becomes its Edit, since
 * the URL is the source of truth and Add would merge more units into the line the customer
 * meant to set (2 + 1 = 3). Untouched, it takes the line's quantity, deviations and note, as if the
 * session had answered first: no notice, nothing the customer chose is lost. If the customer
 * has already chosen something, that choice stays (the Edit takes the line's values only for
 * untouched fields) and the `lineFound` notice says what the cart holds and that Update replaces
 * it: dropping their choices would lose work, and staying an Add would bring back the merge.
 */
function followCart(context: ProductSelectionContext, cart: readonly CartItem[]): Partial<ProductSelectionContext> {
  const { article, editing, quantityTouched, selectedTouched, descriptionTouched } = context
  const own = (itemId: string) => cart.find((item) => item.id === itemId && item.productId === article.id)
  const newLine = (): Partial<ProductSelectionContext> => {
    const cap = capOf(article, cart, null)
    return { editing: null, maxQuantity: cap, quantity: quantityTouched ? clampQuantity(context.quantity, cap) : defaultQuantity(cap) }
  }
  if (editing === null) {
    const found = context.requestedItemId === null ? undefined : own(context.requestedItemId)
    if (found === undefined) return newLine()
    const touched = quantityTouched || selectedTouched || descriptionTouched
    // A notice already on screen (the line had gone) is replaced: the button changes under it again.
    const notice = touched || context.cartNotice !== null ? { kind: 'lineFound' as const, count: found.count } : null
    return { ...followLine(context, editedLineOf(found), capOf(article, cart, found.id)), cartNotice: notice }
  }
  const line = own(editing.itemId)
  if (line === undefined) return { ...newLine(), cartNotice: { kind: 'lineRemoved' } }
  const changed = line.count !== editing.count || !sameDeviations(line.deviations, editing.deviations) || line.description !== editing.description
  return {
    ...followLine(context, changed ? editedLineOf(line) : editing, capOf(article, cart, line.id)),
    cartNotice: changed ? { kind: 'lineChanged', count: line.count } : context.cartNotice,
  }
}

/** The selection editing `line` under the stock cap `cap`: untouched fields take the line's values. */
function followLine(context: ProductSelectionContext, line: EditedLine, cap: number): Partial<ProductSelectionContext> {
  return {
    editing: line,
    maxQuantity: cap,
    quantity: clampQuantity(context.quantityTouched ? context.quantity : line.count, cap),
    selected: context.selectedTouched ? context.selected : shownDeviations(context.groups, line.deviations),
    description: context.descriptionTouched ? context.description : line.description,
  }
}

/**
 * The `followCart` placeholder of this machine and `productDialog`: follows nothing until
 * provided (the popup's selection is told the cart by its dialog). It is `listenerNotProvided`
 * (machines/shared) in effect; that one lives in the entry chunk, and these lazy chunks would make
 * the entry export one more name for it.
 */
export const followCartNotProvided = fromCallback<{ type: string }, void>(() => undefined)

/**
 * One product popup or product page (SPEC §2 "Product popup" and "Product page", §5 deviation
 * and stock rules): quantity (default 1, min 0, max remaining stock), deviation choices within
 * each group's bounds, the free-text note, and Add (or Update when editing a cart line).
 * Submitting is refused while a group is unmet (the `unmetGroupIds` selector: the view
 * highlights those groups and says so), when out of stock, with quantity 0 on a new
 * line, or while a card payment holds the cart (`held`, SPEC §4 Card: the session would drop the
 * line); on an edited line quantity 0 removes it.
 *
 * The selection follows the session's cart while `editing` (`cart.changed`, SPEC §4 "Cart", §5):
 * the stock cap is taken again and the quantity kept within it; the quantity, deviations and note
 * the customer has not touched follow the edited line; a changed or vanished edited line raises
 * `cartNotice`, and a vanished one makes the selection an Add of a new line. The line the URL
 * asked to edit (`requestedItemId`) that appears only after the selection started (a reload or
 * a shared link answered late) makes it that line's Edit, keeping what the customer already
 * chose and then saying so (see `followCart` for why). `committed` keeps the committed line as
 * it was and follows only the stock a new line could take, which the product page's 'Add more'
 * starts from.
 *
 * States: `editing` → (submit) → `committed` → (add.more, product page) → `editing` again with
 * fresh choices and the new stock cap.
 * Events: quantity.set, deviation.toggled (refused by `canToggle` for a tick in a full group),
 * group.cleared, description.changed, submit, add.more,
 * cart.changed {cart}, cart.held, cart.released (followed in every state).
 * Actors: `followCart` (void; invoked for the machine's life as `cart`): sends `cart.changed`
 * {cart} with the session's cart at start and on each change, and `cart.held` / `cart.released`
 * as a card payment starts or stops holding it (`cart.held` at start when held). The product page provides it
 * (`followSessionCart`); in the popup it stays the no-op default, since `productDialog` follows
 * the cart itself and relays `cart.changed` to its selection, so the session is followed once.
 * Actions: `commitLine` (CommittedLine), taken once per submit: the product page sends it to
 * the session; in the popup, `productDialog` provides it to report the line to itself.
 */
export const productSelectionMachine = setup({
  types: {
    context: {} as ProductSelectionContext,
    events: {} as ProductSelectionEvent,
    input: {} as ProductSelectionInput,
  },
  actors: {
    followCart: followCartNotProvided,
  },
  actions: {
    commitLine: (_: unknown, _line: CommittedLine) => {},
  },
  guards: {
    // A tick in a full multi-choice group, or of a deviation the group lacks, is refused (SPEC §5).
    canToggle: (_: unknown, { selected, group, deviationId }: { selected: readonly string[]; group: DeviationGroup | undefined; deviationId: string }) =>
      group !== undefined && canToggleDeviation(selected, group, deviationId),
    canSubmit: ({ context }) =>
      !context.held &&
      unmetGroupsOf(context).length === 0 &&
      (context.editing !== null || (context.quantity > 0 && context.maxQuantity > 0)),
  },
}).createMachine({
  id: 'productSelection',
  context: ({ input }) => ({ ...input, held: input.held ?? false, ...startingChoices(input) }),
  invoke: { id: 'cart', src: 'followCart' },
  // In every state: a hold that begins after Add on the product page still holds 'Add more'.
  on: {
    'cart.held': { actions: assign({ held: true }) },
    'cart.released': { actions: assign({ held: false }) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'quantity.set': { actions: assign({ quantity: ({ context, event }) => clampQuantity(event.value, context.maxQuantity), quantityTouched: true }) },
        'cart.changed': { actions: assign(({ context, event }) => followCart(context, event.cart)) },
        'deviation.toggled': {
          guard: {
            type: 'canToggle',
            params: ({ context, event }) => ({ selected: context.selected, group: groupOf(context, event.groupId), deviationId: event.deviationId }),
          },
          actions: assign({
            selectedTouched: true,
            selected: ({ context, event }) => {
              const group = groupOf(context, event.groupId)
              return group ? toggleDeviation(context.selected, group, event.deviationId) : context.selected
            },
          }),
        },
        'group.cleared': {
          actions: assign({
            selectedTouched: true,
            selected: ({ context, event }) => {
              const group = groupOf(context, event.groupId)
              return group ? clearGroup(context.selected, group) : context.selected
            },
          }),
        },
        'description.changed': { actions: assign({ description: ({ event }) => event.value, descriptionTouched: true }) },
        submit: {
          guard: 'canSubmit',
          target: 'committed',
          actions: {
            type: 'commitLine',
            params: ({ context }): CommittedLine => {
              const line = {
                productId: context.article.id,
                count: context.quantity,
                deviations: context.selected,
                description: context.description.trim(),
              }
              return context.editing ? { kind: 'update', itemId: context.editing.itemId, line } : { kind: 'add', line }
            },
          },
        },
      },
    },
    committed: {
      on: {
        // The committed line stays as it was; only the cap 'Add more' starts from follows the cart.
        'cart.changed': { actions: assign({ maxQuantity: ({ context, event }) => capOf(context.article, event.cart, null) }) },
        'add.more': {
          target: 'editing',
          actions: assign(({ context }) => {
            const input = { ...context, editing: null, requestedItemId: null }
            return { ...input, ...startingChoices(input) }
          }),
        },
      },
    },
  },
})

/** A running product selection (one popup opening or the product page). */
export type ProductSelectionActor = ActorRefFrom<typeof productSelectionMachine>

/** The article's deviation group `groupId`; undefined when the article has none of that id. */
function groupOf(context: ProductSelectionContext, groupId: string): DeviationGroup | undefined {
  return context.groups.find((g) => g.id === groupId)
}

/** The groups whose choices are outside their bounds: `canSubmit` refuses while there is one. */
function unmetGroupsOf(context: ProductSelectionContext): string[] {
  return unmetGroups(context.groups, context.selected)
}

/**
 * Ids of the deviation groups whose choices are outside their bounds, in the groups' order (SPEC
 * §5): each is highlighted, and while there is one `submit` is refused and the view says
 * 'Select all necessary add-ons'.
 */
export function unmetGroupIds(snapshot: SnapshotFrom<typeof productSelectionMachine>): string[] {
  return unmetGroupsOf(snapshot.context)
}

/**
 * Whether the selection shows 'Out of stock' (SPEC §5): the platform marks the article so, or the
 * cart leaves this selection no unit (`maxQuantity` 0). The menu's card asks `isOutOfStock`
 * (src/domain/stock), which counts the same units for a new line.
 */
export function showsOutOfStock(snapshot: SnapshotFrom<typeof productSelectionMachine>): boolean {
  return snapshot.context.article.outOfStock || snapshot.context.maxQuantity <= 0
}
