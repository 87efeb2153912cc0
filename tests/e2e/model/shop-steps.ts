/**
 * What a customer (and the test, standing in for the platform) does in a demo shop, shared by
 * the browser models of the shop gate, session, checkout and payment providers: request globs
 * for held states and page.route answers, a cart put through the sandbox's API with the
 * page's own cookies, the cart page with Your info filled in, Viva's checkout sent to the
 * sandbox's simulated page, a card payment made outside the page, and a platform that is slow
 * to make a receipt. Only Playwright's types are imported (`npm run flows` reads the tables).
 */
import type { Page, Response, Route } from 'playwright-core'

/** The shop answer (SPEC §7 `GET /api/v2/webshop/{shop}`). */
export const shopUrl = (shopId: string) => `**/api/v2/webshop/${shopId}`
/** The session answer and cart push of a shop without table or tab (`GET`/`PUT …/cart`). */
export const sessionUrl = (shopId: string) => `**/api/v2/webshop/${shopId}/cart`
export const START = '**/api/v2/webshop/*/cart/startPayment'
export const CANCEL = '**/api/v2/webshop/*/cart/cancelPayment'
export const CONFIRM = '**/sandbox/card/confirm'
/** The simulated card provider's record of an intent (GET: `retrievePaymentIntent` after a reload). */
export const CARD_INTENT = '**/sandbox/card/intent*'
export const REFERENCE = '**/api/v2/webshop/*/reference'

/** How long a step waits for the page (ms), as the checks do. */
export const STEP_TIMEOUT_MS = 10_000

/** Test cards of the simulated card provider (sandbox README "Outcomes"). */
export const CARDS = {
  paid: '4242 4242 4242 4242',
  needsAction: '4000 0025 0000 3155',
  authThenDecline: '4000 0084 0000 1629',
  declined: '4000 0000 0000 0002',
  unknownError: '4000 0000 0000 9995',
} as const

/** Swish phone numbers and what the sandbox does with them (desktop). */
export const PHONES = {
  paid: '0701234567',
  declined: '0700000001',
  cancelled: '0700000002',
  error: '0700000003',
  refused: '0700000004',
} as const

export interface CartLine {
  productId: string
  count: number
  deviations?: string[]
}

/**
 * Puts `lines` in the shop's session with the page's cookies (the first GET makes the session),
 * as another tab of the same customer would.
 * @throws Error when the sandbox refuses
 */
export async function putCart(page: Page, shopId: string, lines: CartLine[]): Promise<void> {
  const get = await page.request.get(`/api/v2/webshop/${shopId}/cart`)
  if (!get.ok()) throw new Error(`GET ${shopId}/cart: HTTP ${get.status()}`)
  const cart = lines.map((line, i) => ({ id: `model-${i + 1}`, productId: line.productId, count: line.count, deviations: line.deviations ?? [], description: '' }))
  const put = await page.request.put(`/api/v2/webshop/${shopId}/cart`, { data: { cart, tabItems: [] } })
  if (!put.ok()) throw new Error(`PUT ${shopId}/cart: HTTP ${put.status()} ${await put.text()}`)
}

/** The textbox of Your info labelled `name` (the required mark is hidden from the name). */
export const infoField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })

/**
 * Opens `/{shopId}/cart` with `lines` in the cart and types `info` into Your info (label → value).
 * Waits for the cart heading only: whether methods show is the model's to check.
 */
export async function openCart(page: Page, shopId: string, lines: CartLine[], info: Record<string, string>): Promise<void> {
  await putCart(page, shopId, lines)
  await page.goto(`/${shopId}/cart`)
  await page.getByRole('heading', { name: 'Your cart' }).waitFor({ timeout: STEP_TIMEOUT_MS })
  for (const [label, value] of Object.entries(info)) await infoField(page, label).fill(value)
}

/** Clicks a payment method's button ('Swish', 'Card', 'Viva Wallet'). */
export function methodButton(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true })
}

/** Sends the live Viva redirect to the sandbox's simulated checkout page. */
export async function routeVivaToSandbox(page: Page, baseUrl: string): Promise<void> {
  await page.route('https://www.vivapayments.com/**', async (route) => {
    const target = new URL('/sandbox/viva/checkout', baseUrl)
    target.search = new URL(route.request().url()).search
    await route.fulfill({ status: 302, headers: { location: target.href } })
  })
}

/** Blocks the next redirect to Viva's checkout, as a browser that refuses it would: the page stays on the cart. */
export async function blockNextVivaRedirect(page: Page): Promise<void> {
  await page.route('https://www.vivapayments.com/**', (route) => route.abort('aborted'), { times: 1 })
}

/** The card form: types the card number and presses Pay (once the element is ready). */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number', exact: true }).fill(card)
  await page.getByRole('button', { name: 'Pay', exact: true }).click({ timeout: STEP_TIMEOUT_MS })
}

/**
 * Pays the session's cart with the test card 4242 through the API, outside the page (another
 * device of the same customer): the session is COMPLETED with a receipt afterwards.
 * @throws Error when the sandbox answers otherwise
 */
export async function payCartByApi(page: Page, shopId: string, methodId: string, info: { name: string; email: string }): Promise<void> {
  const customerInfo = { ...info, phone: '', extraInfo: '', postalCode: '', address: '', city: '', isMobile: false }
  const start = await page.request.post(`/api/v2/webshop/${shopId}/cart/startPayment`, { data: { paymentMethodId: methodId, customerInfo } })
  if (!start.ok()) throw new Error(`startPayment: HTTP ${start.status()} ${await start.text()}`)
  const { paymentId } = (await start.json()) as { paymentId: string }
  // The simulated card provider's webhook for a test card that succeeded.
  const confirm = await page.request.post('/sandbox/card/confirm', { data: { clientSecret: paymentId, status: 'succeeded' } })
  if (!confirm.ok()) throw new Error(`card confirm: HTTP ${confirm.status()}`)
  const session = (await (await page.request.get(`/api/v2/webshop/${shopId}/cart`)).json()) as { paymentStatus?: string }
  if (session.paymentStatus !== 'COMPLETED') throw new Error(`payCartByApi: the session is ${session.paymentStatus}`)
}

type SessionAnswer = Record<string, unknown>

/** The changes made to a page's session GET answers, per shop, in the order they were asked for. */
const answerChanges = new WeakMap<Page, Map<string, Array<(answer: SessionAnswer) => SessionAnswer>>>()

/**
 * Changes the session's GET answers of `shopId` on `page`: one route fetches the platform's
 * answer and applies every change asked for so far in turn, so they compose (a receipt withheld
 * and a later answer patched) and the platform is asked once per request.
 */
async function changeSessionAnswers(page: Page, shopId: string, change: (answer: SessionAnswer) => SessionAnswer): Promise<void> {
  const shops = answerChanges.get(page) ?? new Map<string, Array<(answer: SessionAnswer) => SessionAnswer>>()
  answerChanges.set(page, shops)
  const changes = shops.get(shopId)
  if (changes) return void changes.push(change)
  const list = [change]
  shops.set(shopId, list)
  await page.route(sessionUrl(shopId), async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    const response = await route.fetch()
    const answer = list.reduce((changed, next) => next(changed), (await response.json()) as SessionAnswer)
    return route.fulfill({ response, json: answer })
  })
}

/**
 * Answers the session's next GET (the next one whose answer `when` accepts) with that answer
 * changed by `patch`: a platform answer the sandbox does not give.
 */
export async function patchNextSession(page: Page, shopId: string, patch: SessionAnswer, when: (answer: SessionAnswer) => boolean = () => true): Promise<void> {
  let patched = false
  await changeSessionAnswers(page, shopId, (answer) => {
    if (patched || !when(answer)) return answer
    patched = true
    return { ...answer, ...patch }
  })
}

/** Whether a page's COMPLETED session answers lose their receipt id (the platform has not made it yet). */
const receiptWithheld = new WeakMap<Page, { withheld: boolean }>()

/**
 * A platform slow to make receipts: every COMPLETED session answer of `shopId` comes without
 * its `receiptId` until {@link makeReceipt}.
 */
export async function withholdReceipts(page: Page, shopId: string): Promise<void> {
  const state = receiptWithheld.get(page)
  if (state) return void (state.withheld = true)
  const withheld = { withheld: true }
  receiptWithheld.set(page, withheld)
  await changeSessionAnswers(page, shopId, (answer) => (withheld.withheld && answer.paymentStatus === 'COMPLETED' ? { ...answer, receiptId: null } : answer))
}

/** The platform has made the receipt: from now on session answers carry its id (until withheld again). */
export function makeReceipt(page: Page): void {
  const state = receiptWithheld.get(page)
  if (state) state.withheld = false
}

/** Leaves the cart for the menu by the header's link home. */
export async function toMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link').first().click()
  await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: STEP_TIMEOUT_MS })
}

/** Goes to the cart by the header's cart link. */
export async function toCart(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: /cart/i }).click()
  await page.getByRole('heading', { name: 'Your cart' }).waitFor({ timeout: STEP_TIMEOUT_MS })
}

/** On the menu: opens the product `title`, presses Add, and waits for the dialog to close. */
export async function addFromMenu(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^\\s*${title}`) }).first().click({ timeout: STEP_TIMEOUT_MS })
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS })
}

/**
 * Lets the sandbox count one poll, the reload's own load, from a payment start's answer until
 * the page is ready again after a reload (the sandbox decides a payment by its polls: a phone's
 * Swish pays on the 3rd). Call it before the start; the returned function reloads the page and
 * waits for `ready`. Polls before the reload are held (the reload cancels them); polls after
 * the reload's load get a copy of its answer. Every later read goes to the platform.
 */
export async function reloadCountingOnePoll(page: Page, shopId: string): Promise<(ready: () => Promise<void>) => Promise<void>> {
  let mode: 'pass' | 'hold' | 'once' | 'copy' = 'pass'
  let keep: (answer: { status: number; headers: Record<string, string>; body: Buffer }) => void = () => {}
  const kept = new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve) => (keep = resolve))
  // The start's answer reaches this listener before the page can send the poll that follows it.
  const onResponse = (response: Response) => {
    if (mode === 'pass' && response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(`/webshop/${shopId}/cart/startPayment`)) mode = 'hold'
  }
  page.on('response', onResponse)
  await page.route(sessionUrl(shopId), async (route) => {
    if (route.request().method() !== 'GET' || mode === 'pass') return route.fallback()
    if (mode === 'hold') return new Promise<never>(() => {})
    if (mode === 'copy') return route.fulfill(await kept)
    mode = 'copy'
    const response = await route.fetch()
    const answer = { status: response.status(), headers: { 'content-type': response.headers()['content-type'] ?? 'application/json' }, body: await response.body() }
    keep(answer)
    await route.fulfill(answer)
  })
  return async (ready) => {
    page.off('response', onResponse)
    mode = 'once'
    await page.reload()
    await ready()
    mode = 'pass'
  }
}

/** Whether the shop answer of a page is made to fail (500) right now. */
const shopFailing = new WeakMap<Page, { on: boolean }>()

/** The shop answers 500 to every request from now on, until {@link shopAnswersAgain}. */
export async function shopAnswers500(page: Page, shopId: string): Promise<void> {
  const state = shopFailing.get(page) ?? { on: true }
  shopFailing.set(page, state)
  await page.route(shopUrl(shopId), (route) =>
    state.on ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"name":"Simulated server error"}' }) : route.fallback(),
  )
}

/** The shop answers as the sandbox does again (its next request). */
export function shopAnswersAgain(page: Page): void {
  const state = shopFailing.get(page) ?? { on: false }
  state.on = false
  shopFailing.set(page, state)
}

/** Any shop's session request, with or without `?table=` / `?tabId=` (GET, and PUT for the cart). */
export const ANY_SESSION = /\/api\/v2\/webshop\/[^/?]+\/cart(\?.*)?$/

/**
 * Whether a page's session GETs and cart PUTs are made to fail right now: 500, or for `puts`
 * also 400 (the platform refuses the cart, SPEC §8 `{name}`).
 */
const sessionFailing = new WeakMap<Page, { gets: boolean; puts: boolean | 400 }>()

/**
 * Switches for the session's answers of this page, off at first: a route installed before
 * any request is held, so a held request that goes on meets the switch as it stands then.
 */
export async function sessionSwitches(page: Page): Promise<void> {
  const state = sessionFailing.get(page) ?? { gets: false, puts: false }
  sessionFailing.set(page, state)
  await page.route(ANY_SESSION, (route) => {
    const method = route.request().method()
    if (method === 'PUT' && state.puts === 400) {
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ name: CART_REFUSAL, errorCode: 'ARTICLE_NOT_FOUND' }) })
    }
    const fail = (method === 'GET' && state.gets) || (method === 'PUT' && state.puts)
    return fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"name":"Simulated server error"}' }) : route.fallback()
  })
}

/** The words of the 400 a refused cart gets (`sessionFails(page, 'puts', 400)`). */
export const CART_REFUSAL = 'Article mug not found'

/** From now on the session GETs (`gets`) or cart PUTs (`puts`) answer 500 (or 400), or again as the sandbox does. */
export function sessionFails(page: Page, which: 'gets' | 'puts', on: boolean | 400): void {
  const state = sessionFailing.get(page) ?? { gets: false, puts: false }
  if (which === 'gets') state.gets = on === true
  else state.puts = on
  sessionFailing.set(page, state)
}
