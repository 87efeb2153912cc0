import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import type { ShopData } from '../../src/domain/types'
import { failureOf } from '../shared/errors'
import { promiseNotProvided } from '../shared/not-provided'
import { sessionMachine } from '../session/session.machine'
import type { checkoutMachine, CustomerValues } from '../checkout/checkout.machine'

/** The checkout machine's logic, as `loadCheckout` delivers it (provided or not). */
export type CheckoutLogic = typeof checkoutMachine

/** Input: the validated route params and search (SPEC §2: `/{webshopId}?table=&tabId=`). */
export interface ShopGateInput {
  shopId: string
  table: string | null
  tabId: string | null
  /** Device decides the Swish flow (SPEC §2 "Payment method sections"). */
  isMobile: boolean
  /** Customer info remembered in this browser tab, handed to the checkout. */
  customerValues?: Partial<CustomerValues> | null
}

/** Reference entry errors (SPEC §5): codes, views map them to texts. */
export type ReferenceError = 'emptyInput' | 'notFound' | 'failed'

export interface ShopGateContext extends ShopGateInput {
  shopData: ShopData | null
  /** Failed shop loads in a row (500, timeout, dropped connection). */
  loadFailures: number
  sessionReady: boolean
  orderReference: string | null
  referenceInput: string
  referenceError: ReferenceError | null
  sessionRef: ActorRefFrom<typeof sessionMachine> | null
  checkoutRef: ActorRefFrom<CheckoutLogic> | null
  /** Failed loads of the checkout's code in a row (a dropped connection). */
  checkoutLoadFailures: number
}

export type ShopGateEvent =
  | { type: 'session.ready'; orderReference: string | null }
  | { type: 'reference.changed'; value: string }
  | { type: 'reference.submit' }
  | { type: 'retry' }

/** Shop loads are retried this many times (with backoff) before offering 'try again'. */
export const MAX_AUTOMATIC_LOAD_RETRIES = 3

/**
 * The shop gate (SPEC §2 "Shop gate", §4 "Shop load"): loads the shop and the first session in
 * parallel, then decides, in the spec's order: not found → loading → closed → needs reference →
 * open. Spawns the `session` actor at once and the `checkout` actor when the shop opens; both
 * get a `systemId` so siblings can address each other. The checkout's code (the checkout and
 * its payment providers) is loaded when the shop opens, not with the menu (issue 6): `open`
 * starts in `startingCheckout` and is `open.ready` once the checkout is spawned; until then
 * `checkoutRef` is null. A failed load is tried again after `checkoutRetry`.
 *
 * Actors: `loadShop` ({shopId} → ShopData; rejects with kind 'notFound' on 404),
 * `saveReference` ({shopId, reference} → void; 'notFound' when the server rejects it),
 * `loadCheckout` (→ the checkout logic to spawn; by default the unprovided machine).
 * Delays: `loadRetry`, `checkoutRetry` (ms, grow with failures). Tags: `loading`.
 */
export const shopGateMachine = setup({
  types: {
    context: {} as ShopGateContext,
    events: {} as ShopGateEvent,
    input: {} as ShopGateInput,
  },
  actors: {
    loadShop: promiseNotProvided<ShopData, { shopId: string }>('loadShop'),
    saveReference: promiseNotProvided<void, { shopId: string; reference: string }>('saveReference'),
    session: sessionMachine,
    loadCheckout: fromPromise<CheckoutLogic>(async () => (await import('../checkout/checkout.machine')).checkoutMachine),
  },
  delays: {
    loadRetry: ({ context }) => Math.min(8000, 500 * 2 ** context.loadFailures),
    checkoutRetry: ({ context }) => Math.min(8000, 500 * 2 ** context.checkoutLoadFailures),
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && failureOf(event.error).kind === 'notFound',
    canRetryAutomatically: ({ context }) => context.loadFailures <= MAX_AUTOMATIC_LOAD_RETRIES,
    isSessionReady: ({ context }) => context.sessionReady,
    isClosed: ({ context }) => context.shopData?.shop.active === false,
    needsReference: ({ context }) => context.shopData?.shop.requireReference === true && !context.orderReference,
    isReferenceEmpty: ({ context }) => context.referenceInput.trim() === '',
  },
  actions: {
    spawnSession: assign({
      sessionRef: ({ context, spawn }) =>
        spawn('session', {
          id: 'session',
          systemId: 'session',
          input: { shopId: context.shopId, table: context.table, tabId: context.tabId },
        }),
    }),
    spawnCheckout: assign({
      checkoutRef: ({ context, spawn }, logic: CheckoutLogic) => {
        if (context.checkoutRef) return context.checkoutRef
        const session = context.sessionRef?.getSnapshot().context
        // Spawned from logic (not a name in `actors`), so xstate picks the child's id; siblings
        // and views find it by its systemId or `checkoutRef`.
        return spawn(logic, {
          systemId: 'checkout',
          input: {
            shopId: context.shopId,
            paymentMethods: context.shopData?.paymentMethods ?? [],
            customerInputs: context.shopData?.shop.customerInputs ?? null,
            isMobile: context.isMobile,
            primaryColor: context.shopData?.shop.primaryColor ?? null,
            orderReference: context.orderReference,
            cartCount: session ? session.cart.reduce((n, l) => n + l.count, 0) + session.tabItems.reduce((n, t) => n + t.count, 0) : 0,
            resume: session?.remote ?? null,
            customerValues: context.customerValues ?? null,
          },
        })
      },
    }),
    tellSessionShopLoaded: sendTo('session', ({ context }) => ({
      type: 'shop.loaded' as const,
      articles: context.shopData?.articles ?? {},
    })),
    tellSessionReference: sendTo('session', ({ context }) => ({
      type: 'reference.saved' as const,
      reference: context.referenceInput.trim(),
    })),
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => ({
    ...input,
    shopData: null,
    loadFailures: 0,
    sessionReady: false,
    orderReference: null,
    referenceInput: '',
    referenceError: null,
    sessionRef: null,
    checkoutRef: null,
    checkoutLoadFailures: 0,
  }),
  entry: 'spawnSession',
  on: {
    'session.ready': {
      actions: assign({ sessionReady: true, orderReference: ({ context, event }) => event.orderReference ?? context.orderReference }),
    },
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
      on: { 'session.ready': { target: 'deciding', actions: assign({ sessionReady: true, orderReference: ({ context, event }) => event.orderReference ?? context.orderReference }) } },
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
    closed: {},
    needsReference: {
      initial: 'editing',
      on: {
        // A reference that arrives with the session (a table link) lets the customer in.
        'session.ready': { target: 'deciding', actions: assign({ orderReference: ({ context, event }) => event.orderReference ?? context.orderReference }) },
        'reference.changed': {
          target: '.editing',
          actions: assign({ referenceInput: ({ event }) => event.value, referenceError: null }),
        },
      },
      states: {
        editing: {
          on: {
            'reference.submit': [
              { guard: 'isReferenceEmpty', actions: assign({ referenceError: 'emptyInput' }) },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveReference',
            src: 'saveReference',
            input: ({ context }) => ({ shopId: context.shopId, reference: context.referenceInput.trim() }),
            onDone: {
              target: '#shop.open',
              actions: [assign({ orderReference: ({ context }) => context.referenceInput.trim() }), 'tellSessionReference'],
            },
            onError: [
              { guard: 'isNotFound', target: 'editing', actions: assign({ referenceError: 'notFound' }) },
              { target: 'editing', actions: assign({ referenceError: 'failed' }) },
            ],
          },
        },
      },
    },
    open: {
      initial: 'startingCheckout',
      states: {
        startingCheckout: {
          invoke: {
            id: 'loadCheckout',
            src: 'loadCheckout',
            onDone: {
              target: 'ready',
              actions: [{ type: 'spawnCheckout', params: ({ event }) => event.output }, assign({ checkoutLoadFailures: 0 })],
            },
            onError: { target: 'checkoutUnavailable', actions: assign({ checkoutLoadFailures: ({ context }) => context.checkoutLoadFailures + 1 }) },
          },
        },
        checkoutUnavailable: {
          after: { checkoutRetry: 'startingCheckout' },
        },
        ready: {},
      },
    },
  },
})

export type ShopGateActor = ActorRefFrom<typeof shopGateMachine>
