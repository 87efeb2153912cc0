import { and, assign, enqueueActions, not, sendParent, sendTo, setup, stateIn, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate'
import { customerFields, type CancelOutcome, type CustomerField, type CustomerInfo, type CustomerInputs, type PaymentMethod, type PaymentStatus, type Session } from '../../src/domain/types'
import { isCustomerValid } from '../../src/domain/validation'
import { parseHexColor, DEFAULT_PRIMARY } from '../../src/domain/theme'
import { failureOf } from '../shared/errors'
import { actionNotProvided, promiseNotProvided } from '../shared/not-provided'
import type { PaymentError, ProviderInput } from '../shared/payment-types'
import { swishPaymentMachine } from '../payment/providers/swish.machine'
import { vivaPaymentMachine } from '../payment/providers/viva.machine'
import { cardPaymentMachine } from '../payment/providers/card.machine'

/** @internal exported for its tests */
export interface CheckoutInput {
  shopId: string
  paymentMethods: PaymentMethod[]
  customerInputs: CustomerInputs | null
  isMobile: boolean
  primaryColor: string | null
  orderReference: string | null
  /**
   * Units in the cart plus tab units chosen: an item count, not lines (SPEC §5: methods only
   * with a non-empty cart).
   */
  payableUnits: number
  /** The platform has the cart on screen (no change of this page on its way); true when left out. */
  cartSynced?: boolean
  /** The session as first loaded: a reload in the middle of a payment resumes from it. */
  resume: Session | null
  /** The customer is on the cart page (`cart.entered` / `cart.left` after); true when left out. */
  onCartPage?: boolean
  /** Customer info remembered from earlier in this browser tab (a redirect to Viva and back). */
  customerValues: Partial<CustomerValues> | null
  /** A start sent before a reload was never answered here: the next start cancels first. */
  startUnconfirmed?: boolean
}

export type CustomerValues = Record<CustomerField, string>

/** @internal exported for its tests */
export interface CheckoutContext {
  shopId: string
  paymentMethods: PaymentMethod[]
  customerInputs: CustomerInputs | null
  isMobile: boolean
  primaryColor: string
  orderReference: string | null
  payableUnits: number
  /** The platform has the cart on screen: a payment started now is for that cart. */
  cartSynced: boolean
  values: CustomerValues
  touched: Partial<Record<CustomerField, true>>
  selectedMethodId: string | null
  /** Swish on a desktop: the payer's phone number (SPEC §5). */
  swishPhone: string
  phoneError: 'phoneRequired' | null
  paymentId: string | null
  /**
   * The last startPayment was lost on the way back (connection dropped, or the page reloaded
   * before it was answered): the server may have started a payment this page never heard of,
   * so a restart cancels first.
   */
  startUnconfirmed: boolean
  receiptId: string | null
  error: PaymentError | null
  /**
   * Stock remaining per article id from an OUT_OF_STOCK answer (SPEC §8). The cart lives in the
   * session actor: `stockShort` and `showsStockAlert` (checkout.selectors.ts) hold it against
   * the session's cart for the lines' markers and the alert.
   */
  articleStockErrors: Record<string, number>
  /** How the session stood when this checkout started (resume after a reload or a redirect). */
  resumedStatus: PaymentStatus | null
  /**
   * The customer is on the cart page. A start answered after they left opens neither the
   * Swish app nor Viva's checkout over the page they went to: back on the cart, it offers the
   * button, as a resumed payment does (SPEC §4: leaving the cart ends the page's part).
   */
  onCartPage: boolean
}

type CheckoutEvent =
  | { type: 'customer.changed'; field: CustomerField; value: string }
  | { type: 'customer.blurred'; field: CustomerField }
  | { type: 'method.selected'; methodId: string }
  | { type: 'swish.phoneChanged'; value: string }
  | { type: 'payment.start' }
  | { type: 'payment.retry' }
  /** From the shop gate: the session's cart changed (`units`: cart and tab units). */
  | { type: 'cart.changed'; units: number }
  /**
   * From the shop gate: a poll or refresh answered (`payableUnits` = units, cart and tab;
   * `cartChangedElsewhere`: another tab or device changed the order).
   */
  | { type: 'session.updated'; session: Session; payableUnits: number; cartChangedElsewhere?: boolean }
  /** From the shop gate: whether the platform has the cart on screen (a change of this page is on its way). */
  | { type: 'cart.sync'; synced: boolean }
  /** From the shop gate: the customer came to or left the cart page. */
  | { type: 'cart.entered' }
  | { type: 'cart.left' }
  /** From the card provider: Pay confirms, so the card may be charged from now on. */
  | { type: 'provider.charging' }
  /**
   * From the card provider: nothing was charged; `failed` when Pay's confirmation failed
   * (declined or an error), rather than a check of the intent, with the provider's `message`.
   */
  | { type: 'provider.notCharged'; failed?: boolean; message?: string | null }
  /**
   * From the shop gate: the order reference a payment is started with changed (a `?table=` the
   * platform turned down once it answered late, SPEC §2).
   */
  | { type: 'orderReference.changed'; orderReference: string | null }

/**
 * What the checkout tells its parent (the shop gate): a payment is running and wants the
 * session polled (`payment.started`), it no longer does (`payment.settled`), or it completed
 * (`payment.completed`; `receiptId` null when the platform gave none in time, `resumed` when
 * it had completed before this checkout started), or the platform refused a start for stock
 * (`stock.reported`). Between `payment.charging` and
 * `payment.chargingEnded` a card confirmed with Pay is being charged: the order must not change.
 */
export type CheckoutReport =
  | { type: 'payment.started' }
  | { type: 'payment.settled' }
  | { type: 'payment.completed'; receiptId: string | null; resumed: boolean }
  | { type: 'payment.charging' }
  | { type: 'payment.chargingEnded' }
  /** An OUT_OF_STOCK answer's stock (article id → units the platform still has, SPEC §8). */
  | { type: 'stock.reported'; stock: Record<string, number> }

/**
 * How long (ms) a COMPLETED session without a receipt id is polled for one before the
 * checkout says the payment went through without it (SPEC §4 polling is 1 s: about 5 polls).
 * @internal exported for its tests
 */
export const RECEIPT_WAIT_MS = 5000

const emptyValues: CustomerValues = { name: '', email: '', phone: '', address: '', postalCode: '', city: '', extraInfo: '' }

function methodOf(context: CheckoutContext, methodId: string | null): PaymentMethod | undefined {
  return context.paymentMethods.find((m) => m.id === methodId)
}

/** Swish on a desktop needs a phone number and a press on Start (SPEC §2); every other method starts on selection. */
function entersPhone(context: CheckoutContext, methodId: string | null): boolean {
  return methodOf(context, methodId)?.type === 'SWISH_TRADE' && !context.isMobile
}

/** SPEC §5: payment methods only with a non-empty cart (tab units count) and a valid form. */
function mayPay(context: CheckoutContext): boolean {
  return context.payableUnits > 0 && isCustomerValid(context.values, context.customerInputs)
}

function providerInput(context: CheckoutContext): ProviderInput {
  const method = methodOf(context, context.selectedMethodId)
  return {
    methodType: method?.type ?? 'SWISH_TRADE',
    paymentId: context.paymentId ?? '',
    isMobile: context.isMobile,
    stripeAccountId: method?.stripeAccountId ?? null,
    primaryColor: context.primaryColor,
    shopId: context.shopId,
    resumed: context.resumedStatus === 'STARTED' || !context.onCartPage,
  }
}

/**
 * The customer's info as startPayment sends it (SPEC §3 `customerInfo`): each field trimmed, as
 * it was validated (SPEC §5: an e-mail without spaces), and Swish's typed phone on a desktop.
 */
function customerInfoOf(context: CheckoutContext): CustomerInfo {
  const values = Object.fromEntries(customerFields.map((field) => [field, context.values[field].trim()])) as CustomerValues
  return { ...values, phone: entersPhone(context, context.selectedMethodId) ? context.swishPhone.trim() : values.phone, isMobile: context.isMobile }
}

/**
 * What a reset to NOT_STARTED clears. Not `articleStockErrors`: the platform's stock is kept
 * until the next start (SPEC §4 "Start payment … clear error and stock errors"), and
 * `stockShort` tells from the live cart which lines are still short.
 */
const paymentFieldsCleared = { paymentId: null, startUnconfirmed: false, receiptId: null, error: null }

/**
 * What the customer types and the cart's units, kept for what comes next (SPEC §4). These are the
 * machine's own handlers, so every state keeps them unless it cancels or starts over on a change;
 * the states inside `started` that cancel nothing (a card being verified or charged, a receipt
 * awaited) take them back from `started`. The paths tests check that all states keep them.
 */
const followingFormAndCart = {
  'customer.changed': { actions: 'assignCustomerValue' },
  'cart.changed': { actions: 'assignPayableUnits' },
} as const

/** Types, actors, guards, actions and delays of {@link checkoutMachine} (SPEC §4, §5). */
const setupCheckout = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    children: {} as { startPayment: 'startPayment'; provider: 'swishPayment' | 'vivaPayment' | 'cardPayment' },
  },
  actors: {
    startPayment: promiseNotProvided<
      { paymentId: string },
      { shopId: string; paymentMethodId: string; customerInfo: CustomerInfo; orderReference: string | null }
    >('startPayment'),
    cancelPayment: promiseNotProvided<CancelOutcome, { shopId: string }>('cancelPayment'),
    swishPayment: swishPaymentMachine,
    vivaPayment: vivaPaymentMachine,
    cardPayment: cardPaymentMachine,
  },
  delays: {
    receiptWait: RECEIPT_WAIT_MS,
  },
  guards: {
    canPay: ({ context }) => mayPay(context),
    isCartSynced: ({ context }) => context.cartSynced,
    cannotPay: not('canPay'),
    isSelectedMethod: ({ context, event }) => event.type === 'method.selected' && context.selectedMethodId === event.methodId,
    isKnownMethod: ({ context, event }) => event.type === 'method.selected' && methodOf(context, event.methodId) !== undefined,
    /** Another method of the shop than the one selected. */
    isOtherMethod: and(['isKnownMethod', not('isSelectedMethod')]),
    /** The card's Pay failed (declined or an error), as opposed to a check that found no charge. */
    payFailed: ({ event }) => event.type === 'provider.notCharged' && event.failed === true,
    hasPhone: ({ context }) => context.swishPhone.trim() !== '',
    mayHavePayment: ({ context }) => context.paymentId !== null || context.startUnconfirmed,
    /** A start or a cancel went unanswered: the platform may still run that payment. */
    startUnconfirmed: ({ context }) => context.startUnconfirmed,
    /** The start in flight was superseded by a cart or customer change. */
    startSuperseded: stateIn({ loading: 'superseded' }),
    needsPhoneEntry: ({ context }) => entersPhone(context, context.selectedMethodId),
    isSwish: ({ context }) => methodOf(context, context.selectedMethodId)?.type === 'SWISH_TRADE',
    isViva: ({ context }) => methodOf(context, context.selectedMethodId)?.type === 'VIVA_WALLET_WEB',
    isCard: ({ context }) => methodOf(context, context.selectedMethodId)?.type === 'STRIPE',
    isOutOfStock: ({ event }) => 'error' in event && failureOf(event.error).kind === 'outOfStock',
    /** A cancel the platform answered 409 ('ended'): the payment can no longer be cancelled. */
    paymentEnded: ({ event }) => 'output' in event && event.output === 'ended',
    /** A client error (below 500, SPEC §8): the server answered and refused; nothing was started. */
    reachedServer: ({ event }) => {
      if (!('error' in event)) return false
      const { status, kind } = failureOf(event.error)
      return status !== null && status < 500 && kind !== 'badResponse'
    },
    /** A 2xx whose body could not be read: the server accepted something this page cannot name. */
    unreadableAnswer: ({ event }) => 'error' in event && failureOf(event.error).kind === 'badResponse',
    /**
     * A 5xx that said why: its JSON body's `name`, or its text (SPEC §8 "other failures use the
     * response text"), unless that is markup (a proxy's HTML error page says nothing to a customer).
     */
    serverSaidWhy: ({ event }) => {
      if (!('error' in event)) return false
      const { serverName, serverMessage } = failureOf(event.error)
      return serverName !== null || (serverMessage !== null && !serverMessage.includes('<'))
    },
    sessionCompleted: ({ event }) => event.type === 'session.updated' && event.session.paymentStatus === 'COMPLETED',
    sessionCompletedWithoutReceipt: ({ event }) =>
      event.type === 'session.updated' && event.session.paymentStatus === 'COMPLETED' && !event.session.receiptId,
    sessionFailed: ({ event }) => event.type === 'session.updated' && event.session.paymentStatus === 'FAILED',
    sessionCancelled: ({ event }) =>
      event.type === 'session.updated' && (event.session.paymentStatus === 'CANCELLED' || event.session.paymentStatus === 'NOT_STARTED'),
    /**
     * No payment at all (no status, no id) for the same order: the platform dropped it while the
     * customer was in the Swish app. Restartable, as SPEC §4 "cancelled" is; with the order
     * changed elsewhere, `paysForAnotherOrder` comes first and the new order starts afresh.
     */
    paymentVanished: ({ event }) => event.type === 'session.updated' && !event.session.paymentStatus && !event.session.paymentId,
    /**
     * Still running, under another payment id: another tab of this order restarted it (Try again
     * after a decline). The provider follows that payment, so Open Swish opens the live request.
     */
    restartedElsewhere: ({ context, event }) =>
      event.type === 'session.updated' && event.session.paymentStatus === 'STARTED' && !!event.session.paymentId && event.session.paymentId !== context.paymentId,
    /** The platform still runs a payment (STARTED, no outcome yet). */
    sessionStillStarted: ({ event }) => event.type === 'session.updated' && event.session.paymentStatus === 'STARTED',
    sessionError: ({ event }) => event.type === 'session.updated' && event.session.paymentStatus === 'ERROR',
    /** The polled order is not the one the payment was started for (changed in another tab or on another device). */
    orderChangedElsewhere: ({ event }) => event.type === 'session.updated' && event.cartChangedElsewhere === true,
    /** The poll says the payment still runs (STARTED, no outcome yet), for an order changed elsewhere. */
    orderChangedUnderRunningPayment: ({ event }) =>
      event.type === 'session.updated' && event.cartChangedElsewhere === true && event.session.paymentStatus === 'STARTED',
    /** A card confirmed with Pay: it may be charged, so nothing cancels it any more. */
    isCharging: stateIn({ started: { card: 'charging' } }),
    /** The running payment no longer pays for the cart, and can still be cancelled. */
    paysForAnotherOrder: and(['orderChangedElsewhere', not('isCharging')]),
    // With no method named, `choosingProvider` stops it as a method the shop lacks: still cancellable.
    resumesStarted: ({ context }) => context.resumedStatus === 'STARTED' && context.paymentId !== null,
    resumesCompleted: ({ context }) => context.resumedStatus === 'COMPLETED' && context.receiptId !== null,
    /** The payment this checkout resumed had ended as `status`. */
    resumedAs: ({ context }, { status }: { status: PaymentStatus }) => context.resumedStatus === status,
  },
  actions: {
    reportStarted: sendParent((): CheckoutReport => ({ type: 'payment.started' })),
    reportSettled: sendParent((): CheckoutReport => ({ type: 'payment.settled' })),
    reportCharging: sendParent((): CheckoutReport => ({ type: 'payment.charging' })),
    reportChargingEnded: sendParent((): CheckoutReport => ({ type: 'payment.chargingEnded' })),
    reportStock: sendParent(({ context }): CheckoutReport => ({ type: 'stock.reported', stock: context.articleStockErrors })),
    reportCompleted: sendParent(
      ({ context }): CheckoutReport => ({ type: 'payment.completed', receiptId: context.receiptId, resumed: context.resumedStatus === 'COMPLETED' }),
    ),
    /**
     * Back to NOT_STARTED after a change (SPEC §4): the payment's fields are cleared, and a
     * method that starts on selection is deselected, so the next press starts it again; Swish
     * on a desktop keeps its phone form.
     */
    resetPayment: assign(({ context }) => ({
      ...paymentFieldsCleared,
      selectedMethodId: entersPhone(context, context.selectedMethodId) ? context.selectedMethodId : null,
    })),
    /** A new order after a paid one: no payment and no method, Swish on a desktop included. */
    clearPayment: assign({ ...paymentFieldsCleared, selectedMethodId: null }),
    /** Keeps the customer's info for this browser tab (services: sessionStorage), so a redirect to a provider and back loses nothing. */
    rememberCustomer: actionNotProvided as (_: unknown, params: { shopId: string; values: CustomerValues }) => void,
    assignCustomerValue: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'customer.changed') return
      const values = { ...context.values, [event.field]: event.value }
      enqueue.assign({ values })
      enqueue({ type: 'rememberCustomer', params: { shopId: context.shopId, values } })
    }),
    assignPayableUnits: assign({ payableUnits: ({ context, event }) => (event.type === 'cart.changed' ? event.units : context.payableUnits) }),
    /** A cancel before a new start failed: told as a connection failure; the next start cancels first again. */
    assignCancelFailure: assign({ error: ({ event }) => ({ code: 'network' as const, message: 'error' in event ? failureOf(event.error).message : null }) }),
    /**
     * The session's outcome. A refusal the card provider gave on this page (kept in `error` by
     * `confirmationFailed`) is said in its words: in the customer's language, where the
     * platform's are the provider's English.
     */
    assignSessionOutcome: assign(({ context, event }) =>
      event.type === 'session.updated'
        ? {
            receiptId: event.session.receiptId,
            payableUnits: event.payableUnits,
            error:
              event.session.paymentStatus === 'ERROR' || event.session.paymentStatus === 'FAILED'
                ? { code: 'paymentError' as const, message: context.error?.message ?? event.session.message }
                : null,
          }
        : {},
    ),
  },
})

/**
 * Whether a checkout started from `session` takes up its payment: STARTED and COMPLETED resume
 * it; FAILED, ERROR and CANCELLED show how it ended (the customer is back from Viva's checkout,
 * or reloaded) with a way to try again. Needs a payment id.
 */
export function resumesPayment(session: Session | null): boolean {
  const status = session?.paymentId ? session.paymentStatus : null
  return status === 'STARTED' || status === 'COMPLETED' || status === 'FAILED' || status === 'ERROR' || status === 'CANCELLED'
}

/**
 * Checkout (SPEC §2 "Cart page", §4 "Payment states", §5): the customer's info and its
 * validation (errors shown once a field is touched: `fieldErrors` in checkout.selectors.ts;
 * `touched` follows `customer.blurred`), the selected payment method and the
 * payment states NOT_STARTED, LOADING, STARTED, COMPLETED, ERROR, FAILED, CANCELLED (as
 * `notStarted`, `loading`, `started`, `completed`, `error`, `failed`, `cancelled`).
 *
 * - Start is ignored while loading (a double click sends one request). A start waits while a
 *   change of this page is on its way to the platform (`awaitingCart`, `cart.sync` from the
 *   gate), so a payment is started for the cart on screen.
 * - Any cart or customer change while a paymentId exists cancels the payment (`cancelPayment`)
 *   and resets to notStarted; one while the start is in flight (`loading.superseded`) waits
 *   for its answer, then cancels the payment it started. So does an order changed in another
 *   tab (`session.updated` with `cartChangedElsewhere`). Not a card confirmed with Pay
 *   (`started.card.charging`, from the card's `provider.charging`): it may be charged. A card
 *   not confirmed on this page is verified first (`started.card.verifying`): another tab may
 *   have paid it. A cancel answered 409 ('ended') waits for the session's outcome (`awaitingOutcome`).
 *   A cancel that failed (5xx, no answer) leaves the payment marked (`startUnconfirmed`): the
 *   next start cancels it once more first (`awaitingCart` → `cancellingBeforeRestart`), and
 *   until the session says no payment runs it is polled (`notStarted.uncancelled`), so one
 *   approved all the same completes here.
 *   After a start the server refused (no payment: not `mayHavePayment`) a change resets to
 *   notStarted without a cancel.
 * - OUT_OF_STOCK keeps the platform's stock per article (`articleStockErrors`) until the next
 *   start (SPEC §4, §8), whatever changes meanwhile: `stockShort` tells from the live cart which
 *   lines are still short, so lowering one line leaves the others marked. The stock also goes to
 *   the parent (`stock.reported`), whose shop data then caps every count by it.
 * - While started it invokes the provider's child machine (`swishPayment`, `vivaPayment`,
 *   `cardPayment`) and tells its parent to have the session polled; the polled session
 *   (`session.updated`, relayed by the gate) decides COMPLETED / FAILED / CANCELLED / ERROR.
 *   COMPLETED without a receipt id waits `receiptWait` (RECEIPT_WAIT_MS) for one, polling on,
 *   then completes without it: the receipt is never opened with an empty id.
 * - Restart after ERROR, FAILED, CANCELLED cancels the old payment first, also when the
 *   startPayment answer was lost and the payment may exist without this page knowing its id.
 *   Choosing another method there does the same and starts it (or shows Swish's phone form).
 *   So does choosing another method after the card's Pay failed, before the platform's session
 *   may say FAILED (`started.card.unconfirmed.confirmationFailed`). A switch's cancel answered
 *   409 (the payment completed) waits for the session's outcome instead of starting another.
 *   While a payment is in flight (a card confirming or charged, Swish or Viva waiting) the
 *   other methods stay disabled.
 * - startPayment is sent once per start: a connection failure is ERROR at once (SPEC §4
 *   "network error gives ERROR"), restartable with Try again; it is not idempotent, so nothing
 *   here sends it again on its own (ky's retry is 0).
 * - A start refused with 5xx names the server's reason: its JSON body's `{name}`, or its text
 *   (SPEC §8); without a body, or with an HTML page, it is told as a connection failure.
 * - A reload resumes a STARTED or COMPLETED payment from the session instead of starting anew.
 * - A start answered after the customer left the cart page (`cart.left`) opens neither the
 *   Swish app nor Viva's checkout over the page they went to; back on the cart its button
 *   offers it, as for a resumed payment.
 *
 * States (top level): `resuming` (picks the start state from `resume`), `notStarted`,
 * `selecting` and `checkingPhone` (a selection or Swish's phone checked before a start),
 * `awaitingCart`, `loading` (startPayment in flight; `superseded`), `started` (the provider
 * child; `card.charging`, `awaitingReceipt`), `completed` (`withReceipt`, `withoutReceipt`),
 * `stopped` (`error`, `failed`, `cancelled`), and the ways out of a payment: `leavingStopped`,
 * `restarting`, `cancellingBeforeRestart`, `switchingMethod`, `cancellingBeforeSwitch`,
 * `cancelling`, `awaitingOutcome`.
 *
 * Events: from the view `customer.changed`, `customer.blurred`, `method.selected`,
 * `swish.phoneChanged`, `payment.start`, `payment.retry`; from the shop gate `cart.changed`,
 * `session.updated`, `cart.sync`, `orderReference.changed`, `cart.entered`, `cart.left`; from the card child
 * `provider.charging`, `provider.notCharged`.
 *
 * Actors: `startPayment` ({shopId, paymentMethodId, customerInfo, orderReference} → {paymentId}),
 * `cancelPayment` ({shopId} → 'cancelled' | 'none' | 'ended'), and while started the provider
 * child (id 'provider'): `swishPayment`, `vivaPayment` or `cardPayment`. Reports to the parent
 * ({@link CheckoutReport}) through the named actions `reportStarted`, `reportSettled`, `reportCompleted`,
 * `reportCharging`, `reportChargingEnded`, `reportStock`; run alone, provide them
 * (or give it a parent). Action `rememberCustomer` ({shopId, values}). Delay `receiptWait`.
 * Tags: `busy` (a start or a cancel on its way, or an outcome awaited: the view shows
 * 'Cancelling payment…' in `cancelling`, 'Checking the payment…' in `awaitingOutcome`, else
 * 'Starting payment…').
 */
export const checkoutMachine = setupCheckout.createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const resume = input.resume
    const status = resume?.paymentId ? resume.paymentStatus : null
    const resumable = resumesPayment(resume)
    const failed = status === 'FAILED' || status === 'ERROR'
    return {
      shopId: input.shopId,
      paymentMethods: input.paymentMethods,
      customerInputs: input.customerInputs,
      isMobile: input.isMobile,
      primaryColor: parseHexColor(input.primaryColor) ?? DEFAULT_PRIMARY,
      orderReference: input.orderReference,
      payableUnits: input.payableUnits,
      cartSynced: input.cartSynced ?? true,
      values: { ...emptyValues, ...input.customerValues },
      touched: {},
      selectedMethodId: resumable ? (resume?.paymentMethodId ?? null) : null,
      swishPhone: '',
      phoneError: null,
      paymentId: resumable ? (resume?.paymentId ?? null) : null,
      startUnconfirmed: input.startUnconfirmed === true,
      receiptId: status === 'COMPLETED' ? (resume?.receiptId || null) : null,
      error: failed ? { code: 'paymentError' as const, message: resume?.message ?? null } : null,
      articleStockErrors: {},
      resumedStatus: resumable ? status : null,
      onCartPage: input.onCartPage ?? true,
    }
  },
  on: {
    ...followingFormAndCart,
    'customer.blurred': { actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }) },
    'swish.phoneChanged': { actions: assign({ swishPhone: ({ event }) => event.value, phoneError: null }) },
    'orderReference.changed': { actions: assign({ orderReference: ({ event }) => event.orderReference }) },
    'cart.sync': { actions: assign({ cartSynced: ({ event }) => event.synced }) },
    'cart.entered': { actions: assign({ onCartPage: true }) },
    'cart.left': { actions: assign({ onCartPage: false }) },
  },
  initial: 'resuming',
  states: {
    resuming: {
      always: [
        { guard: 'resumesCompleted', target: 'completed' },
        // Completed, but the receipt was not made yet when the page loaded: wait for it.
        { guard: { type: 'resumedAs', params: { status: 'COMPLETED' } }, target: 'started.awaitingReceipt' },
        { guard: 'resumesStarted', target: 'started' },
        { guard: { type: 'resumedAs', params: { status: 'FAILED' } }, target: 'stopped.failed' },
        { guard: { type: 'resumedAs', params: { status: 'ERROR' } }, target: 'stopped.error' },
        { guard: { type: 'resumedAs', params: { status: 'CANCELLED' } }, target: 'stopped.cancelled' },
        { target: 'notStarted' },
      ],
    },
    notStarted: {
      initial: 'idle',
      states: {
        idle: {},
        /**
         * A cancel that did not get through (5xx, no answer): the payment may still run, and the
         * customer may still approve it in the Swish app. The session is polled meanwhile, so a
         * payment completed all the same shows its receipt, never the unpaid cart (SPEC §4, §8);
         * an answer with no payment running ends the watch.
         */
        uncancelled: {
          entry: 'reportStarted',
          exit: 'reportSettled',
          on: {
            'session.updated': [
              { guard: 'sessionCompletedWithoutReceipt', target: '#checkout.completed.withoutReceipt', actions: 'assignSessionOutcome' },
              { guard: 'sessionCompleted', target: '#checkout.completed', actions: 'assignSessionOutcome' },
              { guard: 'sessionStillStarted', actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
              { target: 'idle', actions: assign({ startUnconfirmed: false, payableUnits: ({ event }) => event.payableUnits }) },
            ],
          },
        },
      },
      on: {
        'session.updated': { actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
        'method.selected': [
          { guard: 'isSelectedMethod', actions: assign({ selectedMethodId: null, phoneError: null }) },
          { guard: { type: 'isKnownMethod' }, target: 'selecting', actions: assign({ selectedMethodId: ({ event }) => event.methodId, phoneError: null }) },
        ],
        'payment.start': [
          { guard: 'needsPhoneEntry', target: 'checkingPhone' },
        ],
      },
    },
    selecting: {
      always: [
        { guard: 'needsPhoneEntry', target: 'notStarted' },
        { guard: 'canPay', target: 'awaitingCart' },
        { target: 'notStarted' },
      ],
    },
    checkingPhone: {
      always: [
        { guard: 'hasPhone', target: 'awaitingCart' },
        { target: 'notStarted', actions: assign({ phoneError: 'phoneRequired' }) },
      ],
    },
    /**
     * A start waits while a change of this page is on its way to the platform (the cart PUT):
     * the payment is started for the cart on screen, not for the platform's older one (SPEC §4).
     * At once when the platform has it; back to NOT_STARTED if the change leaves nothing to pay.
     */
    awaitingCart: {
      tags: ['busy'],
      always: [
        { guard: 'cannotPay', target: 'notStarted' },
        // A payment whose cancel did not get through may still run: cancelled once more first.
        { guard: 'mayHavePayment', target: 'cancellingBeforeRestart' },
        { guard: 'isCartSynced', target: 'loading' },
      ],
      on: {
        'method.selected': { guard: 'isSelectedMethod', target: 'notStarted', actions: assign({ selectedMethodId: null }) },
      },
    },
    loading: {
      tags: ['busy'],
      // A payment started here is no longer the one the page resumed.
      entry: assign({ error: null, articleStockErrors: {}, resumedStatus: null }),
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({
          shopId: context.shopId,
          paymentMethodId: context.selectedMethodId ?? '',
          orderReference: context.orderReference,
          customerInfo: customerInfoOf(context),
        }),
        onDone: [
          // Now the payment has an id, and the change that superseded it cancels it (SPEC §4).
          { guard: 'startSuperseded', target: 'cancelling', actions: assign({ paymentId: ({ event }) => event.output.paymentId }) },
          { target: 'started', actions: assign({ paymentId: ({ event }) => event.output.paymentId }) },
        ],
        onError: [
          // Refused by the server: nothing was started, so there is nothing to cancel.
          { guard: and(['startSuperseded', 'reachedServer']), target: 'notStarted', actions: 'resetPayment' },
          // No answer or a 5xx: the server may hold a payment all the same.
          { guard: 'startSuperseded', target: 'cancelling' },
          {
            guard: 'isOutOfStock',
            target: '#checkout.stopped.error',
            actions: [
              assign({
                error: { code: 'outOfStock', message: null },
                articleStockErrors: ({ event }) => failureOf(event.error).stock ?? {},
              }),
              'reportStock',
            ],
          },
          {
            // A payment may have been started: a restart cancels first (never a second charge).
            guard: 'unreadableAnswer',
            target: '#checkout.stopped.error',
            actions: assign({ error: { code: 'startFailed' as const, message: null }, startUnconfirmed: true }),
          },
          {
            guard: 'reachedServer',
            target: '#checkout.stopped.error',
            actions: assign({ error: ({ event }) => ({ code: 'startFailed' as const, message: failureOf(event.error).message }) }),
          },
          {
            // The server failed but said why; it may still have started something, so a
            // restart cancels first.
            guard: 'serverSaidWhy',
            target: '#checkout.stopped.error',
            actions: assign({ error: ({ event }) => ({ code: 'startFailed' as const, message: failureOf(event.error).message }), startUnconfirmed: true }),
          },
          {
            // No answer (or a 5xx without words): the server may still have started it (startUnconfirmed).
            target: '#checkout.stopped.error',
            actions: assign({ error: ({ event }) => ({ code: 'network' as const, message: failureOf(event.error).message }), startUnconfirmed: true }),
          },
        ],
      },
      initial: 'requesting',
      states: {
        requesting: {
          on: {
            'cart.changed': { target: 'superseded', actions: 'assignPayableUnits' },
            'customer.changed': { target: 'superseded', actions: 'assignCustomerValue' },
          },
        },
        /**
         * The cart or the info changed while the start was in flight: its payment is stale. It
         * is cancelled once the answer gives it an id; a cancel sent before that could reach the
         * server first and leave the payment running (SPEC §4 "while a paymentId exists").
         */
        superseded: {
        },
      },
    },
    started: {
      // The session is polled while a payment runs (SPEC §4); the gate decides when exactly.
      entry: 'reportStarted',
      exit: 'reportSettled',
      initial: 'choosingProvider',
      states: {
        choosingProvider: {
          always: [
            { guard: 'isSwish', target: 'swish' },
            { guard: 'isViva', target: 'viva' },
            { guard: 'isCard', target: 'card' },
            // A method the shop no longer lists (a payment resumed after the menu changed): say
            // so and let the customer pick one of the methods there are.
            { target: '#checkout.stopped.error', actions: assign({ error: { code: 'startFailed', message: null }, selectedMethodId: null }) },
          ],
        },
        swish: { invoke: { id: 'provider', src: 'swishPayment', input: ({ context }) => providerInput(context) } },
        viva: { invoke: { id: 'provider', src: 'vivaPayment', input: ({ context }) => providerInput(context) } },
        card: {
          invoke: { id: 'provider', src: 'cardPayment', input: ({ context }) => providerInput(context) },
          initial: 'unconfirmed',
          states: {
            /**
             * Not confirmed with Pay on this page. A change cancels it (SPEC §4), but only once
             * the card says it was not paid meanwhile in another tab of the same cart (`verifying`).
             * Pressing the card again deselects and cancels at once, as for every method: a poll
             * landing during a read would otherwise leave the press undone.
             */
            unconfirmed: {
              initial: 'ready',
              states: {
                ready: {},
                /**
                 * Pay's confirmation failed (declined or an error; SPEC §4 Card "error",
                 * restartable): nothing was charged. Pay may try another card, and another
                 * method may be chosen, as after FAILED: the card payment is cancelled, then the
                 * new one starts. The platform's session may not say FAILED yet.
                 */
                confirmationFailed: {
                  on: {
                    'method.selected': {
                      // The card itself bubbles up: pressed again, it deselects and cancels.
                      guard: 'isOtherMethod',
                      target: '#checkout.switchingMethod',
                      actions: assign({ selectedMethodId: ({ event }) => event.methodId, error: null, phoneError: null }),
                    },
                  },
                },
              },
              on: {
                'provider.charging': 'charging',
                'cart.changed': { target: 'verifying', actions: 'assignPayableUnits' },
                'customer.changed': { target: 'verifying', actions: 'assignCustomerValue' },
                'session.updated': { guard: 'orderChangedUnderRunningPayment', target: 'verifying', actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
              },
            },
            /**
             * The card reads its intent before a cancel: charged (`provider.charging`) keeps the
             * payment, and the session then holds the cart; not charged cancels as SPEC §4 says.
             * Changes meanwhile are taken in; the cancel covers them all.
             */
            verifying: {
              // Not `busy`: the card form stays mounted (a charged card shows its success there).
              entry: sendTo('provider', { type: 'card.verify' }),
              on: {
                'provider.charging': 'charging',
                'provider.notCharged': '#checkout.cancelling',
                ...followingFormAndCart,
                'method.selected': {},
                'session.updated': { guard: 'orderChangedUnderRunningPayment', actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
              },
            },
            /**
             * Pay confirmed the card: it may be charged, or was (SPEC §4 Card: processing, success,
             * then creating the receipt). Cancelling now would throw away a charged payment, so a
             * change waits for the session's outcome instead, and the session holds the cart.
             */
            charging: {
              // The gate holds the session's cart meanwhile: no control can change the order.
              entry: 'reportCharging',
              exit: 'reportChargingEnded',
              on: {
                'provider.notCharged': [
                  {
                    guard: 'payFailed',
                    target: 'unconfirmed.confirmationFailed',
                    // Shown by the card meanwhile; the session's FAILED then keeps its words.
                    actions: assign({ error: ({ event }) => ({ code: 'paymentError', message: event.message ?? null }) }),
                  },
                  { target: 'unconfirmed' },
                ],
                ...followingFormAndCart,
                'method.selected': {},
              },
            },
          },
        },
        /** COMPLETED without a receipt id: polling goes on for `receiptWait`, then completes without it. */
        awaitingReceipt: {
          after: { receiptWait: '#checkout.completed.withoutReceipt' },
          on: {
            // The payment is done: nothing is left to cancel.
            'session.updated': [
              { guard: 'sessionCompletedWithoutReceipt', actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
              { guard: 'sessionCompleted', target: '#checkout.completed', actions: 'assignSessionOutcome' },
              // Any other answer (a cart change after COMPLETED clears the platform's payment,
              // SPEC §4) cannot undo a payment that went through.
              { target: '#checkout.completed.withoutReceipt', actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
            ],
            ...followingFormAndCart,
            'method.selected': {},
          },
        },
      },
      on: {
        'session.updated': [
          { guard: 'sessionCompletedWithoutReceipt', target: '.awaitingReceipt', actions: 'assignSessionOutcome' },
          { guard: 'sessionCompleted', target: 'completed', actions: 'assignSessionOutcome' },
          { guard: 'sessionFailed', target: '#checkout.stopped.failed', actions: 'assignSessionOutcome' },
          { guard: 'sessionError', target: '#checkout.stopped.error', actions: 'assignSessionOutcome' },
          { guard: 'sessionCancelled', target: '#checkout.stopped.cancelled', actions: 'assignSessionOutcome' },
          // Still running, but for an order changed in another tab: it no longer pays for the cart (SPEC §4).
          { guard: 'paysForAnotherOrder', target: 'cancelling', actions: assign({ payableUnits: ({ event }) => event.payableUnits }) },
          { guard: 'paymentVanished', target: '#checkout.stopped.cancelled', actions: 'assignSessionOutcome' },
          // The same order, restarted in another tab: its provider starts again on that payment, as after a reload.
          {
            guard: and(['restartedElsewhere', not('isCharging')]),
            target: 'started',
            reenter: true,
            actions: assign({ paymentId: ({ event }) => event.session.paymentId, resumedStatus: 'STARTED' }),
          },
        ],
        'method.selected': [{ guard: 'isSelectedMethod', target: 'cancelling', actions: assign({ selectedMethodId: null }) }],
        'cart.changed': { target: 'cancelling', actions: 'assignPayableUnits' },
        'customer.changed': { target: 'cancelling', actions: 'assignCustomerValue' },
      },
    },
    completed: {
      // The gate opens the receipt (when it has an id) and refreshes the session (SPEC §2 "Cart page").
      entry: 'reportCompleted',
      initial: 'withReceipt',
      states: {
        withReceipt: {},
        /** The platform gave no receipt id in time: the payment went through all the same. */
        withoutReceipt: {},
      },
      on: {
        // A new order after the receipt: payment state starts over, the method chosen for the paid
        // one included, so one press starts the next (SPEC §2 "clears the payment state", §4).
        'cart.changed': { target: 'notStarted', actions: ['clearPayment', 'assignPayableUnits'] },
        'customer.changed': { target: 'notStarted', actions: ['assignCustomerValue', 'clearPayment'] },
        'method.selected': { target: 'notStarted', actions: 'clearPayment' },
      },
    },
    /** ERROR, FAILED and CANCELLED: restartable; they share their ways out. */
    stopped: {
      on: {
        'payment.retry': 'restarting',
        'payment.start': 'restarting',
        'method.selected': [
          { guard: 'isSelectedMethod', target: 'leavingStopped', actions: assign({ selectedMethodId: null }) },
          // One press on another method switches to it and starts it (after cancelling the old payment).
          {
            guard: 'isKnownMethod',
            target: 'switchingMethod',
            actions: assign({ selectedMethodId: ({ event }) => event.methodId, error: null, phoneError: null }),
          },
        ],
        'cart.changed': { target: 'leavingStopped', actions: 'assignPayableUnits' },
        'customer.changed': { target: 'leavingStopped', actions: 'assignCustomerValue' },
      },
      initial: 'error',
      states: {
        error: {},
        failed: {},
        cancelled: {},
      },
    },
    /**
     * A change or a deselection after ERROR, FAILED or CANCELLED: a payment that may exist is
     * cancelled (SPEC §4). A start the server refused left none: NOT_STARTED at once, and the
     * stock an OUT_OF_STOCK answer reported stays until the next start (SPEC §8).
     */
    leavingStopped: {
      always: [{ guard: 'mayHavePayment', target: 'cancelling' }, { target: 'notStarted', actions: 'resetPayment' }],
    },
    restarting: {
      tags: ['busy'],
      always: [
        { guard: 'mayHavePayment', target: 'cancellingBeforeRestart' },
        { guard: 'needsPhoneEntry', target: 'checkingPhone' },
        { guard: 'canPay', target: 'awaitingCart' },
        { target: 'notStarted' },
      ],
    },
    cancellingBeforeRestart: {
      tags: ['busy'],
      invoke: {
        id: 'cancelPayment',
        src: 'cancelPayment',
        input: ({ context }) => ({ shopId: context.shopId }),
        onDone: { target: 'restarting', actions: assign({ paymentId: null, startUnconfirmed: false }) },
        onError: [
          // Not cancelled (5xx, no answer) while it may still run (its start or an earlier cancel
          // went unanswered): nothing new starts beside it, never two to approve; Try again
          // cancels once more.
          { guard: 'startUnconfirmed', target: 'stopped.error', actions: 'assignCancelFailure' },
          // The session said it ended (FAILED, CANCELLED, ERROR): given up after one attempt.
          { target: 'restarting', actions: assign({ paymentId: null, startUnconfirmed: false }) },
        ],
      },
    },
    /**
     * Another method chosen after ERROR, FAILED or CANCELLED, or after the card's Pay failed: the
     * old payment is cancelled, then the new method starts as a selection would start it (Swish
     * on a desktop shows its form). A cancel answered 409 (the payment completed) starts nothing.
     */
    switchingMethod: {
      tags: ['busy'],
      always: [
        { guard: 'mayHavePayment', target: 'cancellingBeforeSwitch' },
        { guard: 'needsPhoneEntry', target: 'notStarted' },
        { guard: 'canPay', target: 'awaitingCart' },
        { target: 'notStarted' },
      ],
    },
    cancellingBeforeSwitch: {
      tags: ['busy'],
      invoke: {
        id: 'cancelBeforeSwitch',
        src: 'cancelPayment',
        input: ({ context }) => ({ shopId: context.shopId }),
        onDone: [
          // 409: it completed meanwhile (paid in another tab?); the session decides, not a second payment.
          { guard: 'paymentEnded', target: 'awaitingOutcome' },
          { target: 'switchingMethod', actions: assign({ paymentId: null, startUnconfirmed: false, receiptId: null }) },
        ],
        // As before a restart: a payment that may still run holds the new method back.
        onError: [
          { guard: 'startUnconfirmed', target: 'stopped.error', actions: 'assignCancelFailure' },
          { target: 'switchingMethod', actions: assign({ paymentId: null, startUnconfirmed: false, receiptId: null }) },
        ],
      },
    },
    /** A change while a payment exists: cancel it, then start over (SPEC §4). */
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelPaymentOnChange',
        src: 'cancelPayment',
        input: ({ context }) => ({ shopId: context.shopId }),
        onDone: [
          // 409 (not an error, SPEC §8): it can no longer be cancelled, it has ended.
          { guard: 'paymentEnded', target: 'awaitingOutcome' },
          { target: 'notStarted', actions: 'resetPayment' },
        ],
        // The cancel did not get through (5xx, no answer): the payment may still run on the
        // platform, so the next start cancels it first rather than leave two to approve.
        onError: { target: 'notStarted.uncancelled', actions: ['resetPayment', assign({ startUnconfirmed: true })] },
      },
      on: {
        // The session read before its push found the payment completed unseen (off the cart page).
        'session.updated': { guard: 'sessionCompleted', target: 'completed', actions: 'assignSessionOutcome' },
      },
    },
    /**
     * The change's cancel came too late (409): the payment has ended, most likely completed while
     * the customer was away from the cart page. The session is polled meanwhile (and reads the
     * platform before its push); its answer decides, and without one the page starts over.
     */
    awaitingOutcome: {
      tags: ['busy'],
      // A deselection pushes nothing: without the poll, only `receiptWait` would end the wait.
      entry: 'reportStarted',
      exit: 'reportSettled',
      after: { receiptWait: { target: 'notStarted', actions: 'resetPayment' } },
      on: {
        'session.updated': [
          { guard: 'sessionCompleted', target: 'completed', actions: 'assignSessionOutcome' },
          { target: 'notStarted', actions: ['resetPayment', assign({ payableUnits: ({ event }) => event.payableUnits })] },
        ],
      },
    },
  },
})

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>

/** The payment method the customer has selected, or null (SPEC §2 "Payment method sections"). */
export function selectedMethod(snapshot: CheckoutSnapshot): PaymentMethod | null {
  return methodOf(snapshot.context, snapshot.context.selectedMethodId) ?? null
}

/** The methods may be shown and chosen: the cart is not empty and the form is valid (SPEC §5). */
export function canChoosePayment(snapshot: CheckoutSnapshot): boolean {
  return mayPay(snapshot.context)
}

/** The selected method asks for a phone number before it starts: Swish on a desktop (SPEC §2, §5). */
export function needsPhoneEntry(snapshot: CheckoutSnapshot): boolean {
  return entersPhone(snapshot.context, snapshot.context.selectedMethodId)
}

/** The Swish provider child of a started checkout. */
export type SwishProviderRef = ActorRefFrom<typeof swishPaymentMachine>
/** The Viva provider child of a started checkout. */
export type VivaProviderRef = ActorRefFrom<typeof vivaPaymentMachine>
/** The card provider child of a started checkout. */
export type CardProviderRef = ActorRefFrom<typeof cardPaymentMachine>

interface ProviderRefs {
  swish: SwishProviderRef
  viva: VivaProviderRef
  card: CardProviderRef
}

/**
 * The checkout's invoked provider child (id 'provider') as the machine of the started state
 * `kind`, or undefined when the checkout is not in that state. xstate types the child as the
 * union of the three providers; the state decides which one it is, so the narrowing is checked
 * here against the state rather than trusted from the caller.
 */
export function providerOf<K extends keyof ProviderRefs>(snapshot: CheckoutSnapshot, kind: K): ProviderRefs[K] | undefined {
  if (!snapshot.matches({ started: kind })) return undefined
  const child: AnyActorRef | undefined = snapshot.children.provider
  return child as ProviderRefs[K] | undefined
}
