/**
 * The company card payment page as a browser model (SPEC §2 "Card payment page", §4 "Company
 * card payment page", §8 "Payments", §9; CONTRACT.md `Pay`, Swedish `Betala`). The page is
 * Swedish whatever the visitor's language; the suite's browser is English, so every text of
 * ours carries its English gloss ('Betala (Pay)'), which the checks look for. Each path that
 * pays opens its own open payment (`pi_company_demo-{new}`, sandbox/owner.ts), as a confirmation
 * changes the sandbox's intent for good; the simulated card provider's test card 4242 pays, and
 * the sandbox completes the intent on the poll after the confirmation. A refused card takes no
 * transition a paying path does not (its refusal is the same snapshot transition to
 * `paying.idle` as the form): owner-payment.e2e.test.ts checks the refusals' texts. Other
 * starts: `pi_company_paid` (already completed), an id the sandbox does not know (404), a
 * payment the card provider has as paid but the platform does not (a reload after Pay: never
 * completed), and, made with page.route, a payment without a client secret (the error page), a
 * cancelled payment, a failed poll (500) and a poll answering ERROR after the card went through
 * (Try again then finds it completed). The page polls every 5 s: only the paths that pay wait
 * for it (one poll per answer to a poll).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { companyCardPaymentMachine } from '@machines/company-card-payment/company-card-payment.machine'
import { companyCardPaymentSamples, completedIntent, openIntent } from '@machines/company-card-payment/company-card-payment.samples'
import type { BrowserModel, Expectation, ModelStart, RunContext } from '@tests/harness/model'
import { all, causes, click, eventNotInBrowser, held, open, platform, routeAnswer, sample, sees, shows, user } from './causes'
import { CARD_INTENT, CARDS, CONFIRM } from './shop-steps'

const PAYMENT = '**/api/v1/company/cafe/payments/**'
const PAY = 'Betala (Pay)'
const TRY_AGAIN = 'Försök igen (Try again)'

const PAYS = 'pays with 4242 4242 4242 4242'
const PAID_UNTOLD = 'paid at the card provider, the platform not told'
const ALREADY_PAID = 'an already completed payment'
const UNKNOWN = 'an unknown payment'
const NO_SECRET = 'a payment without a client secret'
const CANCELLED = 'a cancelled payment'
const RECEIPT_FAILED = 'Receipt could not be created'

/** A new open payment of 1 250,00 kr of company cafe, its own for this page (sandbox/owner.ts). */
const freshId = () => `pi_company_demo-model-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

/** Opens a fresh open payment; `before` runs first with its id (e.g. to record it paid at the card provider). */
function openFresh(name: string, words: string, before: (run: RunContext, id: string) => Promise<void> = async () => {}): ModelStart {
  return {
    name,
    input: { companyId: 'cafe', paymentIntentId: 'pi_company_demo-{new}' },
    open: user(`open /company/cafe/payment/pi_company_demo-{new}${words}`, async (run) => {
      const id = freshId()
      await before(run, id)
      await run.page.goto(`/company/cafe/payment/${id}`)
    }),
  }
}

/**
 * Pay went through at the card provider and the page was reloaded before the platform heard of
 * it: the provider's record says succeeded, the platform's intent stays open.
 */
async function recordPaidAtProvider({ page }: RunContext, id: string): Promise<void> {
  const made = await page.request.get(`/api/v1/company/cafe/payments/${id}`)
  if (!made.ok()) throw new Error(`GET payment ${id}: HTTP ${made.status()}`)
  const recorded = await page.request.post('/sandbox/card/intent', { data: { clientSecret: `${id}_secret_sandbox`, status: 'succeeded' } })
  if (recorded.status() !== 204) throw new Error(`POST /sandbox/card/intent: HTTP ${recorded.status()}`)
}

const startedAs =
  (...names: string[]) =>
  (_: AnyMachineSnapshot, start: ModelStart) =>
    names.includes(start.name)
const at = (value: Parameters<AnyMachineSnapshot['matches']>[0]) => (s: AnyMachineSnapshot) => s.matches(value)
const both =
  (a: (s: AnyMachineSnapshot, start: ModelStart) => boolean, b: (s: AnyMachineSnapshot, start: ModelStart) => boolean) =>
  (s: AnyMachineSnapshot, start: ModelStart) =>
    a(s, start) && b(s, start)

const ev = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })

/** The card payment's snapshot sample of the path tests in this state of the card. */
function cardSnapshot(value: string) {
  const found = companyCardPaymentSamples['xstate.snapshot.cardPayment'].find((e) => e.snapshot.value === value)
  if (!found) throw new Error(`companyCardPayment model: no card snapshot sample '${value}'`)
  return found
}

/** The platform's answer for a payment without a client secret (SPEC §3 "Payment intent response"). */
const noSecretAnswer = {
  paymentIntent: { status: 'NOT_STARTED', paymentData: { clientSecret: null, stripeAccountId: null, pendingPaymentMethod: { amount: 125000, currency: 'sek' }, error: null } },
}

/** The platform's answer for a payment it has cancelled. */
const cancelledAnswer = {
  paymentIntent: { status: 'CANCELLED', paymentData: { clientSecret: 'pi_model_cancelled_secret_sandbox', stripeAccountId: 'acct_demo_cafe', pendingPaymentMethod: { amount: 125000, currency: 'sek' }, error: null } },
}

/** The platform's answer when it could not finish a payment the card paid (its receipt failed). */
const endedAnswer = {
  paymentIntent: { status: 'ERROR', paymentData: { clientSecret: null, stripeAccountId: null, pendingPaymentMethod: { amount: 125000, currency: 'sek' }, error: { message: RECEIPT_FAILED } } },
}

/** The first load (no intent yet), not a Try again after `stopped`. */
const firstLoad = (s: AnyMachineSnapshot) => s.matches('loading') && (s.context as { intent: unknown }).intent === null
/** A Try again after the platform ended the intent with an error. */
const reloadAfterError = (s: AnyMachineSnapshot) => s.matches('loading') && (s.context as { intent: { status: string } | null }).intent?.status === 'ERROR'

/** Types the test card in the card form (Swedish: `Kortnummer`) and clicks Pay. */
function pay(card: keyof typeof CARDS, start: string) {
  return user(
    `type ${CARDS[card]} in Kortnummer, click '${PAY}'`,
    async ({ page }) => {
      await page.getByLabel('Kortnummer', { exact: true }).fill(CARDS[card])
      await page.getByRole('button', { name: PAY, exact: true }).click()
    },
    both(at({ paying: 'idle' }), startedAs(start)),
  )
}

/** No Pay button: the card form is gone. */
const noPay: Expectation = {
  words: `no button '${PAY}'`,
  check: ({ page }) => page.getByRole('button', { name: PAY, exact: true }).waitFor({ timeout: 10_000, state: 'hidden' }),
}


export const companyCardPaymentModel: BrowserModel = {
  name: 'companyCardPayment',
  machine: companyCardPaymentMachine,
  contextKeys: ['error'],
  starts: [
    openFresh(PAYS, ''),
    openFresh(PAID_UNTOLD, ' (its card intent recorded succeeded at the card provider first)', recordPaidAtProvider),
    { name: ALREADY_PAID, input: { companyId: 'cafe', paymentIntentId: 'pi_company_paid' }, open: open('/company/cafe/payment/pi_company_paid') },
    { name: UNKNOWN, input: { companyId: 'cafe', paymentIntentId: 'pi_model_unknown' }, open: open('/company/cafe/payment/pi_model_unknown') },
    { name: NO_SECRET, input: { companyId: 'cafe', paymentIntentId: 'pi_model_nosecret' }, open: open('/company/cafe/payment/pi_model_nosecret') },
    { name: CANCELLED, input: { companyId: 'cafe', paymentIntentId: 'pi_model_cancelled' }, open: open('/company/cafe/payment/pi_model_cancelled') },
  ],
  events: {
    'xstate.done.actor.fetchPaymentIntent': causes(
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: openIntent }),
        platform('answers the open payment (1 250,00 kr)', both(firstLoad, startedAs(PAYS, PAID_UNTOLD)), { releases: PAYMENT }),
      ),
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: openIntent }),
        platform('answers the payment still open (it never heard of the card)', both(at({ polling: 'fetching' }), startedAs(PAID_UNTOLD)), { releases: PAYMENT }),
      ),
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: completedIntent }),
        platform('answers the payment completed', (s, start) => (firstLoad(s) && start.name === ALREADY_PAID) || (reloadAfterError(s) && start.name === PAYS), { releases: PAYMENT }),
      ),
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: completedIntent }),
        platform('completes the payment on the poll after the card went through', both(at({ polling: 'fetching' }), startedAs(PAYS)), { releases: PAYMENT }),
      ),
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: { ...openIntent, clientSecret: null } }),
        routeAnswer(PAYMENT, { status: 200, json: noSecretAnswer }, 'answers a payment without a client secret', both(at('loading'), startedAs(NO_SECRET))),
      ),
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: { ...openIntent, status: 'CANCELLED' } }),
        routeAnswer(PAYMENT, { status: 200, json: cancelledAnswer }, 'answers the payment cancelled', both(at('loading'), startedAs(CANCELLED))),
      ),
      sample(
        ev('xstate.done.actor.fetchPaymentIntent', { output: { ...openIntent, status: 'ERROR', errorMessage: RECEIPT_FAILED } }),
        routeAnswer(PAYMENT, { status: 200, json: endedAnswer }, `ends the paid payment with ERROR '${RECEIPT_FAILED}'`, both(at({ polling: 'fetching' }), startedAs(PAYS))),
      ),
    ),
    'xstate.error.actor.fetchPaymentIntent': causes(
      sample(
        ev('xstate.error.actor.fetchPaymentIntent', { error: { kind: 'notFound', status: 404 } }),
        platform('does not know the payment (404)', both(at('loading'), startedAs(UNKNOWN)), { releases: PAYMENT }),
      ),
      sample(
        ev('xstate.error.actor.fetchPaymentIntent', { error: { kind: 'server', status: 500 } }),
        routeAnswer(PAYMENT, { status: 500, json: { name: 'Internal error' } }, 'the poll fails (500)', both(at({ polling: 'fetching' }), startedAs(PAID_UNTOLD))),
      ),
    ),
    retry: causes(sample(ev('retry'), click('button', TRY_AGAIN))),
    'card.submit': eventNotInBrowser(
      "Pay's click only forwards Pay to the card: the card's 'confirming' snapshot is that click's step (xstate.snapshot.cardPayment, 'type … click Betala (Pay)')",
    ),
    'provider.charging': eventNotInBrowser(
      'the card sends it by itself as it starts or confirms, for a parent that could cancel the payment; this page takes it without a target or an action, so no step can show it',
    ),
    'provider.notCharged': eventNotInBrowser(
      'the card sends it by itself after reading an unpaid intent or a refusal, for a parent that could cancel the payment; this page takes it without a target or an action, so no step can show it',
    ),
    'xstate.snapshot.cardPayment': causes(
      sample(cardSnapshot('checking'), platform('the card starts by reading its intent', at({ paying: 'checking' }), { releases: null })),
      sample(cardSnapshot('ready'), platform('the card provider has the intent unpaid: the form', both(at({ paying: 'checking' }), startedAs(PAYS)), { releases: CARD_INTENT })),
      sample(cardSnapshot('succeeded'), platform('the card provider has the intent paid: success at once', both(at({ paying: 'checking' }), startedAs(PAID_UNTOLD)), { releases: CARD_INTENT })),
      sample(cardSnapshot('confirming'), pay('paid', PAYS)),
      sample(cardSnapshot('succeeded'), platform('the card provider confirms the card', both(at({ paying: 'confirming' }), startedAs(PAYS)), { releases: CONFIRM })),
    ),
    'xstate.after.pollInterval.companyCardPayment.polling.waiting': causes(
      sample(ev('xstate.after.pollInterval.companyCardPayment.polling.waiting'), platform('5 s pass: the page asks the platform again', at({ polling: 'waiting' }), { releases: null })),
    ),
  },
  states: {
    loading: held(PAYMENT, all(sees.heading('Card payment'), sees.status('Loading')), 'GET'),
    loadFailed: shows(all(sees.alert('Failed to fetch payment intent'), sees.button(TRY_AGAIN))),
    stopped: shows((s) =>
      all(
        sees.alert((s.context as { intent: { status: string } | null }).intent?.status === 'CANCELLED' ? 'Payment was cancelled' : RECEIPT_FAILED),
        sees.button(TRY_AGAIN),
        noPay,
      ),
    ),
    'paying.checking': held(CARD_INTENT, all(sees.heading('Card payment'), sees.status('Loading')), 'GET'),
    'paying.idle': shows(all(sees.text('Test mode'), sees.field('Kortnummer'), sees.button(PAY, { disabled: false }), sees.no('alert'))),
    'paying.confirming': held(CONFIRM, all(sees.status('Processing payment…'), sees.button(PAY, { disabled: true }))),
    'polling.waiting': shows(all(sees.status('Payment successful, completing it…'), noPay)),
    'polling.fetching': held(PAYMENT, sees.status('Payment successful, completing it…'), 'GET'),
    completed: shows(all(sees.heading('Payment completed'), sees.text('Thank you! You can close this page.'))),
  },
  transitionsNotInBrowser: {
    'paying on card.submit → (stays)':
      "Pay's click: it only forwards Pay to the card, and the card's 'confirming' snapshot follows at once; the model takes that snapshot as the click's step (xstate.snapshot.cardPayment, 'type … click Betala (Pay)')",
  },
}
