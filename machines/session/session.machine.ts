import { and, assign, enqueueActions, not, sendParent, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ActiveTab, Article, CartItem, Session, TabItemRef } from '../../src/domain/types'
import { chosenTabItems, sameLine, sameOrder, setLineCount, setTabItemCount, withoutPaid } from '../../src/domain/cart'
import { addWithinStock, cappedLineCount, replaceWithinStock } from '../../src/domain/stock'
import { cartUnits } from '../../src/domain/totals'
import { byId, newId } from '../../src/domain/ids'
import { failureOf } from '../shared/errors'
import { actionNotProvided, listenerNotProvided, promiseNotProvided } from '../shared/not-provided'

/**
 * A cart this browser tab had not got to the platform when the page went away (a failing push
 * and a reload): taken up on the next load. `merge`: its lines were added while the platform's
 * cart was not loaded, so they join that cart instead of replacing it.
 */
export interface UnsyncedCart {
  cart: CartItem[]
  tabItems: TabItemRef[]
  merge: boolean
}

/** What the shop gate starts a session with: the shop, the link's `?table=` and `?tabId=` (SPEC §2, §3). */
export interface SessionInput {
  shopId: string
  table: string | null
  tabId: string | null
  /** The cart this tab had not sent yet (services: sessionStorage), or none. */
  unsyncedCart?: UnsyncedCart | null
}

/** Table errors of SPEC §5: an unknown table number, or an empty `?table=`. */
export type TableError = 'tableNotFound' | 'tableRequired'

/** The session's state: the cart on screen, the platform's last answer, how far they agree (SPEC §3, §4). */
export interface SessionContext extends SessionInput {
  /** The cart as the customer sees it; pushed to the server on every change. */
  cart: CartItem[]
  /** Tab lines chosen into the cart ({id, count}). */
  tabItems: TabItemRef[]
  activeTab: ActiveTab | null
  orderReference: string | null
  /**
   * The platform's session as this page knows it: its last answer (payment fields live here),
   * with the cart and tab lines of this page's pushes taken since.
   */
  remote: Session | null
  tableError: TableError | null
  /** Articles of the loaded shop, for stock caps. */
  articles: Record<string, Article>
  /** A local change is not yet confirmed by the server. */
  dirty: boolean
  loadFailures: number
  pollFailures: number
  pushFailures: number
  /**
   * The platform refused the last push (a 4xx other than 408/429, e.g. an article it no longer
   * has): retrying the same cart cannot help, so it waits for the customer's next change.
   * `message` is the server's own words (SPEC §8), null when it gave none.
   */
  cartRefused: { message: string | null } | null
  /**
   * The last polled answer brought a cart other than the one on this page, with no change of
   * this page pending: another tab or device changed the order (SPEC §4: it cancels a payment).
   */
  cartChangedElsewhere: boolean
  /**
   * A payment was started (polling began) and no answer since has shown it ended: it may have
   * completed unseen (the customer left the cart page), so a change is checked before it goes.
   */
  paymentUnsettled: boolean
}

type CartLine = Omit<CartItem, 'id'>

/**
 * What the session hears: the customer's cart changes (counts in units), the shop gate's
 * commands and the page's comings and goings (SPEC §4).
 */
export type SessionEvent =
  | { type: 'shop.loaded'; articles: Record<string, Article> }
  | { type: 'cart.add'; line: CartLine }
  | { type: 'cart.replace'; itemId: string; line: CartLine }
  | { type: 'cart.setCount'; itemId: string; count: number }
  | { type: 'tab.setCount'; lineId: string; count: number }
  | { type: 'reference.saved'; reference: string }
  | { type: 'polling.start' }
  | { type: 'polling.stop' }
  | { type: 'session.refresh' }
  /** The page is going away (pagehide): a cart the server may not have yet goes out once more. */
  | { type: 'page.leaving' }
  /** The page is back in view (another tab or app was in front): the platform's cart may have moved on. */
  | { type: 'page.returned' }
  /**
   * Another tab or window of this browser got its cart to the platform: the cart here is old,
   * and a change made on it would overwrite that one (the PUT sends the whole cart).
   */
  | { type: 'cart.pushedElsewhere' }
  /**
   * From the shop gate: a card payment confirmed with Pay is being completed (SPEC §4 Card), so
   * the order it pays for must not change (`cart.hold`) until it has an outcome (`cart.release`).
   */
  | { type: 'cart.hold' }
  | { type: 'cart.release' }

/**
 * What the session tells its parent (the shop gate), `units` being {@link sessionUnits}:
 * - `session.ready`: the first load is done (also when it gave up); `table` is the table the
 *   server accepted (null when none, blank or unknown; the link's, taken on trust, when the load
 *   gave up), `session` the answer (null when none).
 * - `session.cartChanged`: the customer changed the cart or the chosen tab units.
 * - `session.updated`: a poll or refresh answered; `cartChangedElsewhere` when its cart is not
 *   the one this page had (another tab or device changed it).
 * - `session.cartSynced`: whether the platform has the cart on screen (`synced` false from a
 *   change of this page until its push is taken).
 * - `session.recovered`: the first load had given up (`session.ready` with no session), and the
 *   platform answers now: as `session.ready`, with the table it accepted (null when unknown).
 */
export type SessionReport =
  | { type: 'session.ready'; orderReference: string | null; table: string | null; session: Session | null; units: number }
  | { type: 'session.cartChanged'; units: number }
  | { type: 'session.updated'; session: Session; units: number; cartChangedElsewhere: boolean }
  | { type: 'session.cartSynced'; synced: boolean }
  | { type: 'session.recovered'; orderReference: string | null; table: string | null; session: Session; units: number }

/**
 * Units of the session's order that can be paid: cart lines plus the tab units chosen (capped by
 * the open tab). None while the platform's session is not loaded (`remote` null) or the last
 * push of the cart failed: the platform's order is not the one on screen, and a payment would
 * charge the platform's.
 */
function sessionUnits(context: Pick<SessionContext, 'cart' | 'tabItems' | 'activeTab' | 'remote' | 'pushFailures'>): number {
  if (context.remote === null || context.pushFailures > 0) return 0
  return cartUnits(context.cart, chosenTabItems(context.activeTab, context.tabItems))
}

/**
 * The cart once a late first load answers: the platform's lines, with the lines the customer
 * added while it was not loaded merged in as adding them would (SPEC §4 "Cart"), within the
 * stock the platform's lines leave (SPEC §5). A line joined to a platform line keeps this page's
 * id, so a product popup opened to edit it still updates it rather than adding another.
 */
function mergedCart(remote: readonly CartItem[], local: readonly CartItem[], articles: Record<string, Article>): CartItem[] {
  let cart = [...remote]
  for (const { id, ...line } of local) {
    cart = addWithinStock(cart, line, id, byId(articles, line.productId)).map((item) => (sameLine(item, line) ? { ...item, id } : item))
  }
  return cart
}

/**
 * The platform answered with a no: a 4xx other than 408/429 (SPEC §8, a client error reached the
 * server), so asking the same again gets the same answer. An answer that failed its schema is
 * no refusal.
 */
/**
 * The order as it is paid for: the cart's lines and the tab units the open tab still has
 * ({@link chosenTabItems}). A tab line paid at the bar, or the tab closed, changes it as much as
 * a cart line does (SPEC §4: a change cancels the payment), though the chosen refs stay the same.
 */
function countedOrder(order: Pick<Session, 'cart' | 'tabItems' | 'activeTab'>) {
  return { cart: order.cart, tabItems: chosenTabItems(order.activeTab, order.tabItems) }
}

function isRefusal(error: unknown): boolean {
  const { kind, status } = failureOf(error)
  return kind !== 'badResponse' && status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429
}

/**
 * A failed push the platform refused ({@link isRefusal}): the same cart would be refused again.
 * Null for anything else. An OUT_OF_STOCK refusal's message is its stock list (SPEC §8), not words
 * for the customer: none then.
 */
function refusalOf(error: unknown): { message: string | null } | null {
  const { message, stock } = failureOf(error)
  return isRefusal(error) ? { message: stock ? null : message } : null
}

/** Session polling interval while a payment runs (SPEC §9): 1000 ms. */
const POLL_INTERVAL_MS = 1000

/**
 * The server session of one shop (SPEC §3 "Session response", §4): first load (with `?table` and
 * `?tabId`), the cart and tab items, every change pushed to the server (debounced, one PUT in
 * flight, retried while offline), and 1 s polling while asked to (`polling.start` /
 * `polling.stop`, from the shop gate). Polls never overlap. When the first load gives up, the
 * menu still opens and the session goes on loading in the background (`ready.sync.recovering`):
 * nothing is pushed or payable until the platform's cart is known, so it is never overwritten.
 * Nothing is payable either while the last push failed (the platform's order is not the one on
 * screen), and a cart the platform refused (4xx) waits in `refused` for the customer's change.
 * A cart this tab had not sent before a reload comes in as `unsyncedCart` and is joined to (or
 * replaces) the first answer's cart. While a started payment may have completed unseen (polling
 * began and no answer since showed it ended), a change is pushed only after a read of the
 * platform (`checkingPayment`): a completed payment's lines are taken off the cart first.
 * Meanwhile a poll or refresh answering no payment status is passed over (`isSilentOnPayment`).
 * While the gate holds the cart (`cart.hold`: a card confirmed with Pay is being charged), cart
 * changes are ignored (`ready.hold.held`) until `cart.release`.
 *
 * States: `checkingTable` (a blank `?table=`), `loading` and `loadFailed` (the first load,
 * retried), then `ready` with three parallel regions: `sync` (`deciding`, `idle`, `dirty`,
 * `pushing`, `pushFailed`, `refused`, `recovering`, `checkingPayment`), `hold` (`free`,
 * `held`) and `polling` (`off`, `refreshing`, `waiting`, `fetching`, `retrying`).
 *
 * Events ({@link SessionEvent}): from the views and routes `cart.add`, `cart.replace`,
 * `cart.setCount`, `tab.setCount`; from the shop gate `shop.loaded`, `reference.saved`,
 * `polling.start`, `polling.stop`, `session.refresh`, `cart.hold`, `cart.release`; from
 * `listenToPage` `page.leaving`, `page.returned`, `cart.pushedElsewhere`.
 *
 * Reports to its parent (the shop gate, which relays to the checkout) through the named
 * actions `reportReady`, `reportCartChanged`, `reportCartSynced`, `reportSessionUpdated` and `reportRecovered` ({@link SessionReport});
 * run alone, provide them (or give it a parent).
 *
 * Actors: `fetchSession` ({shopId, table, tabId} → Session; rejects with the failure; a load with a
 * table the platform refuses, 404 or any other {@link isRefusal} such as 400 {name, errorCode},
 * is an unknown table, SPEC §5, §8; one naming a tab the platform refuses drops the tab,
 * {@link isUnknownTab}), `pushCart` ({shopId, cart, tabItems} → void), `listenToPage` ({shopId}; sends
 * `page.leaving` when the page goes away, `page.returned` when it comes back into view, and
 * `cart.pushedElsewhere` when another tab or window of this browser got its cart of the shop to
 * the platform: with polling off, the session is read again, so a page left on an old cart takes
 * up what another changed before its own change goes out; listens to nothing until provided).
 * Action `announceCartPushed` ({shopId}) after each push this page got through, for the other
 * pages' `listenToPage`. Action `flushCart`
 * ({shopId, cart, tabItems}): on `page.leaving` with unsynced changes, a push that outlives the
 * page. Actions `keepUnsyncedCart` ({shopId, cart, tabItems, merge}) on every unsent change and
 * `forgetUnsyncedCart` ({shopId}) once the platform has the cart. Delays (ms): `pushDebounce`, `pushRetry`, `loadRetry`, `pollInterval` (1000, backing off
 * after failures). Tags: `loading`, `syncing`, `offline`, `reconnecting`, `refused` (the platform
 * said no to the cart; `cartRefused` has its words), `held` (a card is being charged: cart
 * events are ignored until `cart.release`).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchSession: promiseNotProvided<Session, { shopId: string; table: string | null; tabId: string | null }>('fetchSession'),
    pushCart: promiseNotProvided<void, { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }>('pushCart'),
    listenToPage: listenerNotProvided<{ shopId: string }>(),
  },
  delays: {
    pushDebounce: 150,
    pushRetry: ({ context }) => Math.min(10000, 1000 * 2 ** Math.min(context.pushFailures, 4)),
    loadRetry: ({ context }) => Math.min(4000, 500 * 2 ** context.loadFailures),
    pollInterval: ({ context }) => (context.pollFailures === 0 ? POLL_INTERVAL_MS : Math.min(8000, POLL_INTERVAL_MS * 2 ** context.pollFailures)),
  },
  guards: {
    /** The load with a table was refused (404, or any other 4xx but 408/429): 'Table number not found' (SPEC §5, §8). */
    isUnknownTable: ({ context, event }) => context.table !== null && 'error' in event && isRefusal(event.error),
    /**
     * A load or poll naming a tab the platform refused ({@link isRefusal}): the tab is closed
     * (paid at the bar, or by this customer) or never existed. Asking again will not change it.
     */
    isUnknownTab: ({ context, event }) => context.tabId !== null && 'error' in event && isRefusal(event.error),
    isBlankTable: ({ context }) => context.table !== null && context.table.trim() === '',
    hasGivenUpLoading: ({ context }) => context.loadFailures >= 3,
    isClean: ({ context }) => !context.dirty,
    /** The platform answered the last push and said no: the same cart would be refused again. */
    isRefused: ({ context }) => context.cartRefused !== null,
    /** The platform's session never answered (the first load gave up): its cart is unknown. */
    isUnloaded: ({ context }) => context.remote === null,
    isPaymentUnsettled: ({ context }) => context.paymentUnsettled,
    /** An Update that leaves the order as it is (Update pressed without a change) is no change: nothing is cancelled (SPEC §4). */
    changesOrder: ({ context, event }) =>
      event.type !== 'cart.replace' || !context.cart.some((line) => line.id === event.itemId && line.count === event.line.count && sameLine(line, event.line)),
    /** A card being charged pays for the cart as it is: no change is taken (`ready.hold.held`). */
    isCartHeld: stateIn({ ready: { hold: 'held' } }),
    /**
     * While a started payment may run, an answer naming no payment status and no cart line (`{}`:
     * a platform's slip, every field being optional) says nothing of the payment or its cart: it
     * is passed over, so the cart on screen is not emptied and the payment not cancelled (SPEC
     * §4). One that brings lines is the platform's word: another tab changed the order and the
     * payment was reset.
     */
    isSilentOnPayment: ({ context, event }) =>
      context.paymentUnsettled && 'output' in event && (event.output as Session).paymentStatus === null && !(event.output as Session).cart.length,
    /** The answer shows the payment completed: its order was paid. */
    isPaidAnswer: ({ event }) => 'output' in event && (event.output as Session).paymentStatus === 'COMPLETED',
  },
  actions: {
    /** Goes on without the tab ({@link isUnknownTab}): the shop and its cart stay usable. */
    dropTab: assign({ tabId: null }),
    flushCart: actionNotProvided as (_: unknown, params: { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }) => void,
    /** Keeps the cart the platform does not have yet for a reload of this tab (services: sessionStorage). */
    keepUnsyncedCart: actionNotProvided as (_: unknown, params: { shopId: string } & UnsyncedCart) => void,
    /** The platform has the cart: nothing to take up again. */
    forgetUnsyncedCart: actionNotProvided as (_: unknown, params: { shopId: string }) => void,
    /** Tells this browser's other tabs that the platform has this tab's cart (services: a `storage` event). */
    announceCartPushed: actionNotProvided as (_: unknown, params: { shopId: string }) => void,
    /**
     * The first answer (on time, or late after the first load gave up): everything, with the
     * lines on screen joined to its cart (added while it was not loaded, or taken up from before
     * a reload), or replacing it when they are a whole cart this tab had not sent (SPEC §4 "Cart").
     */
    adoptFirstSession: assign(({ context }, session: Session) => {
      const replaces = context.unsyncedCart?.merge === false
      return {
        remote: session,
        cart: replaces ? context.cart : mergedCart(session.cart, context.cart, context.articles),
        tabItems: replaces ? context.tabItems : session.tabItems,
        activeTab: session.activeTab,
        orderReference: session.orderReference ?? context.orderReference,
        loadFailures: 0,
        unsyncedCart: null,
      }
    }),
    /** A polled answer: payment fields always; cart only when no local change is pending. */
    adoptPolledSession: assign(({ context }, session: Session) => {
      const base = {
        remote: session,
        pollFailures: 0,
        activeTab: session.activeTab,
        orderReference: session.orderReference ?? context.orderReference,
        cartChangedElsewhere: false,
        paymentUnsettled: context.paymentUnsettled && (session.paymentStatus === 'STARTED' || session.paymentStatus === 'LOADING'),
      }
      if (context.dirty) return base
      return { ...base, cart: session.cart, tabItems: session.tabItems, cartChangedElsewhere: !sameOrder(countedOrder(context), countedOrder(session)) }
    }),
    /**
     * The check before a push found the payment completed: its order was paid, so the page's
     * cart keeps only the lines added since (the platform's cart was cleared; SPEC §4).
     */
    adoptPaidSession: assign(({ context }, session: Session) => ({
      remote: session,
      cart: withoutPaid(context.cart, context.remote?.cart ?? []),
      tabItems: session.tabItems,
      activeTab: session.activeTab,
      paymentUnsettled: false,
      cartChangedElsewhere: false,
    })),
    reportReady: sendParent(({ context }): SessionReport => ({
      type: 'session.ready',
      orderReference: context.orderReference,
      table: context.table,
      session: context.remote,
      units: sessionUnits(context),
    })),
    reportCartChanged: sendParent(({ context }): SessionReport => ({ type: 'session.cartChanged', units: sessionUnits(context) })),
    reportSessionUpdated: sendParent(({ context }, session: Session): SessionReport => ({
      type: 'session.updated',
      session,
      units: sessionUnits(context),
      cartChangedElsewhere: context.cartChangedElsewhere,
    })),
    reportCartSynced: sendParent((_, synced: boolean): SessionReport => ({ type: 'session.cartSynced', synced })),
    reportRecovered: sendParent(({ context }, session: Session): SessionReport => ({
      type: 'session.recovered',
      orderReference: context.orderReference,
      table: context.table,
      session,
      units: sessionUnits(context),
    })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...input,
    // A cart this tab had not sent before a reload is on screen from the start, held until the
    // platform's answer is known (then joined to it or replacing it, adoptFirstSession).
    cart: input.unsyncedCart?.cart ?? [],
    tabItems: input.unsyncedCart?.tabItems ?? [],
    activeTab: null,
    orderReference: null,
    remote: null,
    tableError: null,
    articles: {},
    dirty: (input.unsyncedCart ?? null) !== null,
    loadFailures: 0,
    pollFailures: 0,
    pushFailures: 0,
    cartRefused: null,
    cartChangedElsewhere: false,
    paymentUnsettled: false,
  }),
  // The page's pagehide, its return into view and this browser's other windows of the shop, as
  // long as the session runs (services: window listeners).
  invoke: { id: 'page', src: 'listenToPage', input: ({ context }) => ({ shopId: context.shopId }) },
  on: {
    'shop.loaded': { actions: assign({ articles: ({ event }) => event.articles }) },
    'reference.saved': { actions: assign({ orderReference: ({ event }) => event.reference }) },
  },
  initial: 'checkingTable',
  states: {
    checkingTable: {
      always: [
        { guard: 'isBlankTable', target: 'loading', actions: assign({ tableError: 'tableRequired', table: null }) },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        input: ({ context }) => ({ shopId: context.shopId, table: context.table, tabId: context.tabId }),
        onDone: { target: 'ready', actions: [{ type: 'adoptFirstSession', params: ({ event }) => event.output }, 'reportReady'] },
        onError: [
          // An unknown table still lets the customer order: load without it and say so (SPEC §5).
          { guard: 'isUnknownTable', target: 'loading', reenter: true, actions: assign({ tableError: 'tableNotFound', table: null }) },
          { guard: 'isUnknownTab', target: 'loading', reenter: true, actions: 'dropTab' },
          { guard: 'hasGivenUpLoading', target: 'ready', actions: 'reportReady' },
          { target: 'loadFailed', actions: assign({ loadFailures: ({ context }) => context.loadFailures + 1 }) },
        ],
      },
    },
    loadFailed: {
      tags: ['loading', 'reconnecting'],
      after: { loadRetry: 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        // Unsynced (debouncing, pushing or retrying): the page must not take the last edit along.
        'page.leaving': {
          // Never while unloaded (the local lines alone would replace the platform's cart), nor a
          // cart the platform refused (it waits for the customer's change).
          guard: and([not('isClean'), not('isUnloaded'), not(stateIn({ ready: { sync: 'refused' } }))]),
          actions: { type: 'flushCart', params: ({ context }) => ({ shopId: context.shopId, cart: context.cart, tabItems: context.tabItems }) },
        },
      },
      states: {
        sync: {
          // A cart change concerns this region only: on `ready` it would re-enter the polling
          // region too, stopping a running poll or refresh.
          on: {
            'cart.add': {
              guard: not('isCartHeld'),
              target: '.dirty',
              // Capped at the stock left (SPEC §5) even if the popup's cap was stale.
              actions: [
                assign({ cart: ({ context, event }) => addWithinStock(context.cart, event.line, newId(), byId(context.articles, event.line.productId)), dirty: true }),
                'reportCartChanged',
              ],
            },
            'cart.replace': {
              guard: and([not('isCartHeld'), 'changesOrder']),
              target: '.dirty',
              actions: [
                assign({
                  cart: ({ context, event }) => replaceWithinStock(context.cart, event.itemId, event.line, byId(context.articles, event.line.productId)),
                  dirty: true,
                }),
                'reportCartChanged',
              ],
            },
            'cart.setCount': {
              guard: not('isCartHeld'),
              target: '.dirty',
              // Capped as the cart page's stepper is (SPEC §5), even if the page's cap was stale.
              actions: [
                assign({
                  cart: ({ context, event }) => setLineCount(context.cart, event.itemId, cappedLineCount(context.cart, event.itemId, event.count, context.articles)),
                  dirty: true,
                }),
                'reportCartChanged',
              ],
            },
            'tab.setCount': {
              guard: not('isCartHeld'),
              target: '.dirty',
              actions: [
                assign({
                  tabItems: ({ context, event }) =>
                    context.activeTab ? setTabItemCount(context.tabItems, context.activeTab, event.lineId, event.count) : context.tabItems,
                  dirty: true,
                }),
                'reportCartChanged',
              ],
            },
          },
          initial: 'deciding',
          states: {
            deciding: {
              // Lines this page holds (added while unloaded, or taken up after a reload) are a
              // change the platform's order does not have yet: a payment it runs is cancelled (SPEC §4).
              entry: enqueueActions(({ context, enqueue }) => {
                if (context.dirty && context.remote !== null) enqueue('reportCartChanged')
              }),
              always: [{ guard: 'isUnloaded', target: 'recovering' }, { guard: not('isClean'), target: 'dirty' }, { target: 'idle' }],
            },
            idle: {},
            dirty: {
              tags: ['syncing'],
              entry: [
                { type: 'reportCartSynced', params: false },
                {
                  type: 'keepUnsyncedCart',
                  // Held while unloaded, lines join the platform's cart, unless they are a whole cart taken up.
                  params: ({ context }) => ({
                    shopId: context.shopId,
                    cart: context.cart,
                    tabItems: context.tabItems,
                    merge: context.remote === null && context.unsyncedCart?.merge !== false,
                  }),
                },
              ],
              // Unloaded, a push would replace the platform's cart with the lines on screen.
              after: { pushDebounce: [{ guard: 'isUnloaded', target: 'recovering' }, { guard: 'isPaymentUnsettled', target: 'checkingPayment' }, { target: 'pushing' }] },
            },
            /**
             * The first load gave up: the menu works, and the session keeps loading in the
             * background. Lines added meanwhile stay on this page (no push, nothing payable) and
             * join the platform's cart once it answers.
             */
            recovering: {
              tags: ['reconnecting'],
              // The first load has just failed a few times: the next try waits its turn.
              initial: 'waiting',
              states: {
                loading: {
                  invoke: {
                    id: 'recoverSession',
                    src: 'fetchSession',
                    input: ({ context }) => ({ shopId: context.shopId, table: context.table, tabId: context.tabId }),
                    // Held lines go out now (deciding: dirty), or the cart is as the platform has it.
                    onDone: {
                      target: '#session.ready.sync.deciding',
                      actions: [{ type: 'adoptFirstSession', params: ({ event }) => event.output }, { type: 'reportRecovered', params: ({ event }) => event.output }],
                    },
                    onError: [
                      // As on time: an unknown table is dropped and the session loaded without it (SPEC §5).
                      { guard: 'isUnknownTable', target: 'loading', reenter: true, actions: assign({ tableError: 'tableNotFound', table: null }) },
                      { guard: 'isUnknownTab', target: 'loading', reenter: true, actions: 'dropTab' },
                      { target: 'waiting' },
                    ],
                  },
                },
                waiting: {
                  after: { loadRetry: 'loading' },
                },
              },
            },
            /**
             * A payment may have completed unseen: the session is read before the push, so the
             * paid order is not sent back to the platform's cart (only the lines added since are).
             */
            checkingPayment: {
              tags: ['syncing'],
              invoke: {
                id: 'checkPayment',
                src: 'fetchSession',
                input: ({ context }) => ({ shopId: context.shopId, table: null, tabId: context.tabId }),
                onDone: [
                  {
                    guard: 'isPaidAnswer',
                    target: 'pushing',
                    actions: [
                      { type: 'adoptPaidSession', params: ({ event }) => event.output },
                      { type: 'reportSessionUpdated', params: ({ event }) => event.output },
                      'reportCartChanged',
                    ],
                  },
                  {
                    target: 'pushing',
                    actions: assign({
                      paymentUnsettled: ({ event }) => event.output.paymentStatus === 'STARTED' || event.output.paymentStatus === 'LOADING',
                    }),
                  },
                ],
                // Unknown: the change goes as it would have.
                onError: 'pushing',
              },
            },
            pushing: {
              tags: ['syncing'],
              invoke: {
                id: 'pushCart',
                src: 'pushCart',
                input: ({ context }) => ({ shopId: context.shopId, cart: context.cart, tabItems: context.tabItems }),
                onDone: {
                  target: 'idle',
                  actions: [
                    enqueueActions(({ context, enqueue }) => {
                      // The platform now holds the cart pushed (any change since would have left
                      // `pushing`): a payment completed unseen paid for these lines (adoptPaidSession).
                      const remote = context.remote && { ...context.remote, cart: context.cart, tabItems: context.tabItems }
                      enqueue.assign({ remote, dirty: false, pushFailures: 0, cartRefused: null })
                      // Sent after failures: the order is payable again.
                      if (context.pushFailures > 0) enqueue('reportCartChanged')
                    }),
                    { type: 'forgetUnsyncedCart', params: ({ context }) => ({ shopId: context.shopId }) },
                    { type: 'announceCartPushed', params: ({ context }) => ({ shopId: context.shopId }) },
                    { type: 'reportCartSynced', params: true },
                  ],
                },
                onError: {
                  target: 'pushFailed',
                  actions: [
                    assign({ pushFailures: ({ context }) => context.pushFailures + 1, cartRefused: ({ event }) => refusalOf(event.error) }),
                    // The first failure makes the order unpayable (sessionUnits): the gate hears it.
                    enqueueActions(({ context, enqueue }) => {
                      if (context.pushFailures === 1) enqueue('reportCartChanged')
                    }),
                  ],
                },
              },
            },
            pushFailed: {
              tags: ['syncing', 'offline'],
              // A refusal waits for the customer's next change; anything else is tried again.
              always: { guard: 'isRefused', target: 'refused' },
              after: { pushRetry: 'pushing' },
            },
            /**
             * The platform refused the cart (SPEC §8 400 `{name}`): kept on the page and for a
             * reload, nothing payable, and sent again with the customer's next change.
             */
            refused: {
              tags: ['refused'],
            },
          },
        },
        /**
         * Whether the cart takes changes: held while a card payment confirmed with Pay is being
         * completed (the gate relays the checkout's `payment.charging`), so no control, however
         * it is reached, can change the order it pays for (SPEC §4 Card). Views read the tag.
         */
        hold: {
          initial: 'free',
          states: {
            free: { on: { 'cart.hold': 'held' } },
            held: { tags: ['held'], on: { 'cart.release': 'free' } },
          },
        },
        polling: {
          initial: 'off',
          on: {
            'polling.stop': { target: '.off' },
          },
          states: {
            off: {
              on: {
                'polling.start': { target: 'waiting', actions: assign({ pollFailures: 0, paymentUnsettled: true }) },
                'session.refresh': { target: 'refreshing' },
                // Another tab of this browser may have changed the order meanwhile: a change made
                // here on the old cart would overwrite it (the PUT sends the whole cart).
                'page.returned': { target: 'refreshing' },
                'cart.pushedElsewhere': { target: 'refreshing' },
              },
            },
            refreshing: {
              on: {
                // A payment started while the refresh is out: poll from now on.
                'polling.start': { target: 'waiting', actions: assign({ pollFailures: 0, paymentUnsettled: true }) },
                // The answer on its way may predate that push: read again.
                'cart.pushedElsewhere': { target: 'refreshing', reenter: true },
              },
              invoke: {
                id: 'refreshSession',
                src: 'fetchSession',
                input: ({ context }) => ({ shopId: context.shopId, table: null, tabId: context.tabId }),
                onDone: [
                  { guard: 'isSilentOnPayment', target: 'off' },
                  { target: 'off', actions: [
                    { type: 'adoptPolledSession', params: ({ event }) => event.output },
                    { type: 'reportSessionUpdated', params: ({ event }) => event.output },
                  ] },
                ],
                onError: { target: 'off' },
              },
            },
            waiting: {
              after: { pollInterval: 'fetching' },
            },
            fetching: {
              invoke: {
                id: 'pollSession',
                src: 'fetchSession',
                input: ({ context }) => ({ shopId: context.shopId, table: null, tabId: context.tabId }),
                onDone: [
                  // Polled on at the usual pace: the next answer may name it.
                  { guard: 'isSilentOnPayment', target: 'waiting', actions: assign({ pollFailures: 0 }) },
                  { target: 'waiting', actions: [
                    { type: 'adoptPolledSession', params: ({ event }) => event.output },
                    { type: 'reportSessionUpdated', params: ({ event }) => event.output },
                  ] },
                ],
                onError: [
                  // A tab closed while polled (paid in full): polled on without it, not retried.
                  { guard: 'isUnknownTab', target: 'waiting', actions: 'dropTab' },
                  { target: 'retrying', actions: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }) },
                ],
              },
            },
            retrying: {
              // A failed poll (500, dropped connection, timeout) backs off and goes on.
              tags: ['reconnecting'],
              after: { pollInterval: 'fetching' },
            },
          },
        },
      },
    },
  },
})

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/**
 * The cart takes no change: a card payment confirmed with Pay is being completed (SPEC §4 Card;
 * tag `held`). Views disable the cart's edits and Add / Update while it is.
 */
export function isCartHeld(snapshot: SessionSnapshot | undefined): boolean {
  return snapshot?.hasTag('held') ?? false
}
