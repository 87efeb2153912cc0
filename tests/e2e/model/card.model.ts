/**
 * The card step as a browser model (SPEC §2 "Card", §4 "Card"; CONTRACT.md "Test mode", `Pay`):
 * the simulated card provider and the sandbox's test cards, one start per card typed
 * (4242 pays, 4000 0025 0000 3155 needs a second confirmation, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 fails without a message, 4000 0084 0000 1629 is declined after its second
 * confirmation). The simulated provider decides in the browser (CONTRACT.md). Confirmations are held while 'Processing payment…' is checked; the session
 * poll is held once the card answered, so the checkout does not move on under the check (how
 * the payment ends is the checkout's, checkout.model.ts). A reload resumes the payment: the
 * card's intent is read first (held while 'Processing payment…' is checked): before Pay it
 * shows the form again, after a Pay whose platform notification was lost (404) the success
 * message, and when the intent cannot be read (500) the form. payments.e2e.test.ts 'resumes a
 * card payment after a reload…' walks the same with the cart's lock and cancelPayment.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import type { PaymentError } from '@machines/shared/payment-types'
import type { BrowserModel, ModelStart, RunContext } from '@tests/harness/model'
import { cafeOpenWords, cafeProvider, openCafeCart } from './payment-inputs'
import { all, causes, click, eventNotInBrowser, held, platform, routeAnswer, sample, sees, shows, stateNotInBrowser, user } from './causes'
import { CARD_INTENT, CARDS, CONFIRM, methodButton, payWithCard, sessionUrl } from './shop-steps'

const SESSION = sessionUrl('cafe')

/** One start per test card: the card is typed as the page opens, Pay is the model's step. */
function startWith(name: keyof typeof CARDS): ModelStart {
  return {
    name,
    input: cafeProvider({ methodType: 'STRIPE', stripeAccountId: 'acct_demo_cafe' }),
    open: user(`${cafeOpenWords}, click 'Card', type ${CARDS[name]} in Card number`, async (run) => {
      await openCafeCart(run)
      await methodButton(run.page, 'Card').click()
      await run.page.getByRole('textbox', { name: 'Card number', exact: true }).fill(CARDS[name])
    }),
  }
}

/** Starts that reload the cart page in the middle of the card payment (a resumed payment). */
const RELOADED_BEFORE_PAY = 'reloaded before Pay'
const RELOADED_AFTER_PAY = 'reloaded after Pay, the platform not told'
const RELOADED_UNREADABLE = 'reloaded before Pay, the intent unreadable'

/** A card payment started, then the page reloaded; `beforeReload` runs on the first page (after 'Card'). */
function reloaded(name: string, words: string, beforeReload: (run: RunContext) => Promise<void> = async () => {}): ModelStart {
  return {
    name,
    input: cafeProvider({ methodType: 'STRIPE', stripeAccountId: 'acct_demo_cafe', resumed: true }),
    open: user(`${cafeOpenWords}, click 'Card', ${words}reload`, async (run) => {
      await openCafeCart(run)
      await methodButton(run.page, 'Card').click()
      await run.page.getByRole('textbox', { name: 'Card number', exact: true }).waitFor({ timeout: 10_000 })
      await beforeReload(run)
      await run.page.reload()
    }),
  }
}

const card = (name: keyof typeof CARDS) => (_: AnyMachineSnapshot, start: ModelStart) => start.name === name
const startedAs = (name: string) => (_: AnyMachineSnapshot, start: ModelStart) => start.name === name
const again = (s: AnyMachineSnapshot) => s.matches('confirmingAgain')
const ev = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

function failedText(s: AnyMachineSnapshot): string {
  const error = (s.context as { error: PaymentError | null }).error
  return error?.message ? `An error occurred, please try again: ${error.message}` : 'An unknown error occurred, please try again'
}

export const cardModel: BrowserModel = {
  name: 'cardPayment',
  machine: cardPaymentMachine,
  // Traversed alone: no checkout to tell that the card is being charged.
  actions: { reportCharging: () => {}, reportNotCharged: () => {} },
  contextKeys: ['error'],
  starts: [
    startWith('paid'),
    startWith('needsAction'),
    startWith('authThenDecline'),
    startWith('declined'),
    startWith('unknownError'),
    reloaded(RELOADED_BEFORE_PAY, ''),
    reloaded(RELOADED_UNREADABLE, ''),
    // The platform never hears of the charge (its notification 404s), so the session stays STARTED.
    reloaded(RELOADED_AFTER_PAY, `(the platform's card notification answers 404) type ${CARDS.paid} in Card number, click 'Pay', `, async (run) => {
      await run.page.route(CONFIRM, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }))
      await payWithCard(run.page, CARDS.paid)
      await run.page.getByText('Payment successful, creating your receipt…').first().waitFor({ timeout: 10_000 })
    }),
  ],
  events: {
    // After a reload the card number is empty: Pay is the typed-card starts' step.
    'card.verify': eventNotInBrowser(
      "the checkout asks it on a cart change before it cancels, and the cancel then removes the card form; the checkout model walks it as 'started.card.verifying'",
    ),
    'xstate.done.actor.verifyCardIntent': eventNotInBrowser("answers 'card.verify'; the checkout model walks it (provider.notCharged)"),
    'xstate.error.actor.verifyCardIntent': eventNotInBrowser("answers 'card.verify'; the checkout test takes it (an unreadable intent cancels as before)"),
    'card.submit': causes(sample(ev('card.submit'), click('button', 'Pay', (_, start) => !(start.input as { resumed: boolean }).resumed))),
    'xstate.done.actor.retrieveCardIntent': causes(
      sample(
        ev('xstate.done.actor.retrieveCardIntent', { output: { status: 'requires_payment_method' } }),
        platform('reads the card intent: not paid', startedAs(RELOADED_BEFORE_PAY), { releases: CARD_INTENT }),
      ),
      sample(
        ev('xstate.done.actor.retrieveCardIntent', { output: { status: 'succeeded' } }),
        platform('reads the card intent: paid', startedAs(RELOADED_AFTER_PAY), { releases: CARD_INTENT }),
      ),
    ),
    'xstate.error.actor.retrieveCardIntent': causes(
      sample(
        ev('xstate.error.actor.retrieveCardIntent', { error: new Error('Simulated server error') }),
        routeAnswer(CARD_INTENT, { status: 500, json: { message: 'Simulated server error' } }, 'cannot read the card intent (500)', startedAs(RELOADED_UNREADABLE)),
      ),
    ),
    'xstate.done.actor.confirmCardPayment': causes(
      sample(ev('xstate.done.actor.confirmCardPayment', { output: { status: 'succeeded' } }), platform('confirms the card', card('paid'), { releases: CONFIRM })),
      sample(
        ev('xstate.done.actor.confirmCardPayment', { output: { status: 'requires_action' } }),
        platform('asks for a second confirmation (3-D Secure)', (s, start) => card('needsAction')(s, start) || card('authThenDecline')(s, start), { releases: CONFIRM }),
      ),
      sample(
        ev('xstate.done.actor.confirmCardPayment', { output: { status: 'failed', message: 'Your card was declined.' } }),
        platform('declines the card', card('declined'), { releases: CONFIRM }),
      ),
      sample(
        ev('xstate.done.actor.confirmCardPayment', { output: { status: 'failed', message: null } }),
        platform('fails without a message', card('unknownError'), { releases: CONFIRM }),
      ),
    ),
    'xstate.error.actor.confirmCardPayment': eventNotInBrowser(
      'the confirmer answers every refusal as a failed result; it rejects only without a mounted card form, and Pay is disabled until the form is ready',
    ),
    'xstate.done.actor.confirmCardPaymentAgain': causes(
      sample(ev('xstate.done.actor.confirmCardPaymentAgain', { output: { status: 'succeeded' } }), platform('confirms the card the second time', (s, start) => again(s) && card('needsAction')(s, start))),
      sample(
        ev('xstate.done.actor.confirmCardPaymentAgain', { output: { status: 'failed', message: 'Your card was declined.' } }),
        platform('declines the card after the second confirmation', (s, start) => again(s) && card('authThenDecline')(s, start)),
      ),
    ),
    'xstate.error.actor.confirmCardPaymentAgain': eventNotInBrowser('the confirmer answers every refusal as a failed result and never rejects once the card form is mounted'),
  },
  states: {
    checking: held(CARD_INTENT, sees.status('Processing payment…'), 'GET'),
    verifying: stateNotInBrowser("reached only through 'card.verify' (see above); the checkout model checks Pay disabled meanwhile"),
    ready: shows(all(sees.text('Test mode'), sees.textbox('Card number'), sees.button('Pay'))),
    confirming: held(CONFIRM, sees.status('Processing payment…')),
    confirmingAgain: held(CONFIRM, sees.status('Processing payment…')),
    failed: held(SESSION, (s) => all(sees.alert(failedText(s)), sees.button('Pay')), 'GET'),
    succeeded: held(SESSION, sees.status('Payment successful, creating your receipt…'), 'GET'),
  },
}
