/**
 * The checkout as a browser model (SPEC §2 "Cart page", "Payment method sections", §4 "Payment
 * states", §5, §8; CONTRACT.md "Payment", "Words and roles"): the cart page of the demo café
 * (and of `kahvila` for an order over the stock), desktop, against the sandbox. Swish outcomes
 * come from the phone number, card outcomes from the test card, Viva outcomes from the
 * simulated checkout page's buttons (each a page load: a start of its own, as a reload is);
 * a start refused with a 5xx comes from `POST /sandbox/faults` or `page.route`, a receipt the
 * platform is slow to make from `page.route`. Busy states hold their request while the page is
 * checked, and a running Swish payment holds the session poll, so a step is never raced by it.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { canChoosePayment, checkoutMachine, type CheckoutContext, type CheckoutInput, type CheckoutSnapshot } from '@machines/checkout/checkout.machine'
import type { PaymentError } from '@machines/shared/payment-types'
import type { Page } from 'playwright-core'
import type { PaymentStatus, Session } from '@/domain/types'
import type { BrowserModel, Expectation, ModelStart } from '@tests/harness/model'
import { cafeInputs, cafeMethods, cafeOpenWords, INFO, kahvilaInputs, kahvilaMethods, openCafeCart } from './payment-inputs'
import { all, causes, click, eventNotInBrowser, fault, held, passing, platform, routeAnswer, sample, sees, shows, stateNotInBrowser, user } from './causes'
import {
  addFromMenu,
  CANCEL,
  CARD_INTENT,
  CARDS,
  infoField,
  makeReceipt,
  methodButton,
  openCart,
  patchNextSession,
  payCartByApi,
  payWithCard,
  PHONES,
  sessionUrl,
  START,
  toCart,
  withholdReceipts,
} from './shop-steps'

// ---- what the page builds ---------------------------------------------------------------

/** The checkout's input once the opening step is done: what the gate builds for this page. */
function cafeInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    shopId: 'cafe',
    paymentMethods: cafeMethods,
    customerInputs: cafeInputs,
    isMobile: false,
    primaryColor: '#1f6f50',
    orderReference: null,
    payableUnits: 1,
    resume: null,
    customerValues: INFO,
    ...overrides,
  }
}

/** The session a page loads after a payment went `status` (a reload, or back from Viva). */
function resumed(status: PaymentStatus, paymentMethodId: string, more: Partial<Session> = {}): Session {
  return {
    cart: [],
    tabItems: [],
    activeTab: null,
    paymentStatus: status,
    paymentId: 'sandbox-payment',
    paymentIntentId: null,
    receiptId: null,
    paymentMethodId,
    message: null,
    orderReference: null,
    ...more,
  }
}

/** A payment id only a `page.route` answer gave: the sandbox has no such payment. */
const ROUTED_PAYMENT = 'model-routed'

// ---- reading a snapshot -----------------------------------------------------------------

const ctx = (s: AnyMachineSnapshot) => s.context as CheckoutContext
const inCafe = (s: AnyMachineSnapshot) => ctx(s).shopId === 'cafe'
const selected = (s: AnyMachineSnapshot) => ctx(s).paymentMethods.find((m) => m.id === ctx(s).selectedMethodId)
const swishDesktop = (s: AnyMachineSnapshot) => selected(s)?.type === 'SWISH_TRADE' && !ctx(s).isMobile
const phoneIs = (s: AnyMachineSnapshot, phone: string) => swishDesktop(s) && ctx(s).swishPhone === phone
/** After a fresh Viva start the browser is on Viva's checkout page, not the cart. */
const onVivaPage = (s: AnyMachineSnapshot) => s.matches({ started: 'viva' }) && ctx(s).resumedStatus !== 'STARTED'
/** The cart page shows the method buttons (and Try again): the cart and form allow paying. */
const methodsShown = (s: AnyMachineSnapshot) =>
  !onVivaPage(s) && canChoosePayment(s as CheckoutSnapshot) && !s.matches('completed') && !s.matches({ started: 'awaitingReceipt' })
/**
 * The panel of the selected method shows (its progress, errors and 'Try again'): a method the
 * shop lists is selected. A resumed payment of a method the shop dropped has none.
 */
const panelShown = (s: AnyMachineSnapshot) => methodsShown(s) && selected(s) !== undefined
/** A start the sandbox accepts as it stands (no fault or page.route arranged). */
const startSucceeds = (s: AnyMachineSnapshot) =>
  inCafe(s) && cafeMethods.some((m) => m.id === ctx(s).selectedMethodId) && !phoneIs(s, PHONES.refused)
/**
 * Whether the sandbox has a payment to cancel: one this page knows the id of (not a routed
 * one), or, cancelling while a start was held, the start the runner lets through first.
 */
function sandboxHasPayment(s: AnyMachineSnapshot): boolean {
  const { paymentId, error } = ctx(s)
  if (paymentId !== null) return paymentId !== ROUTED_PAYMENT
  return s.matches('cancelling') && error === null && startSucceeds(s)
}

// ---- what the page shows ----------------------------------------------------------------

function errorText(error: PaymentError | null): string {
  if (!error) return 'An unknown error occurred, please try again'
  switch (error.code) {
    case 'network':
      return 'An error occurred, please try again: Could not reach the server'
    case 'outOfStock':
      return 'Articles are out of stock'
    case 'unknownProviderError':
      return 'An unknown error occurred, please try again'
    default:
      return error.message ? `An error occurred, please try again: ${error.message}` : 'An unknown error occurred, please try again'
  }
}

/**
 * A stopped payment: how it ended, and Try again (in the phone form for Swish on a desktop);
 * with a selected method the shop does not list, only the method buttons (nothing is told).
 */
function stoppedShows(text: (s: AnyMachineSnapshot) => string) {
  return (s: AnyMachineSnapshot): Expectation => {
    // No method of the shop chosen (one resumed after the shop dropped it): told above the methods.
    if (methodsShown(s) && !panelShown(s)) return all(sees.heading('Choose payment method'), sees.alert(text(s)), noMethodPressed)
    return all(sees.alert(text(s)), ...(panelShown(s) ? [sees.button('Try again')] : []), ...(swishDesktop(s) && panelShown(s) ? [sees.field('Phone number')] : []))
  }
}

/** No method button is pressed (aria-pressed). */
const noMethodPressed: Expectation = {
  words: 'no method pressed',
  check: ({ page }) => page.getByRole('button', { pressed: true, name: /^(Swish|Card|Viva Wallet)$/ }).first().waitFor({ state: 'hidden', timeout: 10_000 }),
}

const notStartedShows = (s: AnyMachineSnapshot): Expectation => {
  const settled = [sees.no('status', 'Starting payment…'), sees.no('status', 'Cancelling payment…')]
  if (!canChoosePayment(s as CheckoutSnapshot)) {
    return all(ctx(s).payableUnits === 0 ? sees.text('Your cart is empty') : sees.heading('Your info'), sees.noHeading('Choose payment method'), ...settled)
  }
  const phone = swishDesktop(s)
    ? [sees.field('Phone number'), sees.button('Start payment'), ...(ctx(s).phoneError ? [sees.text('You must enter a phone number')] : [])]
    : []
  return all(sees.heading('Choose payment method'), ...phone, ...settled)
}

/** The receipt opened; Back on the cart shows the payment-complete screen with the receipt's link. */
const receiptThenBack: Expectation = {
  words: "heading 'Thank you' (the receipt opened), and after Back heading 'Payment completed' and link 'View receipt'",
  check: async (run) => {
    await sees.heading('Thank you').check(run)
    await run.page.goBack()
    await all(sees.heading('Payment completed'), sees.link('View receipt')).check(run)
  },
}

const vivaPage = all(sees.heading('Pay Café Söder AB'), sees.button('Approve'))

// ---- the tables -------------------------------------------------------------------------

const ev = <T extends Record<string, unknown>>(type: string, rest: T) => ({ type, ...rest })
const polled = (status: PaymentStatus, more: Partial<Session> = {}) =>
  ev('session.updated', { payableUnits: status === 'COMPLETED' ? 0 : 1, session: resumed(status, 'cafe-any', { paymentId: 'tok', ...more }) })
const onCart = (s: AnyMachineSnapshot) => !onVivaPage(s)
const startedSwish = (phone: string) => (s: AnyMachineSnapshot) => s.matches({ started: 'swish' }) && phoneIs(s, phone)
/** The card form takes Pay: not while the card reads its intent after a change (Pay is disabled then). */
const startedCard = (s: AnyMachineSnapshot) => s.matches({ started: 'card' }) && inCafe(s) && !verifyingCard(s)
const awaiting = (s: AnyMachineSnapshot) => s.matches({ started: 'awaitingReceipt' })
/** The card reads its intent after a change: a held read times out, so no further step is taken there. */
const verifyingCard = (s: AnyMachineSnapshot) => s.matches({ started: { card: 'verifying' } })

const cafeOpen = cafeOpenWords
const openCafe = openCafeCart
async function toViva(page: Page) {
  await methodButton(page, 'Viva Wallet').click()
  await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 10_000 })
}

const starts: ModelStart[] = [
  { name: 'fresh cart', input: cafeInput(), open: user(cafeOpen, openCafe) },
  {
    name: 'over the stock',
    input: cafeInput({ shopId: 'kahvila', paymentMethods: kahvilaMethods, customerInputs: kahvilaInputs, primaryColor: '#0d47a1', payableUnits: 6, customerValues: { name: INFO.name } }),
    open: user('open /kahvila/cart with 6 Korvapuusti (5 in stock; put through the API), type Name', async ({ page }) => {
      await openCart(page, 'kahvila', [{ productId: 'korvapuusti', count: 6 }], { Name: INFO.name })
    }),
  },
  {
    name: 'back from Viva',
    input: cafeInput({ resume: resumed('STARTED', 'cafe-viva') }),
    open: user(`${cafeOpen}, click 'Viva Wallet', Back from Viva's checkout page`, async (run) => {
      await openCafe(run)
      await toViva(run.page)
      await run.page.goBack()
    }),
  },
  {
    name: 'approved at Viva',
    input: cafeInput({ payableUnits: 0, resume: resumed('COMPLETED', 'cafe-viva', { receiptId: 'r1' }) }),
    open: user(`${cafeOpen}, click 'Viva Wallet', click 'Approve' on Viva's page`, async (run) => {
      await openCafe(run)
      await toViva(run.page)
      await run.page.getByRole('button', { name: 'Approve' }).click()
    }),
  },
  {
    name: 'declined at Viva',
    input: cafeInput({ resume: resumed('FAILED', 'cafe-viva', { message: 'Declined' }) }),
    open: user(`${cafeOpen}, click 'Viva Wallet', click 'Decline' on Viva's page`, async (run) => {
      await openCafe(run)
      await toViva(run.page)
      await run.page.getByRole('button', { name: 'Decline' }).click()
    }),
  },
  {
    name: 'cancelled at Viva',
    input: cafeInput({ resume: resumed('CANCELLED', 'cafe-viva') }),
    open: user(`${cafeOpen}, click 'Viva Wallet', click 'Cancel' on Viva's page`, async (run) => {
      await openCafe(run)
      await toViva(run.page)
      await run.page.getByRole('button', { name: 'Cancel' }).click()
    }),
  },
  {
    name: 'Swish error, reloaded',
    input: cafeInput({ resume: resumed('ERROR', 'cafe-swish', { message: 'Swish did not answer' }) }),
    open: user(`${cafeOpen}, click 'Swish', type ${PHONES.error} in Phone number, click 'Start payment', wait for the error, reload`, async (run) => {
      await openCafe(run)
      await methodButton(run.page, 'Swish').click()
      await run.page.getByRole('textbox', { name: 'Phone number' }).fill(PHONES.error)
      await run.page.getByRole('button', { name: 'Start payment' }).click()
      await sees.alert('Swish did not answer').check(run)
      await run.page.reload()
    }),
  },
  {
    name: 'paid, receipt not made yet',
    input: cafeInput({ payableUnits: 0, resume: resumed('COMPLETED', 'cafe-card') }),
    open: user(
      `${cafeOpen}, platform (page.route) keeps the receipt id back, pay the cart by card through the API (another device), reload`,
      async (run) => {
        await openCafe(run)
        // Withheld first: the open page's session poll could otherwise fetch the receipt between the two.
        await withholdReceipts(run.page, 'cafe')
        await payCartByApi(run.page, 'cafe', 'cafe-card', INFO)
        await run.page.reload()
      },
    ),
  },
  {
    name: 'running with a method the shop dropped',
    input: cafeInput({ resume: resumed('STARTED', 'gone', { paymentId: ROUTED_PAYMENT }) }),
    open: user(`${cafeOpen}, platform (page.route): the session is STARTED with a method the shop no longer lists, reload`, async (run) => {
      await openCafe(run)
      await patchNextSession(run.page, 'cafe', { paymentStatus: 'STARTED', paymentId: ROUTED_PAYMENT, paymentMethodId: 'gone' })
      await run.page.reload()
    }),
  },
]

const SESSION = sessionUrl('cafe')
const cancelled = (words: string) => platform(words, sandboxHasPayment, { releases: CANCEL })
const notCancelled = (words: string) => platform(words, (s) => !sandboxHasPayment(s), { releases: CANCEL })
const methods: Array<[string, string]> = [
  ['cafe-swish', 'Swish'],
  ['cafe-card', 'Card'],
  ['cafe-viva', 'Viva Wallet'],
]

export const checkoutModel: BrowserModel = {
  name: 'checkout',
  machine: checkoutMachine,
  // Traversed alone, the checkout has no gate to report to.
  actions: { reportStarted: () => {}, reportSettled: () => {}, reportCompleted: () => {}, reportCharging: () => {}, reportChargingEnded: () => {}, reportStock: () => {} },
  contextKeys: ['selectedMethodId', 'paymentId', 'swishPhone', 'payableUnits', 'resumedStatus', 'startUnconfirmed'],
  starts,
  events: {
    'xstate.after.receiptWait.checkout.awaitingOutcome': eventNotInBrowser('the session read before a push did not answer within 5 s after a cancel answered 409'),
    // Around every cart push; in these paths a start always finds the cart on the platform.
    'cart.sync': eventNotInBrowser("the gate relays the session's push state; payments.e2e 'starts a payment only for the cart the platform has' walks a start that waits"),
    // The route tells the gate, which relays them; these paths stay on the cart page.
    'cart.left': eventNotInBrowser("the gate relays the route's moves; payments.e2e 'opens no Viva checkout over the menu' walks a start answered off the cart page"),
    'cart.entered': eventNotInBrowser("the gate relays the route's moves; payments.e2e 'opens no Viva checkout over the menu' walks the way back to the cart"),
    // Reports of the card provider's own actor as Pay confirms (the card model walks Pay).
    'provider.charging': eventNotInBrowser(
      "sent by the card provider inside the Pay step; payments.e2e 'keeps a card confirmed with Pay from being cancelled' walks it, and 'keeps a card another tab paid from being cancelled by a change here' walks it after a change",
    ),
    'provider.notCharged': causes(
      sample(
        ev('provider.notCharged', {}),
        platform('(the simulated Stripe) reads the card intent: not paid, so the change cancels', (s) => s.matches({ started: { card: 'verifying' } }), { releases: CARD_INTENT }),
      ),
    ),
    // Causable, but not by this runner (the session's first load must give up while the gate is open).
    'orderReference.changed': eventNotInBrowser(
      "the gate sends it when the late first answer of a session turns a ?table= down; walked by faults.e2e 'drops an unknown ?table= taken on trust once the session answers'",
    ),
    'customer.blurred': causes(
      sample(
        ev('customer.blurred', { field: 'email' }),
        user('leave the Email field (Tab)', ({ page }) => infoField(page, 'Email').press('Tab'), onCart),
      ),
    ),
    'swish.phoneChanged': causes(
      ...Object.values(PHONES).map((value) =>
        sample(
          ev('swish.phoneChanged', { value }),
          user(
            `type ${value} in Phone number`,
            ({ page }) => page.getByRole('textbox', { name: 'Phone number' }).fill(value),
            (s) => panelShown(s) && swishDesktop(s) && (s.matches('notStarted') || s.matches('stopped')) && ctx(s).swishPhone !== value,
          ),
        ),
      ),
    ),
    'customer.changed': causes(
      // Once per path: the same name again is no change (no input event).
      sample(
        ev('customer.changed', { field: 'name', value: 'Anna Berg' }),
        user(
          "type 'Anna Berg' in Name",
          ({ page }) => infoField(page, 'Name').fill('Anna Berg'),
          (s) => onCart(s) && inCafe(s) && ctx(s).values.name === INFO.name && !verifyingCard(s),
        ),
      ),
    ),
    'cart.changed': causes(
      sample(
        ev('cart.changed', { units: 2 }),
        user(
          "click 'Increase quantity' on the mug's line",
          ({ page }) => page.getByRole('button', { name: 'Increase quantity' }).click(),
          (s) => onCart(s) && inCafe(s) && ctx(s).payableUnits === 1 && !verifyingCard(s),
        ),
      ),
      sample(
        ev('cart.changed', { units: 1 }),
        user(
          "click the header's link home, add a 'Café Söder mug', click the header's cart link",
          async ({ page }) => {
            await page.getByRole('banner').getByRole('link').first().click()
            await addFromMenu(page, 'Café Söder mug')
            await toCart(page)
          },
          // Not while the receipt is awaited: see transitionsNotInBrowser.
          (s) => onCart(s) && inCafe(s) && ctx(s).payableUnits === 0 && !awaiting(s),
        ),
      ),
    ),
    'session.updated': causes(
      sample(polled('COMPLETED', { receiptId: 'r1' }), platform(`Swish pays after about 3 polls (${PHONES.paid})`, startedSwish(PHONES.paid))),
      sample(
        polled('COMPLETED', { receiptId: 'r1' }),
        user(`type ${CARDS.paid} in Card number, click 'Pay' (paid on the next poll)`, ({ page }) => payWithCard(page, CARDS.paid), startedCard),
      ),
      sample(
        polled('COMPLETED', { receiptId: 'r1' }),
        // At its step, not before: the receipt waiting state lasts one poll, too short to check on a busy machine.
        platform('makes the receipt (the next session answer has its id)', awaiting, { act: async ({ page }) => makeReceipt(page) }),
      ),
      sample(
        polled('COMPLETED'),
        platform(`(page.route) Swish pays (${PHONES.paid}), but the session answers come without a receipt id`, startedSwish(PHONES.paid), {
          arrange: ({ page }) => withholdReceipts(page, 'cafe'),
        }),
      ),
      sample(polled('COMPLETED'), platform('answers COMPLETED, still without a receipt id', awaiting)),
      sample(
        // The payment emptied the cart: the answer's cart is empty too.
        ev('session.updated', { payableUnits: 0, session: resumed('NOT_STARTED', 'cafe-any', { paymentId: null }) }),
        platform('(page.route) the next session answer is NOT_STARTED, as after a cart change cleared the COMPLETED payment', awaiting, {
          // Installed as the step before starts: the page first sees the payment COMPLETED, and
          // only the answer after that is changed.
          arrange: ({ page }) => {
            let completedSeen = false
            return patchNextSession(page, 'cafe', { paymentStatus: 'NOT_STARTED', paymentId: null, receiptId: null }, (answer) => {
              if (answer.paymentStatus !== 'COMPLETED') return false
              if (completedSeen) return true
              completedSeen = true
              return false
            })
          },
        }),
      ),
      sample(polled('FAILED', { message: 'Declined by payer' }), platform(`Swish declines on the 2nd poll (${PHONES.declined})`, startedSwish(PHONES.declined))),
      sample(polled('CANCELLED'), platform(`Swish is cancelled on the 2nd poll (${PHONES.cancelled})`, startedSwish(PHONES.cancelled))),
      sample(polled('ERROR', { message: 'Swish did not answer' }), platform(`Swish fails on the 2nd poll (${PHONES.error})`, startedSwish(PHONES.error))),
      sample(
        polled('FAILED', { message: 'Your card was declined.' }),
        user(`type ${CARDS.declined} in Card number, click 'Pay' (FAILED on the next poll)`, ({ page }) => payWithCard(page, CARDS.declined), startedCard),
      ),
    ),
    'method.selected': causes(
      ...methods.map(([methodId, name]) =>
        sample(ev('method.selected', { methodId }), click('button', name, (s) => methodsShown(s) && inCafe(s) && !verifyingCard(s))),
      ),
      sample(ev('method.selected', { methodId: 'kahvila-card' }), click('button', 'Card', (s) => methodsShown(s) && !inCafe(s) && s.matches('notStarted'))),
    ),
    'payment.start': causes(sample(ev('payment.start', {}), click('button', 'Start payment', (s) => panelShown(s) && s.matches('notStarted') && swishDesktop(s)))),
    'payment.retry': causes(sample(ev('payment.retry', {}), click('button', 'Try again', (s) => panelShown(s) && inCafe(s)))),
    'xstate.done.actor.startPayment': causes(
      sample(ev('xstate.done.actor.startPayment', { output: { paymentId: 'tok' } }), platform('accepts the start', startSucceeds, { releases: START })),
    ),
    'xstate.error.actor.startPayment': causes(
      sample(
        ev('xstate.error.actor.startPayment', { error: { kind: 'outOfStock', status: 400, serverMessage: '[{"id":"korvapuusti","stock":5}]', stock: { korvapuusti: 5 } } }),
        platform('refuses: OUT_OF_STOCK (6 Korvapuusti, 5 in stock)', (s) => !inCafe(s)),
      ),
      sample(
        ev('xstate.error.actor.startPayment', { error: { kind: 'badRequest', status: 400, serverMessage: 'The number is not connected to Swish' } }),
        platform(`refuses ${PHONES.refused}: not connected to Swish`, (s) => phoneIs(s, PHONES.refused)),
      ),
      sample(
        ev('xstate.error.actor.startPayment', { error: { kind: 'server', status: 500, serverMessage: null, serverName: 'Simulated server error' } }),
        fault({ startPayment: 'error500', times: 1 }, 'the start fails with 500 {name}', startSucceeds),
      ),
      sample(
        ev('xstate.error.actor.startPayment', { error: { kind: 'server', status: 500, serverMessage: null } }),
        routeAnswer(START, { status: 500, text: '' }, 'the start fails with a 500 without a body', startSucceeds),
      ),
      sample(
        ev('xstate.error.actor.startPayment', { error: { kind: 'badResponse', status: 200, serverMessage: null } }),
        routeAnswer(START, { status: 200, text: '<html>' }, 'the start answers 200 with a body that is not JSON', startSucceeds),
      ),
    ),
    'xstate.after.receiptWait.checkout.started.awaitingReceipt': causes(
      sample(ev('xstate.after.receiptWait.checkout.started.awaitingReceipt', {}), platform('5 s pass without a receipt id', awaiting)),
    ),
    // A 404 is no failure (SPEC §8): these cancels resolve too, with nothing left to cancel.
    'xstate.done.actor.cancelPayment': causes(
      sample(ev('xstate.done.actor.cancelPayment', { output: 'cancelled' }), cancelled('cancels the payment')),
      sample(ev('xstate.done.actor.cancelPayment', { output: 'none' }), notCancelled('has no payment to cancel (404)')),
    ),
    'xstate.error.actor.cancelPayment': eventNotInBrowser(
      "a cancel before a restart that fails (a 5xx or no answer); the sandbox has no fault for cancelPayment; walked by checkout.machine.test 'a cancel that fails (no answer) before a restart or a switch'",
    ),
    'xstate.done.actor.cancelBeforeSwitch': causes(
      sample(ev('xstate.done.actor.cancelBeforeSwitch', { output: 'cancelled' }), cancelled('cancels the payment')),
      sample(ev('xstate.done.actor.cancelBeforeSwitch', { output: 'none' }), notCancelled('has no payment to cancel (404)')),
    ),
    'xstate.error.actor.cancelBeforeSwitch': eventNotInBrowser(
      "a cancel before a switch that fails (a 5xx or no answer); the sandbox has no fault for cancelPayment; walked by checkout.machine.test 'a cancel that fails (no answer) before a restart or a switch'",
    ),
    'xstate.done.actor.cancelPaymentOnChange': causes(
      sample(ev('xstate.done.actor.cancelPaymentOnChange', { output: 'cancelled' }), cancelled('cancels the payment')),
      // A 404 is no failure (SPEC §8): the cancel resolves, with nothing left to cancel.
      sample(ev('xstate.done.actor.cancelPaymentOnChange', { output: 'none' }), notCancelled('has no payment to cancel (404)')),
    ),
    'xstate.error.actor.cancelPaymentOnChange': eventNotInBrowser(
      "a cancel that fails (a 5xx or no answer) marks the payment for a cancel before the next start; the sandbox has no fault for cancelPayment; walked by checkout.machine.test 'a deselection whose cancel fails (5xx)…' and faults.e2e 'follows the payment that may still run…'",
    ),
  },
  states: {
    'notStarted.idle': shows(notStartedShows),
    'notStarted.uncancelled': stateNotInBrowser(
      "after a cancel that failed (a 5xx or no answer): the sandbox has no fault for cancelPayment; faults.e2e 'follows the payment that may still run…' routes one and walks it to the receipt",
    ),
    'loading.requesting': held(START, sees.status('Starting payment…')),
    // A change while the start is held: the page still waits for the start's answer.
    'loading.superseded': held(START, sees.status('Starting payment…')),
    'started.swish': held(SESSION, sees.status('Open the Swish app and approve the payment'), 'GET'),
    'started.viva': shows((s) => (onVivaPage(s) ? vivaPage : all(sees.status('Waiting for the payment in Viva Wallet…'), sees.button('Open checkout')))),
    awaitingOutcome: stateNotInBrowser("a cancel answered 409 (the payment completed unseen); walked by payments.e2e 'a Swish payment completed while the customer was on the menu'"),
    awaitingCart: passing('the cart is on the platform already: the start goes straight on'),
    'started.card.unconfirmed.ready': shows(all(sees.text('Test mode'), sees.textbox('Card number'), sees.button('Pay'))),
    'started.card.unconfirmed.confirmationFailed': stateNotInBrowser(
      "passed through inside the Pay step with a declined card, before the FAILED poll; payments.e2e 'offers the other methods at once after a declined card' holds the platform's notification back and walks it",
    ),
    // A change reads the card's intent before it cancels (another tab may have paid): Pay waits.
    'started.card.verifying': held(CARD_INTENT, all(sees.textbox('Card number'), sees.button('Pay', { disabled: true })), 'GET'),
    // The Pay step below goes from the card form to the poll's outcome in one step.
    'started.card.charging': stateNotInBrowser(
      "passed through inside the Pay step (the card provider's own report); payments.e2e 'keeps a card confirmed with Pay from being cancelled' walks it",
    ),
    'started.awaitingReceipt': shows(all(sees.status('Payment successful, creating your receipt…'), sees.noHeading('Choose payment method'))),
    'completed.withReceipt': shows(receiptThenBack),
    'completed.withoutReceipt': shows(
      all(sees.heading('Payment completed'), sees.status('Your payment went through. The receipt is not ready yet.'), sees.link('Back to the menu')),
    ),
    'stopped.error': shows(stoppedShows((s) => errorText(ctx(s).error))),
    'stopped.failed': shows(stoppedShows((s) => errorText(ctx(s).error))),
    'stopped.cancelled': shows(stoppedShows(() => 'Payment was cancelled')),
    cancellingBeforeRestart: held(CANCEL, sees.status('Starting payment…')),
    cancellingBeforeSwitch: held(CANCEL, sees.status('Starting payment…')),
    // Deselecting the method cancels in the background: the methods show, none pressed.
    cancelling: held(CANCEL, (s) => (selected(s) ? sees.status('Cancelling payment…') : all(sees.heading('Choose payment method'), noMethodPressed))),
  },
  transitionsNotInBrowser: {
    'started on session.updated #6 [paymentVanished] → stopped.cancelled':
      "a poll naming no payment at all for the same order; walked by faults.e2e 'says a payment the platform dropped was cancelled…' with a routed answer",
    'started on session.updated #7 [and] → started':
      "the same order restarted under a new payment id by another tab's Try again; checkout.machine.test 'follows a restart in another tab' takes it, with the token Open Swish opens",
    'cancelling on session.updated [sessionCompleted] → completed': "the session's read before a push, answered before the cancel; walked by payments.e2e 'a Swish payment completed while the customer was on the menu'",
    'awaitingCart on always #0 [cannotPay] → notStarted': "a change that leaves nothing to pay while a start waits for the cart; the checkout's path tests take it",
    'awaitingCart on always #1 [mayHavePayment] → cancellingBeforeRestart':
      "only after a cancel that failed (not causable here, see its event); walked by checkout.machine.test 'a cancel that did not get through…'",
    'awaitingCart on method.selected [isSelectedMethod] → notStarted': 'the method buttons show only the progress while a start waits',
    'started on session.updated #5 [paysForAnotherOrder] → cancelling':
      "another tab's change reaches this page through a poll; walked by payments.e2e 'cancels a running payment when another tab changes the order' instead",
    'notStarted on session.updated → (stays)':
      'the session is polled only while a payment runs; an answer reaches notStarted only when it was in flight as the payment stopped, a race no step causes',
    'selecting on always #2 → notStarted': 'the method buttons show only while the cart and Your info allow paying, so a selection always can pay',
    'switchingMethod on always #3 → notStarted': 'the method buttons show only while the cart and Your info allow paying, so a switch always can pay',
    'restarting on always #3 → notStarted': "'Try again' shows only while the cart and Your info allow paying, so a restart always can pay",
    'stopped on payment.start → restarting': "every button of a stopped payment sends payment.retry ('Try again', also in Swish's phone form)",
    'completed on method.selected → notStarted': 'the payment-complete screen has no method buttons',
    'started.card.charging on provider.notCharged #0 [payFailed] → started.card.unconfirmed.confirmationFailed':
      'a Pay whose confirmation fails goes from the form to the FAILED poll in one step (the card model walks it)',
    'started.card.charging on provider.notCharged #1 → started.card.unconfirmed': "a resumed card's intent read as not paid; the card model walks it",
    'started.card.unconfirmed.confirmationFailed on method.selected [isOtherMethod] → switchingMethod':
      "walked by payments.e2e 'offers the other methods at once after a declined card'",
    'cancellingBeforeSwitch on xstate.done.actor.cancelBeforeSwitch #0 [paymentEnded] → awaitingOutcome':
      'a switch whose cancel is answered 409 (the payment completed unseen); the checkout test takes it',
    'started.card.verifying on cart.changed → (stays)': 'the intent answers before a second change; the checkout test takes it',
    'started.card.verifying on customer.changed → (stays)': 'the intent answers before a second change; the checkout test takes it',
    'started.card.verifying on method.selected → (stays)': 'the intent answers before a second press; the checkout test takes it',
    'started.card.unconfirmed on session.updated [orderChangedUnderRunningPayment] → started.card.verifying':
      "another tab's change reaches this page through a poll; walked by payments.e2e 'cancels a running payment when another tab changes the order' instead",
    'started.card.verifying on session.updated [orderChangedUnderRunningPayment] → (stays)': 'a poll lands in the moment the intent is read only by chance; the checkout test takes it',
    'started.awaitingReceipt on method.selected → (stays)': 'while the receipt is awaited the payment section shows only its progress, no method buttons',
    'started.awaitingReceipt on cart.changed → (stays)':
      'the cart is empty after a payment and the cart page shows no product to add while the receipt is awaited; a cart change from the menu is the NOT_STARTED answer above',
  },
}
