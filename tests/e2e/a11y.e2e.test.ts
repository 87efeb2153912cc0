/**
 * axe-core on every storefront route and every payment state, in English and Swedish (issue 5
 * "Accessibility"; DESIGN.md accessibility checks; STYLE.md §4): zero axe violations of any
 * impact, best-practice rules included. The flows are driven with language-neutral locators (form field names, merchant
 * texts, `aria-pressed`) so the same walk runs in both languages; every check is soft, so one
 * run lists every failing state, and each is counted by the resilience summary.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { faults, requestsSince, useBrowser, type BrowserLocale } from './support/browser'
import { a11yChecked } from './support/report'

const b = useBrowser()

const LANGUAGES: { lang: 'en' | 'sv'; locale: BrowserLocale }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'sv', locale: 'sv-SE' },
]

/** Payment outcomes take up to three 1 s polls in the sandbox. */
const PAYMENT_TIMEOUT = 15_000

beforeAll(async () => {
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

afterEach(async () => {
  await faults(b.baseUrl).clear()
})

/** Runs axe and records a soft failure listing the axe violations of this state. */
async function check(page: Page, lang: string, state: string): Promise<void> {
  const lines = await a11yChecked(page, `${lang}: ${state}`)
  expect.soft(lines, `${lang}: ${state}`).toEqual([])
}

async function expectLanguage(page: Page, lang: string): Promise<void> {
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe(lang)
}

const heading2 = (page: Page) => page.getByRole('heading', { level: 2 }).first()
const menuReady = (page: Page) => page.getByRole('heading', { level: 2, name: /^(coffee|kaffe)$/i }).waitFor({ timeout: 15_000 })

function productButton(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^\\s*${title}\\b`, 'i') }).first()
}

/** Adds a product without deviations through its dialog's submit button. */
async function addSimple(page: Page, title: string): Promise<void> {
  await productButton(page, title).click({ timeout: 15_000 })
  const dialog = page.getByRole('dialog')
  await dialog.locator('button[type="submit"]').click()
  await dialog.waitFor({ state: 'hidden' })
}

/** The method toggles in page order: Swish, Card, Viva Wallet for the cafe. */
const methodButton = (page: Page, index: number) => page.locator('button[aria-pressed]').nth(index)
const SWISH = 0
const CARD = 1
const VIVA = 2

async function pressMethod(page: Page, index: number, pressed: boolean): Promise<void> {
  const button = methodButton(page, index)
  await button.click()
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(pressed))
}

const swishPhone = (page: Page) => page.locator('input[name="swishPhone"]')
const swishSubmit = (page: Page) => page.locator('form:has(input[name="swishPhone"]) button[type="submit"]')
const alert = (page: Page) => page.getByRole('alert').first()

/** Starts (or restarts) desktop Swish with `phone` and waits until a new startPayment reached the sandbox. */
async function submitSwish(page: Page, phone: string): Promise<void> {
  await swishPhone(page).fill(phone)
  const since = Date.now()
  await swishSubmit(page).click()
  await expect
    .poll(async () => (await requestsSince(b.baseUrl, since)).some((r) => r.path.endsWith('/cart/startPayment')), { timeout: 10_000 })
    .toBe(true)
}

/** Cafe cart with a Latte and valid Your info (the payment methods show). */
async function cafeCartReady(page: Page, lang: string): Promise<void> {
  await page.goto(`/cafe?lang=${lang}`)
  await menuReady(page)
  await addSimple(page, 'Latte')
  await page.waitForTimeout(400) // the cart PUT is debounced by 150 ms
  await page.goto('/cafe/cart')
  await page.locator('input[name="name"]').fill('Anna Svensson')
  await page.locator('input[name="email"]').fill('anna@example.se')
  await page.locator('input[name="email"]').blur()
  await methodButton(page, SWISH).waitFor({ timeout: 10_000 })
}

describe.each(LANGUAGES)('accessibility ($lang)', ({ lang, locale }) => {
  it('has no axe violation on any route', async () => {
    const page = await b.page({ locale })
    await page.goto(`/?lang=${lang}`)
    await expectLanguage(page, lang)
    await page.locator('h1').first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'not-found /')

    await page.goto('/cafe')
    await menuReady(page)
    await check(page, lang, 'menu /cafe')

    await productButton(page, 'Cappuccino').click()
    await page.getByRole('dialog').waitFor()
    await check(page, lang, 'product dialog (groups, disabled Add)')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })

    await page.goto('/cafe/refundPolicy')
    await page.getByText(/paid orders can be refunded/i).waitFor({ timeout: 10_000 })
    await check(page, lang, 'refund policy /cafe/refundPolicy')

    // A route's error page drawn inside the shop keeps one main landmark: the shop's.
    await page.route('**/api/v2/webshop/cafe/receipt/unreadable', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"receiptId":1,"products":"none"}' }),
    )
    await page.goto('/cafe/receipt/unreadable')
    await page.getByRole('heading', { name: /^(something went wrong|något gick fel)$/i }).waitFor({ timeout: 10_000 })
    expect.soft(await page.getByRole('main').count(), 'main landmarks on the error page inside the shop').toBe(1)
    await check(page, lang, 'error page inside the shop /cafe/receipt/unreadable')

    await page.goto('/cafe/cart')
    await page.locator('main h1, main h2').first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'empty cart /cafe/cart')

    await page.goto('/kahvila')
    await page.getByRole('link', { name: /suodatinkahvi/i }).first().waitFor({ timeout: 15_000 })
    await check(page, lang, 'LARGE_IMAGE menu /kahvila')
    await page.goto('/kahvila/products/kahvi')
    await page.getByRole('heading', { name: /suodatinkahvi/i }).first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'product page /kahvila/products/kahvi')

    await page.goto('/deli')
    await heading2(page).waitFor({ timeout: 15_000 })
    await check(page, lang, 'NO_IMAGE menu /deli')

    await page.goto('/no-such-shop')
    await page.locator('h1').first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'shop not found /no-such-shop')

    await page.goto('/closed')
    await page.getByText(/mon–fri 07–18/i).first().waitFor({ timeout: 15_000 })
    await check(page, lang, 'closed shop /closed')

    await page.goto('/bar')
    const reference = page.locator('input[name="reference"]')
    await reference.waitFor({ timeout: 15_000 })
    await check(page, lang, 'reference entry /bar')
    await page.locator('form:has(input[name="reference"]) button[type="submit"]').click()
    await alert(page).or(page.locator('[aria-invalid="true"]')).first().waitFor()
    await check(page, lang, 'reference entry with an error')

    await page.goto('/tables?table=99')
    await heading2(page).waitFor({ timeout: 15_000 })
    await alert(page).waitFor({ timeout: 10_000 })
    await check(page, lang, 'unknown table /tables?table=99')

    await page.goto('/tab?tabId=tab-1')
    await heading2(page).waitFor({ timeout: 15_000 })
    await check(page, lang, 'tab shop /tab?tabId=tab-1')
    await page.goto('/tabonly/cart?tabId=tab-1')
    await page.getByText(/anna, table 4/i).first().waitFor({ timeout: 15_000 })
    await check(page, lang, 'tab cart /tabonly/cart?tabId=tab-1')

    await page.goto('/cafe/receipt/r-does-not-exist')
    await page.locator('h1').first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'receipt not found')

    await page.goto('/cafe/no/such/page')
    await page.locator('h1').first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'not-found page /cafe/no/such/page')

    // Shop load failed after the automatic retries; a fake clock skips the 1 + 2 + 4 s of backoff.
    await faults(b.baseUrl).set({ shop: 'error500', times: 4 })
    const failing = await b.page({ locale })
    await failing.clock.install()
    await failing.goto('/cafe')
    await failing.getByRole('status').first().waitFor()
    await check(failing, lang, 'shop loading screen')
    // The loading screen has no heading; the failure screen's h1 comes after the retries.
    const failedHeading = failing.locator('h1').first()
    await expect
      .poll(async () => {
        await failing.clock.fastForward(2_000)
        return failedHeading.isVisible()
      }, { timeout: 10_000 })
      .toBe(true)
    await check(failing, lang, 'shop could not be loaded')

    const phone = await b.page({ locale, viewport: 'phone' })
    await phone.goto(`/cafe?lang=${lang}`)
    await menuReady(phone)
    await addSimple(phone, 'Espresso')
    await phone.locator('a[href$="/cafe/cart"]').last().waitFor()
    await check(phone, lang, 'phone menu with the cart bar')
  })

  it('has no axe violation in any payment state (desktop)', async () => {
    const page = await b.page({ locale })
    await page.goto(`/cafe?lang=${lang}`)
    await menuReady(page)
    await addSimple(page, 'Latte')
    await page.waitForTimeout(400)
    await page.goto('/cafe/cart')
    const email = page.locator('input[name="email"]')
    await email.fill('anna@')
    await email.blur()
    await page.locator('input[name="email"][aria-invalid="true"]').waitFor({ timeout: 10_000 })
    await check(page, lang, 'Your info with errors')
    await page.locator('input[name="name"]').fill('Anna Svensson')
    await email.fill('anna@example.se')
    await email.blur()
    await methodButton(page, SWISH).waitFor({ timeout: 10_000 })
    await check(page, lang, 'payment methods (NOT_STARTED)')

    await pressMethod(page, SWISH, true)
    await swishSubmit(page).click()
    await page.locator('input[name="swishPhone"][aria-invalid="true"]').waitFor()
    await check(page, lang, 'Swish: phone number required')

    await submitSwish(page, '0700000001')
    await alert(page).waitFor({ timeout: PAYMENT_TIMEOUT })
    await check(page, lang, 'Swish FAILED (declined by payer)')
    await submitSwish(page, '0700000002')
    await alert(page).waitFor({ timeout: PAYMENT_TIMEOUT })
    await check(page, lang, 'Swish CANCELLED')
    await submitSwish(page, '0700000003')
    await alert(page).waitFor({ timeout: PAYMENT_TIMEOUT })
    await check(page, lang, 'Swish ERROR')
    await submitSwish(page, '0700000004')
    await alert(page).waitFor({ timeout: PAYMENT_TIMEOUT })
    await check(page, lang, 'Swish start refused (not enrolled)')

    // Card: started (the element), then declined.
    await pressMethod(page, SWISH, false)
    await pressMethod(page, CARD, true)
    const cardNumber = page.locator('input[autocomplete="cc-number"]')
    await cardNumber.waitFor({ timeout: 10_000 })
    await check(page, lang, 'card STARTED (payment element, Test mode)')
    await cardNumber.fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: /^(pay|betala)$/i }).click()
    await alert(page).waitFor({ timeout: PAYMENT_TIMEOUT })
    await check(page, lang, 'card FAILED (declined)')

    // Viva: the redirect is answered 204, so the page stays on 'Redirecting to Viva Wallet…'.
    await page.route('https://www.vivapayments.com/**', (route) => route.fulfill({ status: 204 }))
    await pressMethod(page, CARD, false)
    await pressMethod(page, VIVA, true)
    await page.getByRole('status').filter({ hasText: /viva/i }).first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'Viva STARTED (redirecting)')

    // Swish to completion: started, then the receipt and its e-mail states.
    await pressMethod(page, VIVA, false)
    await pressMethod(page, SWISH, true)
    await submitSwish(page, '0701234567')
    await page.getByRole('status').filter({ hasText: /swish/i }).first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'Swish STARTED (desktop)')
    await page.waitForURL(/\/cafe\/receipt\//, { timeout: PAYMENT_TIMEOUT })
    await page.locator('h1').first().waitFor()
    await check(page, lang, 'receipt (COMPLETED)')
    const receiptEmail = page.locator('form input[type="email"], form input[name="email"]').first()
    await receiptEmail.fill('fail@example.se')
    await receiptEmail.press('Enter')
    await alert(page).waitFor({ timeout: 10_000 })
    await check(page, lang, 'receipt e-mail failed')
    await receiptEmail.fill('anna@example.se')
    await receiptEmail.press('Enter')
    await page.getByText(/^(receipt sent|kvittot har skickats)$/i).first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'receipt e-mail sent')
  })

  it('has no axe violation in the phone payment states', async () => {
    const page = await b.page({ locale, viewport: 'phone' })
    await cafeCartReady(page, lang)
    await check(page, lang, 'phone: payment methods')
    await pressMethod(page, SWISH, true)
    await page.getByRole('button', { name: /^(open swish|öppna swish)$/i }).waitFor({ timeout: 10_000 })
    await page.getByRole('status').filter({ hasText: /swish/i }).first().waitFor({ timeout: 10_000 })
    await check(page, lang, 'phone: Swish STARTED (Open Swish)')
    await page.waitForURL(/\/cafe\/receipt\//, { timeout: PAYMENT_TIMEOUT })
    await page.locator('h1').first().waitFor()
    await check(page, lang, 'phone: receipt')
  })
})

/** What axe's color-contrast rule alone found: nodes it passed, and one line per violating node. */
interface ContrastResult {
  passes: number
  violations: string[]
}

/** Runs only axe's color-contrast rule (axe is already on the page after {@link check}). */
async function contrastOnly(page: Page): Promise<ContrastResult> {
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeContrast> } }).axe
    interface AxeContrast {
      passes: { nodes: unknown[] }[]
      violations: { nodes: { target: string[]; any: { message: string }[] }[] }[]
    }
    const results = await a.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations', 'passes'] })
    return {
      passes: results.passes.reduce((n, rule) => n + rule.nodes.length, 0),
      violations: results.violations.flatMap((rule) => rule.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`)),
    }
  })
}

/**
 * The full axe check of {@link check}, then color-contrast on its own: no violation, and the
 * rule did look at text (a page it skipped entirely would pass vacuously).
 */
async function checkContrast(page: Page, state: string): Promise<void> {
  await check(page, 'en', state)
  const contrast = await contrastOnly(page)
  expect.soft(contrast.violations, `color-contrast: ${state}`).toEqual([])
  expect.soft(contrast.passes, `color-contrast nodes passed: ${state}`).toBeGreaterThan(5)
}

// Merchant colours that fail WCAG AA with SPEC §9's brightness rule (CONTRACT.md "Accessibility"):
// white text on the primary #0099cc is 3.3:1, on the tag colours #b26a00 and #2e8b57 4.2:1, and
// the primary on the background #eaf6fb is under 3:1.
describe('glass: merchant colours everyone can read', () => {
  const glassMenuReady = (page: Page) => page.getByRole('heading', { level: 2, name: /^ice cream$/i }).waitFor({ timeout: 15_000 })

  it('passes axe color-contrast on the menu, the product dialog and the cart with a method selected', async () => {
    const page = await b.page({ locale: 'en-US' })
    await page.goto('/glass/cart?lang=en')
    // The empty cart links back to the menu in the primary colour, drawn as text on the background.
    await page.locator('main a[href$="/glass"]').first().waitFor({ timeout: 15_000 })
    await checkContrast(page, 'glass: empty cart (link in the primary colour)')

    await page.goto('/glass')
    await glassMenuReady(page)
    await checkContrast(page, 'glass: menu /glass (tags, header cart)')

    await productButton(page, 'Two scoops').click()
    const dialog = page.getByRole('dialog', { name: /two scoops/i })
    await dialog.waitFor()
    await checkContrast(page, 'glass: product dialog (groups, disabled Add)')
    await dialog.getByRole('radio', { name: /waffle cone/i }).check()
    await dialog.getByRole('checkbox', { name: /sprinkles/i }).check()
    await expect.poll(() => dialog.locator('button[type="submit"]').isEnabled()).toBe(true)
    await checkContrast(page, 'glass: product dialog (radio and checkbox chosen)')
    await dialog.locator('button[type="submit"]').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.waitForTimeout(400) // the cart PUT is debounced by 150 ms
    await checkContrast(page, 'glass: menu with an item in the cart')

    await page.goto('/glass/cart')
    await page.locator('input[name="name"]').fill('Anna Svensson')
    await page.locator('input[name="email"]').fill('anna@example.se')
    await page.locator('input[name="email"]').blur()
    await methodButton(page, SWISH).waitFor({ timeout: 10_000 })
    await checkContrast(page, 'glass: cart with the payment methods')
    await pressMethod(page, SWISH, true)
    await swishPhone(page).waitFor()
    await checkContrast(page, 'glass: cart with Swish selected')
    await pressMethod(page, SWISH, false)
    await pressMethod(page, CARD, true)
    await page.locator('input[autocomplete="cc-number"]').waitFor({ timeout: 10_000 })
    await checkContrast(page, 'glass: cart with Card selected (payment element)')

    const phone = await b.page({ locale: 'en-US', viewport: 'phone' })
    await phone.goto('/glass?lang=en')
    await glassMenuReady(phone)
    await addSimple(phone, 'Affogato')
    await phone.locator('a[href$="/glass/cart"]').last().waitFor()
    await checkContrast(phone, 'glass: phone menu with the cart bar')
  })
})

describe('hover on a shop colour near the black/white crossover', () => {
  it('keeps the fill and the text as they are, so their contrast holds (#e91e63: 4.83:1, not 4.27:1)', async () => {
    const page = await b.page({ locale: 'en-US' })
    await page.route('**/api/v2/webshop/cafe', async (route) => {
      const answer = await (await route.fetch()).json()
      await route.fulfill({ json: { ...answer, shop: { ...answer.shop, primaryColor: '#e91e63' } } })
    })
    await page.goto('/cafe?lang=en')
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 15_000 })
    const paint = (locator: Locator) =>
      locator.evaluate((el) => {
        const style = getComputedStyle(el)
        return { fill: style.backgroundColor, text: style.color, filter: style.filter }
      })
    const cart = page.getByRole('banner').getByRole('link', { name: /cart/i })
    await productButton(page, 'Latte').click()
    const add = page.getByRole('dialog', { name: /latte/i }).getByRole('button', { name: /^add\b/i })
    for (const control of [add, cart]) {
      if (control === cart) await page.keyboard.press('Escape')
      const before = await paint(control)
      await control.hover()
      await expect.poll(() => paint(control)).toEqual({ ...before, filter: 'none' })
    }
  })
})
