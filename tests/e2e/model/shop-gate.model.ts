/**
 * The shop gate as a browser model (SPEC §2 "Shop gate", §4 "Shop load", §5 reference entry;
 * CONTRACT.md "Header", "Closed shop", "Reference entry", "Routes beyond the spec's table"):
 * the demo shops `cafe`, `closed`, `bar` (tables 1–50) and an unknown id, the shop answer and the
 * first session held while the loading screen is checked and let through one at a time, a shop
 * that answers 500 (`page.route`) until the automatic retries are used up, and the relays the
 * gate makes while the customer moves between the menu and the cart with a card payment running,
 * or comes back to a payment made elsewhere (a card paid through the API: the sandbox's other
 * device). Paying in front of the customer is the checkout's model (it sends the gate several
 * events in one go).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { shopGateMachine, type ShopGateContext } from '@machines/shop-gate/shop-gate.machine'
import type { ShopData } from '@/domain/types'
import { session } from '@tests/fixtures/session'
import { shopData } from '@tests/fixtures/shop'
import type { BrowserModel, Expectation, ModelStart, Via } from '@tests/harness/model'
import { INFO, MUG } from './payment-inputs'
import { all, causes, click, eventNotInBrowser, fill, held, platform, sample, sees, shows, user } from './causes'
import { infoField, methodButton, payCartByApi, putCart, REFERENCE, sessionUrl, shopAnswers500, shopAnswersAgain, shopUrl, toCart, toMenu } from './shop-steps'

const ctx = (s: AnyMachineSnapshot) => s.context as ShopGateContext
/** The shop answer and the first session of whichever shop is opened (`*` is one path segment). */
const ANY_SHOP = shopUrl('*')
const ANY_SESSION = sessionUrl('*')
const inState = (s: AnyMachineSnapshot, state: string) => s.matches(state)

const CAFE = 'cafe'
const RUNNING = 'cafe, a card payment running'
const PAID_ELSEWHERE = 'cafe, paid on another device'
const PAID_ON_CART = 'cafe cart, paid on another device'
const FAILING = 'cafe, the shop answers 500'
const NOT_A_SHOP = 'cafe, the shop answer is not a shop'

function input(shopId: string) {
  return { shopId, table: null, tabId: null, isMobile: false, customerValues: null }
}

/** Starts a card payment of the session's cart through the API (the customer's other tab). */
async function startCardByApi(page: import('playwright-core').Page): Promise<void> {
  const customerInfo = { ...INFO, phone: '', extraInfo: '', postalCode: '', address: '', city: '', isMobile: false }
  const res = await page.request.post('/api/v2/webshop/cafe/cart/startPayment', { data: { paymentMethodId: 'cafe-card', customerInfo } })
  if (!res.ok()) throw new Error(`startPayment: HTTP ${res.status()}`)
}

const starts: ModelStart[] = [
  {
    name: CAFE,
    input: input('cafe'),
    open: user('open /cafe with a mug in the cart (put through the API)', async ({ page }) => {
      await putCart(page, 'cafe', [MUG])
      await page.goto('/cafe')
    }),
  },
  {
    name: RUNNING,
    input: input('cafe'),
    open: user('start a card payment of a mug through the API (another tab), open /cafe', async ({ page }) => {
      await putCart(page, 'cafe', [MUG])
      await startCardByApi(page)
      await page.goto('/cafe')
    }),
  },
  {
    name: PAID_ELSEWHERE,
    input: input('cafe'),
    open: user('pay a mug by card through the API (another device), open /cafe', async ({ page }) => {
      await putCart(page, 'cafe', [MUG])
      await payCartByApi(page, 'cafe', 'cafe-card', INFO)
      await page.goto('/cafe')
    }),
  },
  {
    name: PAID_ON_CART,
    input: input('cafe'),
    open: user('pay a mug by card through the API (another device), open /cafe/cart', async ({ page }) => {
      await putCart(page, 'cafe', [MUG])
      await payCartByApi(page, 'cafe', 'cafe-card', INFO)
      await page.goto('/cafe/cart')
    }),
  },
  { name: 'unknown shop', input: input('nosuchshop'), open: user('open /nosuchshop', async ({ page }) => void (await page.goto('/nosuchshop'))) },
  { name: 'closed', input: input('closed'), open: user('open /closed', async ({ page }) => void (await page.goto('/closed'))) },
  { name: 'bar', input: input('bar'), open: user('open /bar (tables 1–50)', async ({ page }) => void (await page.goto('/bar'))) },
  {
    name: FAILING,
    input: input('cafe'),
    open: {
      ...user('platform (page.route): the shop answers 500 from now on; open /cafe', async ({ page }) => void (await page.goto('/cafe'))),
      arrange: ({ page }) => shopAnswers500(page, 'cafe'),
    },
  },
  {
    name: NOT_A_SHOP,
    input: input('cafe'),
    open: {
      ...user('platform (page.route): the shop answers 200 with a title that is a number; open /cafe', async ({ page }) => void (await page.goto('/cafe'))),
      arrange: async ({ page }) => {
        await page.route(shopUrl('cafe'), (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"shop":{"title":42}}' }))
      },
    },
  },
]

const startIs = (...names: string[]) => (_: AnyMachineSnapshot, start: ModelStart) => names.includes(start.name)
const open = (s: AnyMachineSnapshot) => inState(s, 'open')
/** With a payment resumed on opening, the customer acts only once the gate has heard of it. */
const acts = (s: AnyMachineSnapshot, start: ModelStart) => start.name === CAFE || (start.name === RUNNING && ctx(s).paymentRunning)

const shopAnswer = (shop: Partial<ShopData['shop']>) => ({ type: 'xstate.done.actor.loadShop', output: shopData({ shop: { ...shopData().shop, ...shop } }) })

/** The loading screen, and nothing of the shop yet. */
const loadingScreen = sees.status('Loading')

function openShows(s: AnyMachineSnapshot, via: Via): Expectation {
  const event = via.event as { type: string; receiptId?: string | null; resumed?: boolean } | null
  if (event?.type === 'payment.completed' && event.receiptId && (!event.resumed || ctx(s).onCartPage)) return sees.heading('Thank you')
  // A payment found completed on the cart page opens its receipt at once: the header is all both pages share.
  if (via.start.name === PAID_ON_CART) return sees.link('Cart')
  const cartLink = sees.link('Cart')
  const title = ctx(s).orderReference ? [sees.heading(` - ${ctx(s).orderReference}`)] : []
  // What the relayed event did on the cart page: the card form, its end, or a poll.
  const relayed =
    event?.type === 'payment.started' && ctx(s).onCartPage
      ? [sees.textbox('Card number')]
      : event?.type === 'payment.settled'
        ? [noCardForm]
        : event?.type === 'session.updated'
          ? [aPollAnswers]
          : []
  return ctx(s).onCartPage ? all(cartLink, sees.heading('Your cart'), ...title, ...relayed) : all(cartLink, sees.noHeading('Your cart'), ...title)
}

const noCardForm: Expectation = {
  words: "no textbox 'Card number'",
  check: ({ page }) => page.getByRole('textbox', { name: 'Card number', exact: true }).waitFor({ state: 'hidden', timeout: 10_000 }),
}

/** The next session poll answers (the gate relays it to the checkout). */
const aPollAnswers: Expectation = {
  words: 'a session poll answers',
  check: async ({ page }) => {
    await page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/v2/webshop/cafe/cart', { timeout: 10_000 })
  },
}

export const shopGateModel: BrowserModel = {
  name: 'shopGate',
  machine: shopGateMachine,
  // Traversed alone: the gate's session and checkout children are not run.
  contextKeys: ['sessionReady', 'loadFailures', 'onCartPage', 'paymentRunning', 'referenceInput', 'referenceError', 'orderReference'],
  starts,
  events: {
    'session.ready': causes(
      sample(
        { type: 'session.ready', orderReference: null, table: null, session: session(), units: 1 },
        // On the cart page the route tells the gate first, as the navigation starts.
        platform('the first session answers', (s, start) => !ctx(s).sessionReady && (start.name !== PAID_ON_CART || ctx(s).onCartPage), { releases: ANY_SESSION }),
      ),
    ),
    'session.cartChanged': causes(
      sample(
        { type: 'session.cartChanged', units: 2 },
        user("click 'Increase quantity' on the mug's line", ({ page }) => page.getByRole('button', { name: 'Increase quantity' }).click(), (s, start) => start.name === CAFE && open(s) && ctx(s).onCartPage && !ctx(s).paymentRunning),
      ),
    ),
    'session.updated': causes(
      sample(
        { type: 'session.updated', session: session({ paymentStatus: 'STARTED' }), units: 1 },
        platform('a poll answers: the card payment is still STARTED', (s) => open(s) && ctx(s).onCartPage && ctx(s).paymentRunning),
      ),
    ),
    // Causable, but not by this runner: the session's first load must give up (four failed GETs
    // over about 4 s) while the gate's loading state holds every session GET.
    // Sent around every cart push; the gate keeps it and tells the checkout.
    // Reported by the checkout inside the card Pay step (the card model walks Pay).
    'payment.charging': eventNotInBrowser("sent as Pay confirms a card; payments.e2e 'keeps a card confirmed with Pay from being cancelled' walks it"),
    'payment.chargingEnded': eventNotInBrowser("sent once the card being charged has an outcome; payments.e2e 'keeps a card confirmed with Pay from being cancelled' walks it"),
    'stock.reported': eventNotInBrowser("sent when the platform refuses a start as OUT_OF_STOCK; ordering.e2e 'caps every count by the stock the refusal reported' walks it"),
    'session.cartSynced': eventNotInBrowser("the gate only relays it: the checkout's paths take its effect, and payments.e2e 'starts a payment only for the cart the platform has' walks it"),
    'session.recovered': eventNotInBrowser(
      "walked by faults.e2e instead: 'resumes the running card payment once the session answers', 'keeps the platform's cart when the session cannot be loaded at first', and the two tests of 'the order reference when the session load gave up at first'",
    ),
    'cart.entered': causes(
      sample(
        { type: 'cart.entered' },
        user("click the header's cart link", ({ page }) => toCart(page), (s, start) => acts(s, start) && open(s) && !ctx(s).onCartPage),
      ),
      sample(
        { type: 'cart.entered' },
        platform('the route says the page is the cart (as the navigation starts)', (s, start) => start.name === PAID_ON_CART && !ctx(s).onCartPage && !ctx(s).sessionReady, {
          releases: null,
        }),
      ),
    ),
    'cart.left': causes(
      sample({ type: 'cart.left' }, user("click the header's link home", ({ page }) => toMenu(page), (s, start) => acts(s, start) && open(s) && ctx(s).onCartPage)),
    ),
    'xstate.done.actor.loadShop': causes(
      ...(
        [
          ['cafe', { active: true, requireReference: false }],
          ['closed', { active: false, requireReference: false }],
          ['bar', { active: true, requireReference: true }],
        ] as const
      ).map(([shopId, shop]) =>
        sample(
          shopAnswer(shop),
          platform(`the shop answers (${shopId})`, (s) => ctx(s).shopId === shopId && ctx(s).loadFailures === 0, {
            releases: ANY_SHOP,
            // Where the shop was made to fail, it answers again.
            arrange: async ({ page }) => shopAnswersAgain(page),
          }),
        ),
      ),
    ),
    'xstate.error.actor.loadShop': causes(
      sample(
        { type: 'xstate.error.actor.loadShop', error: { kind: 'notFound', status: 404 } },
        platform('answers 404 for an unknown shop', (s) => ctx(s).shopId === 'nosuchshop', { releases: ANY_SHOP }),
      ),
      sample(
        { type: 'xstate.error.actor.loadShop', error: { kind: 'server', status: 500 } },
        // After the first session: the retries hold only the shop answer.
        platform('(page.route) the shop answers 500', (s, start) => start.name === FAILING && ctx(s).sessionReady, { releases: ANY_SHOP }),
      ),
      sample(
        { type: 'xstate.error.actor.loadShop', error: { kind: 'badResponse', status: 200 } },
        platform('(page.route) the shop answer is not a shop', startIs(NOT_A_SHOP), { releases: ANY_SHOP }),
      ),
    ),
    retry: causes(sample({ type: 'retry' }, click('button', 'Try again'))),
    'xstate.after.loadRetry.shopGate.waitingToRetry': causes(
      sample({ type: 'xstate.after.loadRetry.shopGate.waitingToRetry' }, platform('retries after 1, 2, then 4 s', (s) => inState(s, 'waitingToRetry'))),
    ),
    'reference.changed': causes(
      ...['12', '99'].map((value) => sample({ type: 'reference.changed', value }, fill('Table number', value, (s) => ctx(s).referenceInput !== value))),
    ),
    'reference.submit': causes(sample({ type: 'reference.submit' }, click('button', 'Save'))),
    'xstate.done.actor.saveReference': causes(
      sample({ type: 'xstate.done.actor.saveReference', output: undefined }, platform('accepts table 12', (s) => ctx(s).referenceInput === '12', { releases: REFERENCE })),
    ),
    'xstate.error.actor.saveReference': causes(
      sample(
        { type: 'xstate.error.actor.saveReference', error: { kind: 'notFound', status: 404 } },
        platform('answers 404 for table 99', (s) => ctx(s).referenceInput === '99', { releases: REFERENCE }),
      ),
    ),
    'payment.started': causes(
      sample(
        { type: 'payment.started' },
        user(
          "type Name and Email, click 'Card' (the checkout starts a card payment)",
          async ({ page }) => {
            await infoField(page, 'Name').fill(INFO.name)
            await infoField(page, 'Email').fill(INFO.email)
            await methodButton(page, 'Card').click()
          },
          (s, start) => start.name === CAFE && open(s) && ctx(s).onCartPage && !ctx(s).paymentRunning,
        ),
      ),
      sample(
        { type: 'payment.started' },
        platform('the checkout resumes the card payment the session has (on the menu)', (s, start) => start.name === RUNNING && open(s) && !ctx(s).paymentRunning, {
          releases: null,
        }),
      ),
    ),
    'payment.settled': causes(
      sample(
        { type: 'payment.settled' },
        user("click 'Card' again (deselected, the payment is cancelled)", ({ page }) => methodButton(page, 'Card').click(), (s, start) => start.name === CAFE && open(s) && ctx(s).onCartPage && ctx(s).paymentRunning),
      ),
    ),
    'payment.completed': causes(
      sample(
        { type: 'payment.completed', receiptId: 'r1', resumed: true },
        platform('the checkout finds the payment completed', (s, start) => startIs(PAID_ELSEWHERE, PAID_ON_CART)(s, start) && open(s), { releases: null }),
      ),
    ),
  },
  states: {
    loading: held((s) => (ctx(s).sessionReady ? [ANY_SHOP] : [ANY_SHOP, ANY_SESSION]), loadingScreen, 'GET'),
    loadFailed: shows(all(sees.heading('The shop could not be loaded'), sees.button('Try again'))),
    waitingToRetry: shows(loadingScreen),
    awaitingSession: held(ANY_SESSION, loadingScreen, 'GET'),
    notFound: shows(sees.heading('Are you sure you entered the correct address?')),
    badAnswer: shows(all(sees.heading('Something went wrong'), sees.text('Please try again later'))),
    closed: shows(sees.heading('Closed')),
    'needsReference.editing': shows((s) =>
      all(
        sees.textbox('Table number'),
        sees.button('Save', { disabled: false }),
        ...(ctx(s).referenceError === 'notFound' ? [sees.text('Table number not found')] : ctx(s).referenceError === 'emptyInput' ? [sees.text('You must enter a table number')] : []),
      ),
    ),
    'needsReference.saving': held(REFERENCE, sees.button('Save', { disabled: true })),
    open: shows(openShows),
  },
  transitionsNotInBrowser: {
    '(root) on session.cartChanged → (stays)': 'the cart changes only in an open shop (menu or cart page)',
    '(root) on session.updated → (stays)': 'the session is polled only while the open shop has a payment running',
    'needsReference on session.ready → deciding': 'the session reports ready once, and the gate decides it needs a reference only after that',
    // In the open shop its own handlers (which also tell the checkout) take these moves.
    '(root) on cart.entered #0 [isPaymentRunning] → (stays)':
      "a payment runs only once the shop is open; the gate leaves open with one running only when a late session answer drops a required reference (session.recovered, walked by faults.e2e), and that screen has no cart link",
    '(root) on cart.left → (stays)':
      "the route sends it as the first navigation to a page other than the cart starts, with the gate loading and onCartPage already false (before this model's starts act); later, outside the open shop, the header has no cart link to leave from",
  },
}
