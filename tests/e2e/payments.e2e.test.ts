/**
 * Every payment method in the browser against the sandbox (issue 3 "Payment methods"; SPEC §2
 * "Payment method sections", §4 "Payment states", §8 "Payments"; CONTRACT.md "Payment"): the
 * simulated card provider with each test card, the Viva Wallet checkout with approve / decline /
 * cancel, every Swish outcome, one startPayment for a double click, deselecting a method, a
 * language change with a card number typed in, Your info typed while a payment is cancelled for
 * another method, a cart change during a payment and a reload in the middle of one. Outcomes are
 * the sandbox's (sandbox/README.md "Outcomes"); requests are counted through `/sandbox/requests`.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { expectNoPageErrors, requestsSince, trackPageErrors, useBrowser } from './support/browser'
import { cafeApi as api, cartReadyToPay, expectReceipt as receiptOpened, methodButton, PAYMENT_TIMEOUT, payWithCard as payWith, routeVivaToSandbox as routeViva, sandboxCalls } from './support/cafe-checkout'

const b = useBrowser()

beforeEach(async () => {
  // Stock, sessions and the request log start clean for each payment.
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

const calls = (since: number, method: string, path: string) => sandboxCalls(b.baseUrl, since, method, path)

const startPayments = (since: number) => calls(since, 'POST', api('/cart/startPayment'))
const cancelPayments = (since: number) => calls(since, 'POST', api('/cart/cancelPayment'))

async function selectMethod(page: Page, name: 'Swish' | 'Card' | 'Viva Wallet'): Promise<void> {
  const button = methodButton(page, name)
  await button.click()
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true')
}

/** Desktop Swish with `phone` typed in; returns the Start payment button. */
async function swishWithPhone(page: Page, phone: string): Promise<Locator> {
  await cartReadyToPay(page)
  await selectMethod(page, 'Swish')
  await page.getByRole('textbox', { name: /phone number/i }).fill(phone)
  return page.getByRole('button', { name: /start payment/i })
}

/**
 * Lets `page`'s first `pass` session reads (GET …/cafe/cart) through and holds the rest until
 * the returned function is called (never, for a tab that is closed).
 */
async function holdSessionPolls(page: Page, pass: number): Promise<() => void> {
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  let seen = 0
  await page.route(
    (url) => url.pathname === api('/cart'),
    async (route) => {
      if (route.request().method() === 'GET' && ++seen > pass) await released
      await route.fallback()
    },
  )
  return release
}

const swishWaiting = (page: Page) => page.getByText(/open the swish app and approve the payment/i)

/** The alert whose text matches `text`. */
function alert(page: Page, text: RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text })
}

/** The receipt opened, with the Latte on it. */
async function expectReceipt(page: Page, timeout = PAYMENT_TIMEOUT): Promise<void> {
  await receiptOpened(page, timeout)
  await page.getByText('Latte').first().waitFor()
}

/** Card selected: the payment starts at once and the simulated card element shows. */
async function cardStarted(page: Page): Promise<Locator> {
  await cartReadyToPay(page)
  await selectMethod(page, 'Card')
  const number = page.getByLabel(/card number/i)
  await number.waitFor({ timeout: 10_000 })
  return number
}

const routeVivaToSandbox = (page: Page) => routeViva(page, b.baseUrl)

/** Viva selected on a ready cart: the browser lands on the simulated checkout page. */
async function onVivaCheckout(page: Page): Promise<{ ref: string; asked: URL[] }> {
  const asked = await routeVivaToSandbox(page)
  await cartReadyToPay(page)
  await methodButton(page, 'Viva Wallet').click()
  await page.waitForURL(/\/sandbox\/viva\/checkout\?/, { timeout: 10_000 })
  const ref = new URL(page.url()).searchParams.get('ref') ?? ''
  expect(ref).not.toBe('')
  return { ref, asked }
}

describe('card (simulated Stripe)', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`pays with 4242 in test mode and opens the receipt (${viewport})`, async () => {
      const page = await b.page({ viewport })
      const since = Date.now()
      await cardStarted(page)
      await page.getByText(/^test mode$/i).waitFor()
      await payWith(page, '4242 4242 4242 4242')
      await expectReceipt(page)
      expect(await startPayments(since)).toHaveLength(1)
    })
  }

  it('confirms a card that requires action a second time and pays', async () => {
    const page = await b.page()
    const confirms: string[] = []
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/sandbox/card/confirm') confirms.push(req.postData() ?? '')
    })
    await cardStarted(page)
    await payWith(page, '4000 0025 0000 3155')
    await expectReceipt(page)
    // requires_action on the first confirmation, succeeded on the second.
    expect(confirms).toHaveLength(2)
  })

  it('shows a declined card, then pays with another after Try again', async () => {
    const page = await b.page()
    const since = Date.now()
    await cardStarted(page)
    await payWith(page, '4000 0000 0000 0002')
    await alert(page, /an error occurred, please try again: your card was declined\./i).first().waitFor({ timeout: 10_000 })
    expect(page.url()).toMatch(/\/cafe\/cart/)
    // Nothing was charged: the cart takes changes again.
    expect(await page.getByRole('button', { name: /increase quantity/i }).first().isEnabled()).toBe(true)

    // The next poll sees the session FAILED: the checkout stops and offers the restart, which
    // cancels the declined intent and starts a new one.
    const retry = Date.now()
    await page.getByRole('button', { name: /try again/i }).click({ timeout: 5_000 })
    await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
    const restart = (await requestsSince(b.baseUrl, retry)).filter((r) => r.method === 'POST' && /\/cart\/(startPayment|cancelPayment)$/.test(r.path))
    expect(restart.map((r) => r.path.split('/').pop())).toEqual(['cancelPayment', 'startPayment'])
    await payWith(page, '4242 4242 4242 4242')
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(2)
  })

  it('shows a declined card on a phone where the customer looks, though Pay was at the bottom edge', async () => {
    const page = await b.page({ viewport: 'phone' })
    // The platform has not heard of the decline yet (a late webhook): only the card tells it.
    await page.route('**/sandbox/card/confirm', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    await cardStarted(page)
    await page.getByLabel(/card number/i).fill('4000 0000 0000 0002')
    const pay = page.getByRole('button', { name: /^pay$/i })
    await expect.poll(() => pay.isEnabled(), { timeout: 5_000 }).toBe(true)
    // Scrolled just far enough to see Pay at the bottom of the screen.
    await pay.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 8))
    // A finger's tap: focus stays on Pay, so nothing else scrolls the page.
    await pay.tap()
    const declined = alert(page, /your card was declined/i).first()
    await declined.waitFor({ timeout: 10_000 })
    await expect
      .poll(() => declined.evaluate((element) => {
        const box = element.getBoundingClientRect()
        return box.top >= 0 && box.bottom <= window.innerHeight
      }))
      .toBe(true)
  })

  it('starts a second order with no method chosen: one press on Card shows its form (SPEC §2 "clears the payment state")', async () => {
    const page = await b.page()
    await cardStarted(page)
    await payWith(page, '4242 4242 4242 4242')
    await expectReceipt(page)
    // The next round: Your info is remembered, the Latte added again.
    await page.getByRole('link', { name: /back to the menu/i }).first().click()
    await page.getByRole('button', { name: /^\s*Latte\b/i }).first().click({ timeout: 15_000 })
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: /cart/i }).first().click()
    const card = methodButton(page, 'Card')
    await card.waitFor({ timeout: 10_000 })
    expect(await card.getAttribute('aria-pressed')).toBe('false')
    await card.click()
    await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
  })

  it("keeps a declined card's words in Swedish once the platform's FAILED (in English) arrives", async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/cafe')
    await page.getByRole('button', { name: /^\s*Latte\b/i }).first().click({ timeout: 15_000 })
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /^\s*lägg till\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: /varukorg/i }).first().click()
    await page.getByRole('textbox', { name: /^namn\b/i }).fill('Anna Svensson')
    const email = page.getByRole('textbox', { name: /^e-post\b/i })
    await email.fill('anna@example.se')
    await email.blur()
    await page.getByRole('button', { name: /^kort$/i }).click()
    await page.getByLabel(/kortnummer/i).fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: /^betala\b/i }).click()
    await alert(page, /ditt kort nekades\./i).first().waitFor({ timeout: 10_000 })
    // The next poll's FAILED stops the checkout ('Försök igen'); the sandbox's message is English.
    await page.getByRole('button', { name: /^försök igen$/i }).waitFor({ timeout: 10_000 })
    expect(await alert(page, /ditt kort nekades\./i).count()).toBeGreaterThan(0)
    expect(await page.getByText(/your card was declined/i).count()).toBe(0)
  })

  it('offers the other methods at once after a declined card: Swish cancels the card payment, starts and pays', async () => {
    // The platform has not heard of the decline (its notification 404s, as a late webhook): the
    // session stays STARTED, so only the card's own failure can free the other methods (SPEC §4).
    const page = await b.page()
    await page.route('**/sandbox/card/confirm', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    await cardStarted(page)
    await payWith(page, '4000 0000 0000 0002')
    await alert(page, /an error occurred, please try again: your card was declined\./i).first().waitFor({ timeout: 10_000 })
    const swish = methodButton(page, 'Swish')
    expect(await swish.isEnabled()).toBe(true)
    expect(await methodButton(page, 'Viva Wallet').isEnabled()).toBe(true)

    const since = Date.now()
    await swish.click()
    await expect.poll(() => swish.getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
    await page.getByRole('button', { name: /start payment/i }).click()
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    await expectReceipt(page)
    const sent = (await requestsSince(b.baseUrl, since)).filter((r) => r.method === 'POST' && /\/cart\/(startPayment|cancelPayment)$/.test(r.path))
    expect(sent.map((r) => r.path.split('/').pop())).toEqual(['cancelPayment', 'startPayment'])
  })

  it('keeps what is typed in Your info while the declined card payment is cancelled for another method', async () => {
    const page = await b.page()
    await page.route('**/sandbox/card/confirm', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    // The cancel waits until the name is typed: a slow network, as a phone's.
    let cancelAsked = false
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/cart/cancelPayment', async (route) => {
      cancelAsked = true
      await released
      await route.fallback()
    })
    await cardStarted(page)
    await payWith(page, '4000 0000 0000 0002')
    await alert(page, /an error occurred, please try again: your card was declined\./i).first().waitFor({ timeout: 10_000 })
    const swish = methodButton(page, 'Swish')
    await swish.click()
    await expect.poll(() => cancelAsked).toBe(true)
    const name = page.getByRole('textbox', { name: /^name\b/i })
    await name.fill('Anna Karlsson')
    expect(await name.inputValue()).toBe('Anna Karlsson')
    release()
    await page.getByRole('textbox', { name: /phone number/i }).waitFor({ timeout: 10_000 })
    expect(await swish.getAttribute('aria-pressed')).toBe('true')
    expect(await name.inputValue()).toBe('Anna Karlsson')
  })

  it('decides in the browser: with the sandbox notification answering 404, 4242 still shows the success message', async () => {
    // A platform without the sandbox's endpoint (CONTRACT.md "Build and serve"): the notification is ignored.
    const page = await b.page()
    const notified: string[] = []
    await page.route('**/sandbox/card/confirm', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      notified.push(route.request().postData() ?? '')
      return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Not Found' }) })
    })
    await cardStarted(page)
    await payWith(page, '4242 4242 4242 4242')
    // SPEC §4 "Card": success shows a success message; the sandbox never heard, so no receipt follows.
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    expect(await alert(page, /an (unknown )?error occurred/i).count()).toBe(0)
    // The outcome, as a webhook would say it; the card number never leaves the page.
    expect(notified.map((body) => JSON.parse(body) as unknown)).toEqual([expect.objectContaining({ status: 'succeeded', message: null })])
    expect(notified.join()).not.toContain('4242')
  })

  it("finds the card charged after a reload on a platform without the sandbox's card endpoints: no second Pay", async () => {
    // Any other server (CONTRACT.md "Build and serve"): the intent record and the notification answer 404.
    const page = await b.page()
    await page.route('**/sandbox/card/**', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }))
    await cardStarted(page)
    await payWith(page, '4242 4242 4242 4242')
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    await page.reload()
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    expect(await page.getByRole('button', { name: /^pay\b/i }).count()).toBe(0)
  })

  it('keeps a card confirmed with Pay from being cancelled: the cart and Your info lock until the outcome', async () => {
    // The platform never hears of the charge here, so the page stays between Pay and the receipt.
    const page = await b.page()
    await page.route('**/sandbox/card/confirm', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    await cardStarted(page)
    const since = Date.now()
    await payWith(page, '4242 4242 4242 4242')
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    // SPEC §4 Card: success, then creating the receipt. A change now would cancel a charged card.
    expect(await page.getByRole('button', { name: /increase quantity/i }).first().isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: /^edit$/i }).first().isDisabled()).toBe(true)
    expect(await page.getByRole('textbox', { name: /email/i }).isDisabled()).toBe(true)
    const card = methodButton(page, 'Card')
    if (await card.isEnabled()) await card.click()
    await page.waitForTimeout(1_500)
    expect(await cancelPayments(since)).toHaveLength(0)
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor()
    // The session itself holds the cart: a control that forgot the lock changes nothing.
    const puts = async () => (await requestsSince(b.baseUrl, since)).filter((r) => r.method === 'PUT' && r.path === api('/cart'))
    await page.locator('fieldset:disabled').evaluate((fieldset: HTMLFieldSetElement) => (fieldset.disabled = false))
    await page.getByRole('button', { name: /increase quantity/i }).first().click()
    await page.waitForTimeout(500)
    expect(await puts()).toHaveLength(0)
    expect(await cancelPayments(since)).toHaveLength(0)
    // Nor can the menu change the order: Add waits, saying why.
    await page.getByRole('banner').getByRole('link').first().click()
    await page.getByRole('button', { name: /^espresso\b/i }).first().click()
    const dialog = page.getByRole('dialog', { name: /espresso/i })
    await dialog.getByText(/your card payment is being completed/i).waitFor({ timeout: 10_000 })
    expect(await dialog.getByRole('button', { name: /^add\b/i }).isDisabled()).toBe(true)
  })

  it('makes the card form read-only while Pay confirms the card and once it is charged', async () => {
    const page = await b.page()
    // The platform never hears of the charge, so the page stays between Pay and the receipt; the
    // provider's record waits for the test, so the confirmation lasts (at most the 2 s bound).
    await page.route('**/sandbox/card/confirm', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    let release = () => {}
    const recording = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/sandbox/card/intent', async (route) => {
      if (route.request().method() === 'POST') await recording
      await route.fallback()
    })
    const number = await cardStarted(page)
    const fields = [number, page.getByLabel(/expiry date/i), page.getByLabel(/^cvc$/i)]
    for (const field of fields) expect(await field.isEnabled()).toBe(true)
    await payWith(page, '4242 4242 4242 4242')
    await page.getByText(/processing payment/i).first().waitFor({ timeout: 5_000 })
    for (const field of fields) expect(await field.isDisabled()).toBe(true)
    // A card being confirmed is a payment in flight: the other methods wait for its outcome.
    expect(await methodButton(page, 'Swish').isDisabled()).toBe(true)
    release()
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    for (const field of fields) expect(await field.isDisabled()).toBe(true)
    expect(await number.inputValue()).toBe('4242 4242 4242 4242')
  })

  it('resumes a card payment after a reload as confirmed when Pay had gone through: success, the cart locked, nothing cancelled', async () => {
    // The platform never hears of the charge (its notification 404s): only the card's intent knows.
    const page = await b.page()
    await page.route('**/sandbox/card/confirm', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }) : route.fallback(),
    )
    await cardStarted(page)
    await payWith(page, '4242 4242 4242 4242')
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    const since = Date.now()
    await page.reload()
    // SPEC §4 Card: the intent says it succeeded, so the page is where Pay left it.
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    expect(await page.getByRole('button', { name: /^pay$/i }).count()).toBe(0)
    const increase = page.getByRole('button', { name: /increase quantity/i }).first()
    await expect.poll(() => increase.isDisabled(), { timeout: 5_000 }).toBe(true)
    // A change attempt (the lock forced open) neither changes the order nor cancels the card.
    await page.locator('fieldset:disabled').first().evaluate((fieldset: HTMLFieldSetElement) => (fieldset.disabled = false))
    await increase.click({ force: true })
    await page.waitForTimeout(1_500)
    expect(await cancelPayments(since)).toHaveLength(0)
    expect(await calls(since, 'PUT', api('/cart'))).toHaveLength(0)
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor()
  })

  it('says why the cart is locked in a second tab opened after Pay, where Your info is empty', async () => {
    const page = await b.page()
    await cardStarted(page)
    // Pay went through at the card provider; the platform has not heard of it yet (no webhook).
    const url = (path: string) => new URL(path, b.baseUrl).href
    const { paymentId } = (await (await page.request.get(url(api('/cart')))).json()) as { paymentId: string }
    const recorded = await page.request.post(url('/sandbox/card/intent'), { data: { clientSecret: paymentId, status: 'succeeded' } })
    expect(recorded.status()).toBe(204)
    // A second tab of the same browser: same session, but its Your info starts empty.
    const second = await page.context().newPage()
    trackPageErrors(second)
    await second.goto('/cafe/cart')
    const why = second.getByRole('status').filter({ hasText: /your card payment is being completed\. you can change your order once it is done\./i })
    await why.waitFor({ timeout: 10_000 })
    expect(await second.getByRole('textbox', { name: /^email\b/i }).inputValue()).toBe('')
    expect(await second.getByRole('heading', { name: /choose payment method/i }).count()).toBe(0)
    expect(await second.getByRole('button', { name: /increase quantity/i }).first().isDisabled()).toBe(true)
    expect(await second.getByRole('textbox', { name: /^email\b/i }).isDisabled()).toBe(true)
    expectNoPageErrors(second)
  })

  it('resumes a card payment reloaded before Pay with the form and Pay, as before', async () => {
    const page = await b.page()
    await cardStarted(page)
    const since = Date.now()
    await page.reload()
    await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
    const pay = page.getByRole('button', { name: /^pay$/i })
    await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true)
    expect(await page.getByText(/payment successful, creating your receipt/i).count()).toBe(0)
    // The unpaid intent is no charge: a change cancels the payment as SPEC §4 says.
    await expect.poll(() => page.getByRole('button', { name: /increase quantity/i }).first().isEnabled(), { timeout: 5_000 }).toBe(true)
    await page.getByRole('button', { name: /increase quantity/i }).first().click()
    await expect.poll(async () => (await cancelPayments(since)).length, { timeout: 10_000 }).toBe(1)
  })

  it('keeps a card another tab paid from being cancelled by a change here: success, the cart locked', async () => {
    const page = await b.page()
    await cardStarted(page)
    // Another tab of the same cart paid with Pay: Stripe's intent says so, the platform not yet.
    const url = (path: string) => new URL(path, b.baseUrl).href
    const { paymentId } = (await (await page.request.get(url(api('/cart')))).json()) as { paymentId: string }
    expect((await page.request.post(url('/sandbox/card/intent'), { data: { clientSecret: paymentId, status: 'succeeded' } })).ok()).toBe(true)
    const since = Date.now()
    // This tab still shows Pay; a change reads the intent before it would cancel (SPEC §4 Card).
    await page.getByRole('button', { name: /increase quantity/i }).first().click()
    await page.getByText(/payment successful, creating your receipt/i).first().waitFor({ timeout: 10_000 })
    await expect.poll(() => page.getByRole('button', { name: /increase quantity/i }).first().isDisabled(), { timeout: 5_000 }).toBe(true)
    expect(await page.getByRole('button', { name: /^pay$/i }).count()).toBe(0)
    await page.waitForTimeout(1_500)
    expect(await cancelPayments(since)).toHaveLength(0)
  })

  it('cancels a running payment when another tab changes the order (SPEC §4), and offers paying for the new one', async () => {
    const page = await b.page()
    await cardStarted(page)
    const since = Date.now()
    // Another tab of the same browser adds an Espresso: the platform's cart changes under this page.
    const url = (path: string) => new URL(api(path), b.baseUrl).href
    const { cart } = (await (await page.request.get(url('/cart'))).json()) as { cart: { id: string; productId: string; count: number; deviations: string[]; description: string }[] }
    const other = { id: 'other-tab', productId: 'espresso', count: 1, deviations: [], description: '' }
    expect((await page.request.put(url('/cart'), { data: { cart: [...cart, other], tabItems: [] } })).status()).toBe(204)
    // The next poll brings it: the card payment for the old order is cancelled, once.
    await page.getByRole('heading', { name: /choose payment method/i }).waitFor({ timeout: 10_000 })
    await page.getByLabel(/card number/i).waitFor({ state: 'detached' })
    await page.getByText('Espresso').first().waitFor()
    expect(await cancelPayments(since)).toHaveLength(1)
  })

  it('starts a payment only for the cart the platform has: a start waits for the change on its way', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    // The cart's PUT takes 1.5 s to arrive (a slow network).
    await page.route(`**${api('/cart')}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback()
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      return route.fallback()
    })
    const since = Date.now()
    await page.getByRole('button', { name: /increase quantity/i }).first().click()
    await methodButton(page, 'Card').click()
    await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
    // The sandbox saw the two Lattes before the start: the intent is for the cart on screen.
    const order = (await requestsSince(b.baseUrl, since)).filter((r) => (r.method === 'PUT' && r.path === api('/cart')) || r.path === api('/cart/startPayment'))
    expect(order.map((r) => r.method)).toEqual(['PUT', 'POST'])
  })

  it('keeps the typed card number when the language changes, and the element speaks the new language', async () => {
    const page = await b.page()
    const number = await cardStarted(page)
    await number.fill('4242 4242 4242 4242')
    const language = page.getByRole('combobox', { name: 'Language' })
    await language.selectOption('sv')
    await page.locator('html[lang="sv"]').waitFor()
    const kortnummer = page.getByLabel('Kortnummer', { exact: true })
    await kortnummer.waitFor({ timeout: 5_000 })
    expect(await kortnummer.inputValue()).toBe('4242 4242 4242 4242')
    expect(await page.getByLabel(/card number/i).count()).toBe(0)
    await page.getByRole('combobox', { name: 'Språk' }).selectOption('fi')
    const finnish = page.getByLabel('Kortin numero', { exact: true })
    await finnish.waitFor({ timeout: 5_000 })
    expect(await finnish.inputValue()).toBe('4242 4242 4242 4242')
    await page.getByRole('combobox', { name: 'Kieli' }).selectOption('en')
    await page.locator('html[lang="en"]').waitFor()
    await page.getByLabel('Card number', { exact: true }).waitFor({ timeout: 5_000 })
    expect(await number.inputValue()).toBe('4242 4242 4242 4242')
    // The kept number is the one paid with: 4242 succeeds, where an empty card would be refused.
    const pay = page.getByRole('button', { name: /^pay$/i })
    await expect.poll(() => pay.isEnabled(), { timeout: 5_000 }).toBe(true)
    await pay.click()
    await expectReceipt(page)
  })

  it('keeps a started card payment when Update changes nothing (SPEC §4: only a change cancels)', async () => {
    const page = await b.page()
    const number = await cardStarted(page)
    await number.fill('4242')
    const since = Date.now()
    await page.getByRole('button', { name: /^edit$/i }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /^update\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForTimeout(1_000)
    expect(await cancelPayments(since)).toHaveLength(0)
    expect(await page.getByLabel(/card number/i).inputValue()).toBe('4242')
  })

  it('shows the unknown-error text for a card failing without a message', async () => {
    const page = await b.page()
    await cardStarted(page)
    await payWith(page, '4000 0000 0000 9995')
    await alert(page, /an unknown error occurred, please try again/i).first().waitFor({ timeout: 10_000 })
    expect(await alert(page, /an error occurred, please try again:/i).count()).toBe(0)
  })
})

describe('Viva Wallet (simulated checkout)', () => {
  it('redirects with ref and colour, and after Approve opens the receipt from the cart (desktop)', async () => {
    const page = await b.page()
    const since = Date.now()
    const { ref, asked } = await onVivaCheckout(page)
    const first = asked[0]
    expect(first?.searchParams.get('ref')).toBe(ref)
    // The cafe's primary colour #1f6f50, without the '#'.
    expect(first?.searchParams.get('color')?.toLowerCase()).toBe('1f6f50')
    expect(await startPayments(since)).toHaveLength(1)

    await page.getByRole('button', { name: /approve/i }).click()
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(1)
  })

  it('opens the receipt once: the cart opened again later stays, with a link to it', async () => {
    const page = await b.page()
    await onVivaCheckout(page)
    await page.getByRole('button', { name: /approve/i }).click()
    await expectReceipt(page)
    const receipt = new URL(page.url()).pathname
    // The platform still reports the payment COMPLETED; this browser has opened its receipt.
    await page.goto('/cafe/cart')
    const link = page.getByRole('link', { name: /view receipt/i })
    await link.waitFor({ timeout: 10_000 })
    await page.waitForTimeout(1_500)
    expect(new URL(page.url()).pathname).toBe('/cafe/cart')
    expect(new URL((await link.getAttribute('href')) ?? '', page.url()).pathname).toBe(receipt)
  })

  it("keeps the customer's language over Viva's lang=en-GB on the way back (CONTRACT \"Language\")", async () => {
    const page = await b.page()
    await onVivaCheckout(page)
    // The customer had chosen Svenska (the switcher keeps it in this origin's storage).
    await page.evaluate(() => localStorage.setItem('storefront.locale', 'sv'))
    await page.getByRole('button', { name: /approve/i }).click()
    await page.getByRole('heading', { level: 1, name: /^tack$/i }).waitFor({ timeout: PAYMENT_TIMEOUT })
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('storefront.locale')])).toEqual(['sv', 'sv'])
  })

  it('approves on a phone too', async () => {
    const page = await b.page({ viewport: 'phone' })
    await onVivaCheckout(page)
    await page.getByRole('button', { name: /approve/i }).click()
    await expectReceipt(page)
  })

  it('offers Open checkout while the payment waits on a desktop', async () => {
    const page = await b.page()
    await routeVivaToSandbox(page)
    await cartReadyToPay(page)
    // Hold the first redirect so the waiting step stays on screen.
    let held = true
    await page.route('https://www.vivapayments.com/**', async (route) => {
      if (held) {
        held = false
        return route.abort('aborted')
      }
      return route.fallback()
    })
    await methodButton(page, 'Viva Wallet').click()
    await page.getByText(/redirecting to viva wallet…/i).waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: /open checkout/i }).click()
    await page.waitForURL(/\/sandbox\/viva\/checkout\?/, { timeout: 10_000 })
    await page.getByRole('button', { name: /approve/i }).waitFor()
  })

  it('shows a declined payment when the customer comes back, and restarts it', async () => {
    const page = await b.page()
    const since = Date.now()
    await onVivaCheckout(page)
    await page.getByRole('button', { name: /decline/i }).click()
    await page.waitForURL(/\/cafe\/cart/, { timeout: 10_000 })
    await alert(page, /an error occurred, please try again: declined/i).first().waitFor({ timeout: 10_000 })

    await page.getByRole('button', { name: /try again/i }).click()
    await page.waitForURL(/\/sandbox\/viva\/checkout\?/, { timeout: 10_000 })
    await page.getByRole('button', { name: /approve/i }).click()
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(2)
  })

  it('says the payment was cancelled when the customer cancels at the checkout', async () => {
    const page = await b.page()
    await onVivaCheckout(page)
    await page.getByRole('button', { name: /cancel/i }).click()
    await page.waitForURL(/\/cafe\/cart/, { timeout: 10_000 })
    await alert(page, /payment was cancelled/i).first().waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: /try again/i }).waitFor()
  })
})

describe('a payment start answered after the customer left the cart page', () => {
  it('opens no Viva checkout over the menu; back on the cart, Open checkout takes it up (phone)', async () => {
    const page = await b.page({ viewport: 'phone' })
    const since = Date.now()
    await routeVivaToSandbox(page)
    await cartReadyToPay(page)
    // The platform starts the payment at once; only its answer is slow to come back.
    let release: () => void = () => undefined
    const answerHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/cart/startPayment', async (route) => {
      const response = await route.fetch()
      await answerHeld
      await route.fulfill({ response })
    })
    await methodButton(page, 'Viva Wallet').click()
    // The header's home link: a navigation inside the app, as a customer leaves the cart.
    await page.locator('header a[href="/cafe"]').click()
    await page.waitForURL((url) => url.pathname === '/cafe')
    await expect.poll(() => startPayments(since)).toHaveLength(1)
    const answered = page.waitForResponse('**/cart/startPayment')
    release()
    await answered
    // The answer has arrived: the menu stays, the checkout is not opened over it.
    await page.waitForTimeout(2_000)
    expect(new URL(page.url()).pathname).toBe('/cafe')
    await page.goBack()
    await page.getByRole('button', { name: /open checkout/i }).click()
    await page.waitForURL(/\/sandbox\/viva\/checkout\?/, { timeout: 10_000 })
    await page.getByRole('button', { name: /approve/i }).click()
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(1)
  })
})

describe('a payment completed away from the cart page', () => {
  it('a Swish payment completed while the customer was on the menu: the receipt opens, and only the new line is the next order', async () => {
    const page = await b.page()
    const since = Date.now()
    await (await swishWithPhone(page, '0701234567')).click()
    await swishWaiting(page).first().waitFor({ timeout: 10_000 })
    // To the menu: polling stops (CONTRACT "Routes beyond the spec's table").
    await page.getByRole('banner').getByRole('link').first().click()
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 10_000 })
    // Approved in the Swish app meanwhile (each read of the session moves the sandbox's payment on).
    const url = new URL(api('/cart'), b.baseUrl).href
    await expect.poll(async () => ((await (await page.request.get(url)).json()) as { paymentStatus: string | null }).paymentStatus, { timeout: 15_000 }).toBe('COMPLETED')
    // An Espresso for a new order: the page reads the session before its push.
    await page.getByRole('button', { name: /^espresso\b/i }).first().click()
    await page.getByRole('dialog', { name: /espresso/i }).getByRole('button', { name: /^add\b/i }).click()
    await expectReceipt(page)
    await expect.poll(async () => ((await (await page.request.get(url)).json()) as { cart: { productId: string }[] }).cart.map((l) => l.productId)).toEqual(['espresso'])
    expect(await startPayments(since)).toHaveLength(1)
  })
})

describe('Swish on a phone: back through the callback link', () => {
  it("keeps Your info in the tab the Swish app's callback opens, so the payment shows there", async () => {
    const page = await b.page({ viewport: 'phone' })
    const deepLinks: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith('swish:')) deepLinks.push(request.url())
    })
    await cartReadyToPay(page)
    // The sandbox completes a phone's Swish payment on its third poll. Only the callback tab may
    // count towards it, or on a slow machine the payment completes before that tab is read: the
    // tab that opened the Swish app has left view, and its polls are held.
    await holdSessionPolls(page, 0)
    await selectMethod(page, 'Swish')
    await expect.poll(() => deepLinks.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const callback = new URL(deepLinks[0] ?? '').searchParams.get('callbackurl') ?? ''
    expect(new URL(callback).pathname).toBe('/cafe/cart')
    // The phone opens the callback in a new tab of the same browser: its own tab storage is empty.
    const back = await page.context().newPage()
    await page.close()
    const releasePolls = await holdSessionPolls(back, 1)
    await back.goto(callback)
    await expect.poll(() => back.getByRole('textbox', { name: /^name\b/i }).inputValue(), { timeout: 10_000 }).toBe('Anna Svensson')
    expect(await back.getByRole('textbox', { name: /^email\b/i }).inputValue()).toBe('anna@example.se')
    await back.getByRole('heading', { name: /choose payment method/i }).waitFor({ timeout: 10_000 })
    releasePolls()
    await expectReceipt(back)
  })
})

describe('Swish outcomes (desktop)', () => {
  it('says the payment was cancelled and pays after a restart with another number', async () => {
    const page = await b.page()
    const since = Date.now()
    const start = await swishWithPhone(page, '0700000002')
    await start.click()
    await alert(page, /payment was cancelled/i).first().waitFor({ timeout: PAYMENT_TIMEOUT })
    await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
    await page.getByRole('button', { name: /try again/i }).click()
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(2)
  })

  it('shows the error message from Swish and pays after a restart', async () => {
    const page = await b.page()
    const start = await swishWithPhone(page, '0700000003')
    await start.click()
    await alert(page, /an error occurred, please try again: swish did not answer/i).first().waitFor({ timeout: PAYMENT_TIMEOUT })
    await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
    await page.getByRole('button', { name: /try again/i }).click()
    await expectReceipt(page)
  })

  it('says the number is not connected to Swish', async () => {
    const page = await b.page()
    const since = Date.now()
    const start = await swishWithPhone(page, '0700000004')
    await start.click()
    await alert(page, /an error occurred, please try again: the number is not connected to swish/i).first().waitFor({ timeout: 10_000 })
    expect(await startPayments(since)).toHaveLength(1)
    // No payment was started, so nothing is polled.
    const after = Date.now()
    await page.waitForTimeout(1_500)
    expect(await calls(after, 'GET', api('/cart'))).toHaveLength(0)
  })

  it('asks for a phone number before starting', async () => {
    const page = await b.page()
    const since = Date.now()
    const start = await swishWithPhone(page, '')
    await start.click()
    await page.getByText(/you must enter a phone number/i).first().waitFor()
    expect(await startPayments(since)).toHaveLength(0)
  })
})

describe('payment controls', () => {
  it('sends exactly one startPayment for a double click on Start payment', async () => {
    const page = await b.page()
    const start = await swishWithPhone(page, '0701234567')
    const since = Date.now()
    await start.dblclick()
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(1)
  })

  it('deselects the selected method on a second click and stops polling', async () => {
    const page = await b.page()
    const start = await swishWithPhone(page, '0701234567')
    await start.click()
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    const swish = methodButton(page, 'Swish')
    const since = Date.now()
    await swish.click()
    await expect.poll(() => swish.getAttribute('aria-pressed')).toBe('false')
    await swishWaiting(page).waitFor({ state: 'hidden' })
    await expect.poll(async () => (await cancelPayments(since)).length, { timeout: 5_000 }).toBe(1)
    // A poll already in flight may land; after that, nothing for two seconds.
    await page.waitForTimeout(1_200)
    const quiet = Date.now()
    await page.waitForTimeout(2_000)
    expect(await calls(quiet, 'GET', api('/cart'))).toHaveLength(0)
    expect(page.url()).toMatch(/\/cafe\/cart/)
  })

  it('cancels a started payment when the cart changes and resets the payment section', async () => {
    const page = await b.page()
    const start = await swishWithPhone(page, '0701234567')
    await start.click()
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    const since = Date.now()
    await page.getByRole('group', { name: /latte/i }).getByRole('button', { name: /increase quantity/i }).click()
    await expect.poll(async () => (await cancelPayments(since)).length, { timeout: 5_000 }).toBe(1)
    await swishWaiting(page).waitFor({ state: 'hidden' })
    // Back to NOT_STARTED: the phone form again, no error.
    await page.getByRole('button', { name: /start payment/i }).waitFor({ timeout: 5_000 })
    expect(await page.getByRole('alert').filter({ hasText: /error|cancelled/i }).count()).toBe(0)
    // 2 × 49,00 kr now; paying again charges the new cart.
    await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
    const again = Date.now()
    await page.getByRole('button', { name: /start payment/i }).click()
    await expectReceipt(page)
    expect(await startPayments(again)).toHaveLength(1)
    await page.getByText(/98,00\s*kr/).first().waitFor()
  })

  it('resumes a Swish payment after a reload without starting it again', async () => {
    const page = await b.page()
    const start = await swishWithPhone(page, '0701234567')
    const since = Date.now()
    await start.click()
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    await page.reload()
    // The reload's own session load counts as a poll, so the sandbox may already have completed:
    // either the resumed waiting step or the receipt, never the phone form of a new payment.
    const thanks = page.getByRole('heading', { level: 1, name: /thank you/i })
    await swishWaiting(page).or(thanks).first().waitFor({ timeout: 5_000 })
    expect(await page.getByRole('button', { name: /start payment/i }).count()).toBe(0)
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(1)
  })
})
