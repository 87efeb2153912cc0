import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Session, ShopData } from '../../src/domain/types'
import { withReportedStock } from '../../src/domain/stock'
import { failureOf } from '../shared/errors'
import { actionNotProvided, promiseNotProvided } from '../shared/not-provided'
import { sessionMachine, type SessionActor, type SessionReport, type UnsyncedCart } from '../session/session.machine'
import { checkoutMachine, resumesPayment, type CheckoutActor, type CheckoutReport, type CustomerValues } from '../checkout/checkout.machine'

/** Input: the validated route params and search (SPEC §2: `/{webshopId}?table=&tabId=`). */
export interface ShopGateInput {
  shopId: string
  table: string | null
  tabId: string | null
  /** Device decides the Swish flow (SPEC §2 "Payment method sections"). */
  isMobile: boolean
  /** Customer info remembered in this browser tab, handed to the checkout. */
  customerValues?: Partial<CustomerValues> | null
  /**
   * Receipts of this shop this browser has already opened after a payment: a payment found
   * completed when the shop loads opens its receipt only if it is not one of them.
   */
  receiptsShown?: readonly string[]
  /** The cart this tab had not got to the platform before a reload, handed to the session. */
  unsyncedCart?: UnsyncedCart | null
  /** A start this browser sent before a reload has no answer read: handed to the checkout. */
  startUnconfirmed?: boolean
}

/** Reference entry errors (SPEC §5 reference.emptyInput, reference.notFound): codes, views map them to texts. */
export type ReferenceError = 'emptyInput' | 'notFound'

/** The gate's state: the shop's data, the session's and checkout's last reports, the reference form (SPEC §2, §4). */
export interface ShopGateContext extends ShopGateInput {
  shopData: ShopData | null
  /** Failed shop loads in a row (500, timeout, dropped connection). */
  loadFailures: number
  sessionReady: boolean
  /** The session's first answer, which the checkout resumes from (null when there was none). */
  firstSession: Session | null
  /** Units of the order (cart lines and chosen tab units), as the session last reported them. */
  cartUnits: number
  orderReference: string | null
  referenceInput: string
  referenceError: ReferenceError | null
  /** The customer is on the cart page (the route says so): only there is a payment polled. */
  onCartPage: boolean
  /** The checkout has a payment that wants the session polled (between `payment.started` and `payment.settled`). */
  paymentRunning: boolean
  /** The platform has the cart on screen (the session's last `session.cartSynced`). */
  cartSynced: boolean
}

/**
 * What the gate hears: the reference form and Try again from the views, the cart route's
 * entry and exit, and its children's reports ({@link SessionReport}, {@link CheckoutReport}).
 */
export type ShopGateEvent =
  | { type: 'reference.changed'; value: string }
  | { type: 'reference.submit' }
  | { type: 'retry' }
  /** The cart route was entered / left (SPEC §4 "polling stops … on leaving"). */
  | { type: 'cart.entered' }
  | { type: 'cart.left' }
  | SessionReport
  | CheckoutReport

/** Shop loads are retried this many times (with backoff) before offering 'try again'. */
const MAX_AUTOMATIC_LOAD_RETRIES = 3

/**
 * The shop gate (SPEC §2 "Shop gate", §4 "Shop load"): loads the shop and the first session in
 * parallel, then decides, in the spec's order: not found → loading → closed → needs reference →
 * open. `?table=` is the order reference once the session has accepted the table, whether or
 * not its answer echoes it (SPEC §2).
 *
 * It owns the shop's other actors and carries every message between them, so the flow reads
 * off this definition:
 * - invokes `session` at once (id 'session') and `checkout` while open (id 'checkout'),
 *   the checkout's input built from the session's first answer;
 * - gate → session: `shop.loaded` (the articles, for stock caps) once the shop has loaded, and
 *   `reference.saved` once a reference entered here is saved;
 * - session → checkout: `session.cartChanged` → `cart.changed`, `session.updated` (and the
 *   late first answer `session.recovered`) → `session.updated` (actions `tellCheckoutCart`,
 *   `tellCheckoutSession`), `session.cartSynced` → `cart.sync`, a changed order reference →
 *   `orderReference.changed`;
 * - route → checkout: `cart.entered` / `cart.left` (`tellCheckoutPage`), so a payment start
 *   answered after the customer left the cart opens no Swish app or Viva checkout;
 * - checkout → session: `payment.started` / `payment.settled` start and stop polling, but only
 *   while the customer is on the cart page (`cart.entered` / `cart.left` from the route);
 *   coming back to the cart resumes polling, so a payment completed meanwhile completes there;
 * - `payment.charging` / `payment.chargingEnded` hold and release the session's cart
 *   (`cart.hold` / `cart.release`): a card being charged pays for the order as it is;
 * - `payment.completed` refreshes the session and, when the `opensReceipt` guard allows (a
 *   receipt id, and a payment completed in front of the customer or found completed on the
 *   cart page with a receipt not yet opened), runs `goToReceipt` ({shopId, receiptId}; the
 *   route navigates) and `rememberReceipt` ({shopId, receiptId}; kept in the browser, handed
 *   back as `receiptsShown` the next time the shop loads);
 * - `stock.reported` (an OUT_OF_STOCK answer's stock) becomes the articles' stock in `shopData`,
 *   and the session hears `shop.loaded` again: the menu, the popup, the cart page and the
 *   session's caps follow it (SPEC §8).
 *
 * Actors: `loadShop` ({shopId} → ShopData; rejects with kind 'notFound' on 404),
 * `saveReference` ({shopId, reference} → void; any failure is reference.notFound, SPEC §5).
 * Delay: `loadRetry` (ms, grows with failures). Events from the views and the route:
 * `reference.changed`, `reference.submit`, `retry`, `cart.entered`, `cart.left`; the rest are the
 * children's reports. Tags: `loading`, `busy` (saving a reference).
 */
export const shopGateMachine = setup({
  types: {
    context: {} as ShopGateContext,
    events: {} as ShopGateEvent,
    input: {} as ShopGateInput,
    children: {} as { session: 'session'; checkout: 'checkout'; loadShop: 'loadShop'; saveReference: 'saveReference' },
  },
  actors: {
    loadShop: promiseNotProvided<ShopData, { shopId: string }>('loadShop'),
    saveReference: promiseNotProvided<void, { shopId: string; reference: string }>('saveReference'),
    session: sessionMachine,
    checkout: checkoutMachine,
  },
  delays: {
    loadRetry: ({ context }) => Math.min(8000, 500 * 2 ** context.loadFailures),
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && failureOf(event.error).kind === 'notFound',
    /** The platform answered, but not with a shop (a missing required field, not JSON). */
    isBadAnswer: ({ event }) => 'error' in event && failureOf(event.error).kind === 'badResponse',
    canRetryAutomatically: ({ context }) => context.loadFailures <= MAX_AUTOMATIC_LOAD_RETRIES,
    isSessionReady: ({ context }) => context.sessionReady,
    /** The late first answer has a payment a checkout started from it takes up (the running one had none to resume). */
    resumesLatePayment: ({ event }) => event.type === 'session.recovered' && resumesPayment(event.session),
    /** The late first answer leaves a shop that requires a reference without one (a `?table=` turned down). */
    losesReference: ({ context, event }) =>
      event.type === 'session.recovered' && context.shopData?.shop.requireReference === true && !(event.table ?? event.orderReference),
    /** The late first answer brings an order reference (the table accepted, or the platform's). */
    bringsReference: ({ event }) => event.type === 'session.recovered' && !!(event.table ?? event.orderReference),
    /** The late first answer changes the order reference the checkout pays with. */
    changesReference: ({ context, event }) => event.type === 'session.recovered' && (event.table ?? event.orderReference) !== context.orderReference,
    isClosed: ({ context }) => context.shopData?.shop.active === false,
    needsReference: ({ context }) => context.shopData?.shop.requireReference === true && !context.orderReference,
    isReferenceEmpty: ({ context }) => context.referenceInput.trim() === '',
    isPaymentRunning: ({ context }) => context.paymentRunning,
    isOnCartPage: ({ context }) => context.onCartPage,
    /**
     * A completed payment opens its receipt when it has an id, and either completed in front of
     * the customer or is found completed where they come back to after paying (the cart page)
     * with a receipt this browser has not opened yet (back from Viva, or from the Swish app);
     * a later visit to the menu, the refund policy or the cart stays there.
     */
    opensReceipt: ({ context, event }) =>
      event.type === 'payment.completed' &&
      !!event.receiptId &&
      (!event.resumed || (context.onCartPage && !(context.receiptsShown ?? []).includes(event.receiptId))),
  },
  actions: {
    /** The route navigates to `/{shopId}/receipt/{receiptId}` (`opensReceipt` has checked there is an id). */
    goToReceipt: actionNotProvided as (_: unknown, params: { shopId: string; receiptId: string | null }) => void,
    /** Keeps `receiptId` as opened in this browser (it comes back in `receiptsShown`). */
    rememberReceipt: actionNotProvided as (_: unknown, params: { shopId: string; receiptId: string | null }) => void,
    adoptSessionReady: assign(({ context, event }) => {
      if (event.type !== 'session.ready') return {}
      // The table the session accepted is the order reference (SPEC §2), echoed or not.
      return {
        sessionReady: true,
        firstSession: event.session,
        cartUnits: event.units,
        orderReference: event.table ?? event.orderReference ?? context.orderReference,
      }
    }),
    tellSessionShopLoaded: sendTo('session', ({ context }) => ({
      type: 'shop.loaded' as const,
      articles: context.shopData?.articles ?? {},
    })),
    /** The stock an OUT_OF_STOCK answer reported becomes the articles' stock (SPEC §8): every cap follows. */
    adoptReportedStock: assign({
      shopData: ({ context, event }) =>
        event.type === 'stock.reported' && context.shopData ? { ...context.shopData, articles: withReportedStock(context.shopData.articles, event.stock) } : context.shopData,
    }),
    tellSessionReference: sendTo('session', ({ context }) => ({
      type: 'reference.saved' as const,
      reference: context.referenceInput.trim(),
    })),
    startPolling: sendTo('session', { type: 'polling.start' }),
    stopPolling: sendTo('session', { type: 'polling.stop' }),
    refreshSession: sendTo('session', { type: 'session.refresh' }),
    holdCart: sendTo('session', { type: 'cart.hold' }),
    releaseCart: sendTo('session', { type: 'cart.release' }),
    tellCheckoutCart: sendTo('checkout', ({ context }) => ({ type: 'cart.changed' as const, units: context.cartUnits })),
    tellCheckoutSession: sendTo('checkout', (_, update: { session: Session; units: number; cartChangedElsewhere?: boolean }) => ({
      type: 'session.updated' as const,
      session: update.session,
      payableUnits: update.units,
      cartChangedElsewhere: update.cartChangedElsewhere ?? false,
    })),
    /**
     * The session's first answer, after the first load had given up: the order reference is now
     * what the platform accepted (the table, else its reference or the one saved here), so a
     * `?table=` it turned down is no longer shown or paid with (SPEC §2, §5).
     */
    adoptRecoveredSession: assign(({ event }) =>
      event.type === 'session.recovered'
        ? { firstSession: event.session, cartUnits: event.units, orderReference: event.table ?? event.orderReference }
        : {},
    ),
    assignCartSynced: assign({ cartSynced: ({ context, event }) => (event.type === 'session.cartSynced' ? event.synced : context.cartSynced) }),
    // The checkout keeps a start answered off the cart page from opening Swish or Viva there.
    tellCheckoutPage: sendTo('checkout', ({ event }) => ({ type: event.type === 'cart.entered' ? ('cart.entered' as const) : ('cart.left' as const) })),
    tellCheckoutCartSynced: sendTo('checkout', ({ context }) => ({ type: 'cart.sync' as const, synced: context.cartSynced })),
    tellCheckoutReference: sendTo('checkout', ({ context }) => ({ type: 'orderReference.changed' as const, orderReference: context.orderReference })),
    assignUnits: assign({ cartUnits: ({ context, event }) => ('units' in event ? event.units : context.cartUnits) }),
  },
}).createMachine({
  id: 'shopGate',
  context: ({ input }) => ({
    ...input,
    shopData: null,
    loadFailures: 0,
    sessionReady: false,
    firstSession: null,
    cartUnits: 0,
    orderReference: null,
    referenceInput: '',
    referenceError: null,
    onCartPage: false,
    paymentRunning: false,
    cartSynced: true,
  }),
  invoke: {
    id: 'session',
    src: 'session',
    input: ({ context }) => ({ shopId: context.shopId, table: context.table, tabId: context.tabId, unsyncedCart: context.unsyncedCart ?? null }),
  },
  on: {
    'session.ready': { actions: 'adoptSessionReady' },
    'session.cartChanged': { actions: 'assignUnits' },
    'session.updated': { actions: 'assignUnits' },
    'session.recovered': { actions: 'adoptRecoveredSession' },
    'session.cartSynced': { actions: 'assignCartSynced' },
    // Back on the cart with a payment running: polling resumes, and the session decides.
    'cart.entered': [
      { guard: 'isPaymentRunning', actions: [assign({ onCartPage: true }), 'startPolling'] },
      { actions: assign({ onCartPage: true }) },
    ],
    'cart.left': { actions: [assign({ onCartPage: false }), 'stopPolling'] },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadShop',
        src: 'loadShop',
        input: ({ context }) => ({ shopId: context.shopId }),
        onDone: {
          target: 'awaitingSession',
          actions: [assign({ shopData: ({ event }) => event.output, loadFailures: 0 }), 'tellSessionShopLoaded'],
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { guard: 'isBadAnswer', target: 'badAnswer' },
          { target: 'loadFailed', actions: assign({ loadFailures: ({ context }) => context.loadFailures + 1 }) },
        ],
      },
    },
    loadFailed: {
      tags: ['loading'],
      always: { guard: { type: 'canRetryAutomatically' }, target: 'waitingToRetry' },
      on: { retry: { target: 'loading', actions: assign({ loadFailures: 0 }) } },
    },
    waitingToRetry: {
      tags: ['loading'],
      after: { loadRetry: 'loading' },
    },
    awaitingSession: {
      tags: ['loading'],
      always: { guard: 'isSessionReady', target: 'deciding' },
      on: { 'session.ready': { target: 'deciding', actions: 'adoptSessionReady' } },
    },
    deciding: {
      tags: ['loading'],
      always: [
        { guard: 'isClosed', target: 'closed' },
        { guard: 'needsReference', target: 'needsReference' },
        { target: 'open' },
      ],
    },
    notFound: { type: 'final' },
    /**
     * The shop answer is not a shop: the error page (CONTRACT.md "Wire shapes": a missing
     * required field is a typed error shown as the error page). Retrying gets the same answer.
     */
    badAnswer: { type: 'final' },
    closed: {},
    needsReference: {
      initial: 'editing',
      on: {
        // A reference that arrives with the session (a table link) lets the customer in.
        'session.ready': { target: 'deciding', actions: 'adoptSessionReady' },
        'reference.changed': {
          target: '.editing',
          actions: assign({ referenceInput: ({ event }) => event.value, referenceError: null }),
        },
      },
      states: {
        editing: {
          on: {
            // …or late, once the first load had given up (else the root adopts it, and the entry
            // stays).
            'session.recovered': { guard: 'bringsReference', target: '#shopGate.deciding', actions: 'adoptRecoveredSession' },
            'reference.submit': [
              { guard: 'isReferenceEmpty', actions: assign({ referenceError: 'emptyInput' }) },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          on: {
            // The reference being saved is the one paid with; the rest of the late answer is taken.
            'session.recovered': { actions: assign({ firstSession: ({ event }) => event.session, cartUnits: ({ event }) => event.units }) },
          },
          invoke: {
            id: 'saveReference',
            src: 'saveReference',
            input: ({ context }) => ({ shopId: context.shopId, reference: context.referenceInput.trim() }),
            onDone: {
              target: '#shopGate.open',
              actions: [assign({ orderReference: ({ context }) => context.referenceInput.trim() }), 'tellSessionReference'],
            },
            // Any failed check (404, 500, no answer) is 'Table number not found' (SPEC §5).
            onError: { target: 'editing', actions: assign({ referenceError: 'notFound' }) },
          },
        },
      },
    },
    open: {
      // A checkout stopped while charging (the gate left `open`) holds nothing any more.
      exit: 'releaseCart',
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({
          shopId: context.shopId,
          paymentMethods: context.shopData?.paymentMethods ?? [],
          customerInputs: context.shopData?.shop.customerInputs ?? null,
          isMobile: context.isMobile,
          primaryColor: context.shopData?.shop.primaryColor ?? null,
          orderReference: context.orderReference,
          payableUnits: context.cartUnits,
          cartSynced: context.cartSynced,
          onCartPage: context.onCartPage,
          resume: context.firstSession,
          customerValues: context.customerValues ?? null,
          startUnconfirmed: context.startUnconfirmed,
        }),
      },
      on: {
        // As the root's, and the checkout hears them too.
        'cart.entered': [
          { guard: 'isPaymentRunning', actions: [assign({ onCartPage: true }), 'startPolling', 'tellCheckoutPage'] },
          { actions: [assign({ onCartPage: true }), 'tellCheckoutPage'] },
        ],
        'cart.left': { actions: [assign({ onCartPage: false }), 'stopPolling', 'tellCheckoutPage'] },
        'session.cartChanged': { actions: ['assignUnits', 'tellCheckoutCart'] },
        'session.cartSynced': { actions: ['assignCartSynced', 'tellCheckoutCartSynced'] },
        'session.updated': { actions: ['assignUnits', { type: 'tellCheckoutSession', params: ({ event }) => event }] },
        // The first load had given up, and the session answers now (SPEC §4):
        'session.recovered': [
          // with no reference for a shop that requires one: ask for it;
          { guard: 'losesReference', target: 'deciding', actions: 'adoptRecoveredSession' },
          // with a payment: a checkout started from this answer resumes it, as after a reload;
          { guard: 'resumesLatePayment', target: 'open', reenter: true, actions: 'adoptRecoveredSession' },
          // with another order reference (a table turned down): the checkout pays with the new one.
          {
            guard: 'changesReference',
            actions: ['adoptRecoveredSession', 'tellCheckoutReference', { type: 'tellCheckoutSession', params: ({ event }) => event }],
          },
          { actions: ['adoptRecoveredSession', { type: 'tellCheckoutSession', params: ({ event }) => event }] },
        ],
        'payment.started': [
          { guard: 'isOnCartPage', actions: [assign({ paymentRunning: true }), 'startPolling'] },
          { actions: assign({ paymentRunning: true }) },
        ],
        'payment.settled': { actions: [assign({ paymentRunning: false }), 'stopPolling'] },
        'payment.charging': { actions: 'holdCart' },
        'payment.chargingEnded': { actions: 'releaseCart' },
        'stock.reported': { actions: ['adoptReportedStock', 'tellSessionShopLoaded'] },
        'payment.completed': [
          {
            guard: 'opensReceipt',
            actions: [
              'refreshSession',
              { type: 'goToReceipt', params: ({ context, event }) => ({ shopId: context.shopId, receiptId: event.receiptId }) },
              { type: 'rememberReceipt', params: ({ context, event }) => ({ shopId: context.shopId, receiptId: event.receiptId }) },
            ],
          },
          { actions: 'refreshSession' },
        ],
      },
    },
  },
})

export type ShopGateActor = ActorRefFrom<typeof shopGateMachine>
export type ShopGateSnapshot = SnapshotFrom<typeof shopGateMachine>

/** Which screen the gate calls for, in the order of SPEC §2 "Shop gate". */
export type GateScreen = 'notFound' | 'badAnswer' | 'loadFailed' | 'loading' | 'closed' | 'needsReference' | 'open'

/**
 * The screen to show (SPEC §2 gate order). `loadFailed` is only ever a resting state once the
 * automatic retries are used up, so it means "offer Try again".
 */
export function gateScreen(snapshot: ShopGateSnapshot): GateScreen {
  if (snapshot.matches('notFound')) return 'notFound'
  if (snapshot.matches('badAnswer')) return 'badAnswer'
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  if (snapshot.hasTag('loading')) return 'loading'
  if (snapshot.matches('closed')) return 'closed'
  if (snapshot.matches('needsReference')) return 'needsReference'
  return 'open'
}

/** The gate's session actor (invoked at its root: there while the gate runs). */
export function sessionOf(snapshot: ShopGateSnapshot): SessionActor | undefined {
  return snapshot.children.session
}

/** The gate's checkout actor: there as soon as the shop is open, else undefined. */
export function checkoutOf(snapshot: ShopGateSnapshot): CheckoutActor | undefined {
  return snapshot.children.checkout
}
