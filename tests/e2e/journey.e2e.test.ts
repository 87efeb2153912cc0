/**
 * The customer journey in the browser (SPEC §2, §4, §5; CONTRACT.md "Words and roles"): menu →
 * product dialog with deviation rules → cart → your info → Swish → receipt and its e-mail, at
 * desktop and phone width; a declined payment and its retry; the cart kept across a reload; the
 * menu in Swedish and English. Runs against the built app and the sandbox's `cafe`, whose Swish
 * outcomes are set by the phone number (sandbox/README.md).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { checkA11y, formatA11y, requestsSince, useBrowser } from './support/browser'

const b = useBrowser()

// The app's CSP forbids inline scripts, which blocks the harness's addScriptTag injection of axe;
// a CDP evaluation is not subject to CSP, so axe is put on the page that way first.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Axe violations on the current page, one line each. */
async function a11y(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  return formatA11y(await checkA11y(page))
}

/** Time for the sandbox to complete a Swish payment: it answers COMPLETED on the 3rd 1 s poll. */
const PAYMENT_TIMEOUT = 15_000

/** Money as the page shows it: Intl puts no-break spaces inside (`98,00 kr`). */
function moneyRe(text: string): RegExp {
  return new RegExp(text.replace(/\s/g, '\\s*'), 'i')
}

/** The header's cart link once its accessible name shows `money` (e.g. 'Cart, 2 items, 98,00 kr'). */
function cartLinkShowing(page: Page, money: string): Locator {
  return page.getByRole('link', { name: /cart/i }).and(page.getByRole('link', { name: moneyRe(money) })).first()
}

beforeAll(async () => {
  // Stock and sessions from earlier files must not leak into these journeys.
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

/** The menu's product button (a link on LARGE_IMAGE shops), found by its title. */
function product(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^\\s*${title}\\b`, 'i') }).first()
}

/** Opens a product's dialog from the menu and returns it. */
async function openProduct(page: Page, title: string): Promise<Locator> {
  await product(page, title).click({ timeout: 10_000 })
  const dialog = page.getByRole('dialog', { name: new RegExp(title, 'i') })
  await dialog.waitFor()
  return dialog
}

/** The dialog's Add button (its name may carry the price too). */
function addButton(dialog: Locator): Locator {
  return dialog.getByRole('button', { name: /^\s*add\b/i })
}

/** Adds a product without deviations from the menu and waits for the dialog to close. */
async function addSimple(page: Page, title: string): Promise<void> {
  const dialog = await openProduct(page, title)
  await addButton(dialog).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Waits until the sandbox has received a cart PUT for `shopId` since `sinceMs`. */
async function cartPushed(shopId: string, sinceMs: number): Promise<void> {
  const pushed = async () =>
    (await requestsSince(b.baseUrl, sinceMs)).some((r) => r.method === 'PUT' && r.path === `/api/v2/webshop/${shopId}/cart`)
  await expect.poll(pushed, { timeout: 10_000 }).toBe(true)
}

/** Fills the cafe's required Your info fields (Name, Email) with valid values. */
async function fillYourInfo(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
  const email = page.getByRole('textbox', { name: /^email\b/i })
  await email.fill('anna@example.se')
  await email.blur()
}

/** The heading over the payment methods; present only when the cart and form allow paying. */
function choosePayment(page: Page): Locator {
  return page.getByRole('heading', { name: /choose payment method/i })
}

/** Selects Swish and checks that it is shown as the pressed method. */
async function selectSwish(page: Page): Promise<void> {
  const swish = page.getByRole('button', { name: /^swish$/i })
  await swish.click()
  await expect.poll(() => swish.getAttribute('aria-pressed')).toBe('true')
}

/** Waits for the receipt page after a completed payment. */
async function expectReceipt(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /thank you/i }).waitFor({ timeout: PAYMENT_TIMEOUT })
  await page.getByRole('heading', { name: /electronic receipt/i }).waitFor()
  expect(page.url()).toMatch(/\/cafe\/receipt\/[\w.-]+$/)
}

/** Reads a language's Lingui .po catalogs into msgid → msgstr (single-line entries are enough here). */
function catalog(locale: string): Map<string, string> {
  const text = ['messages', 'pages', 'owner']
    .map((part) => readFileSync(fileURLToPath(new URL(`../../locales/${locale}/${part}.po`, import.meta.url)), 'utf8'))
    .join('\n')
  const out = new Map<string, string>()
  for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)) {
    if (m[1] && m[2]) out.set(m[1], m[2])
  }
  return out
}

describe('customer journey', () => {
  it('orders with Swish on a desktop and gets the receipt by e-mail', async () => {
    const page = await b.page({ viewport: 'desktop' })
    await page.goto('/cafe')

    // Cappuccino: the Milk group (exactly 1) must be met before Add is allowed.
    const dialog = await openProduct(page, 'Cappuccino')
    const add = addButton(dialog)
    expect(await add.isDisabled()).toBe(true)
    await dialog.getByText(/select all necessary add-ons/i).first().waitFor()
    await dialog.getByRole('radio', { name: /oat milk/i }).check()
    await expect.poll(() => add.isEnabled()).toBe(true)
    expect(await dialog.getByText(/select all necessary add-ons/i).count()).toBe(0)

    // Extras: at most 2; a third is refused.
    const extras = dialog.getByRole('group', { name: /extras/i })
    await extras.getByRole('checkbox', { name: /extra shot/i }).check()
    await extras.getByRole('checkbox', { name: /vanilla syrup/i }).check()
    const caramel = extras.getByRole('checkbox', { name: /caramel syrup/i })
    await caramel.click({ force: true, timeout: 2_000 }).catch(() => undefined)
    expect(await caramel.isChecked()).toBe(false)
    await expect.poll(() => extras.getByRole('checkbox', { checked: true }).count()).toBe(2)

    await dialog.getByRole('textbox', { name: /allergies/i }).fill('Nut allergy')
    await add.click()
    await dialog.waitFor({ state: 'hidden' })

    await addSimple(page, 'Cinnamon bun')

    // 45 + 5 (oat) + 8 (shot) + 5 (vanilla) = 63,00; + 35,00 bun = 98,00 kr, 2 items.
    const cartLink = cartLinkShowing(page, '98,00 kr')
    await cartLink.waitFor({ timeout: 10_000 })
    await cartLink.click()

    await page.getByRole('heading', { name: /cart/i }).first().waitFor({ timeout: 10_000 })
    const main = page.locator('main')
    await main.getByText('Cappuccino').first().waitFor()
    await main.getByText('Cinnamon bun').first().waitFor()
    await main.getByText(/nut allergy/i).first().waitFor()
    await main.getByText(/oat milk/i).first().waitFor()
    await main.getByText(moneyRe('98,00 kr')).first().waitFor()
    await main.getByText(/^\s*total\b/i).first().waitFor()

    // Your info: errors only after a field was touched.
    expect(await choosePayment(page).count()).toBe(0)
    expect(await page.getByText(/enter a valid email/i).count()).toBe(0)
    await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
    const email = page.getByRole('textbox', { name: /^email\b/i })
    await email.fill('anna@')
    await email.blur()
    await page.getByText(/enter a valid email/i).first().waitFor()
    expect(await choosePayment(page).count()).toBe(0)
    await email.fill('anna@example.se')
    await email.blur()
    await page.getByText(/enter a valid email/i).waitFor({ state: 'hidden' })
    await choosePayment(page).waitFor()
    expect(await a11y(page)).toEqual([])

    await selectSwish(page)
    await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
    await page.getByRole('button', { name: /start payment/i }).click()

    await expectReceipt(page)
    await page.getByText('Cappuccino').first().waitFor()
    await page.getByText('Cinnamon bun').first().waitFor()
    await page.getByText(/^\s*vat\b/i).first().waitFor()
    const total = page.getByText(/^\s*total\s*$/i).first()
    await total.waitFor()
    await page.getByText(moneyRe('98,00 kr')).first().waitFor()
    expect(await a11y(page)).toEqual([])

    const download = page.getByRole('link', { name: /download/i }).or(page.getByRole('button', { name: /download/i }))
    expect(await download.count()).toBeGreaterThan(0)

    const since = Date.now()
    await page.getByRole('textbox', { name: /^email\b/i }).fill('anna@example.se')
    await page.getByRole('button', { name: /^send$/i }).click()
    await page.getByText(/receipt sent/i).waitFor({ timeout: 10_000 })
    const calls = await requestsSince(b.baseUrl, since)
    expect(calls.some((r) => r.method === 'POST' && /\/api\/v2\/webshop\/cafe\/receipt\/[\w.-]+\/email$/.test(r.path))).toBe(true)
  })

  it('starts Swish at once on a phone, offers to open the app and lands on the receipt', async () => {
    const page = await b.page({ viewport: 'phone' })
    const deepLinks: string[] = []
    page.on('console', (msg) => {
      if (/swish:\/\//i.test(msg.text())) deepLinks.push(msg.text())
    })
    page.on('request', (req) => {
      if (req.url().startsWith('swish:')) deepLinks.push(req.url())
    })
    await page.goto('/cafe')
    await addSimple(page, 'Latte')

    // The header's cart summary is hidden on a phone; the bottom bar leads to the cart.
    const toCart = page.getByRole('link', { name: /to cart/i }).and(page.getByRole('link', { name: moneyRe('49,00 kr') }))
    await toCart.waitFor({ timeout: 10_000 })
    await toCart.click()
    await page.getByRole('heading', { name: /cart/i }).first().waitFor({ timeout: 10_000 })
    expect(await page.getByRole('link', { name: /to cart/i }).count(), 'bottom bar only on the store route').toBe(0)

    await fillYourInfo(page)
    await choosePayment(page).waitFor()
    await selectSwish(page)
    // No phone entry on a phone: the payment starts on selection and the app is opened.
    expect(await page.getByRole('textbox', { name: /phone number/i }).count()).toBe(0)
    await page.getByRole('button', { name: /open swish/i }).waitFor({ timeout: 10_000 })
    await expect.poll(() => deepLinks.length, { timeout: 5_000 }).toBeGreaterThan(0)

    await expectReceipt(page)
    await page.getByText('Latte').first().waitFor()
    await page.getByText(moneyRe('49,00 kr')).first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  it('shows a declined Swish payment and pays on the second try', async () => {
    const page = await b.page({ viewport: 'desktop' })
    await page.goto('/cafe')
    await addSimple(page, 'Latte')
    await page.getByRole('link', { name: /cart/i }).first().click()
    await page.getByRole('heading', { name: /cart/i }).first().waitFor({ timeout: 10_000 })
    await fillYourInfo(page)
    await choosePayment(page).waitFor()
    await selectSwish(page)
    await page.getByRole('textbox', { name: /phone number/i }).fill('0700000001')
    await page.getByRole('button', { name: /start payment/i }).click()

    const alert = page.getByRole('alert').filter({ hasText: /an error occurred, please try again: declined by payer/i })
    await alert.waitFor({ timeout: PAYMENT_TIMEOUT })
    expect(page.url()).toMatch(/\/cafe\/cart/)

    // Desktop restarts with the number in the phone field: correct it, then Try again. Should
    // the page ask for the number only after Try again, answer there with Start payment.
    const phone = page.getByRole('textbox', { name: /phone number/i })
    if (await phone.isVisible()) await phone.fill('0701234567')
    await page.getByRole('button', { name: /try again/i }).click()
    const start = page.getByRole('button', { name: /start payment/i })
    const thanks = page.getByRole('heading', { level: 1, name: /thank you/i })
    await thanks.or(start).first().waitFor({ timeout: PAYMENT_TIMEOUT })
    if (await start.isVisible()) {
      await phone.fill('0701234567')
      await start.click()
    }
    await expectReceipt(page)
    await page.getByText('Latte').first().waitFor()
  })

  it('keeps the cart across a reload', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    const since = Date.now()
    await addSimple(page, 'Espresso')
    await cartPushed('cafe', since)

    await page.reload()
    const cartLink = cartLinkShowing(page, '32,00 kr')
    await cartLink.waitFor({ timeout: 10_000 })
    await cartLink.click()
    await page.locator('main').getByText('Espresso').first().waitFor({ timeout: 10_000 })
    expect(await page.getByText(/your cart is empty/i).count()).toBe(0)
  })

  it('speaks Swedish with ?lang=sv and English with ?lang=en', async () => {
    const sv = catalog('sv')
    const hint = sv.get('Select all necessary add-ons')
    expect(hint, 'Swedish translation of "Select all necessary add-ons"').toBeTruthy()

    const page = await b.page({ locale: 'en-US' })
    await page.goto('/cafe?lang=sv')
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe('sv')
    const svDialog = await openProduct(page, 'Cappuccino')
    await svDialog.getByText(hint ?? '').first().waitFor()
    expect(await svDialog.getByText('Select all necessary add-ons').count()).toBe(0)
    await page.keyboard.press('Escape')
    await svDialog.waitFor({ state: 'hidden' })

    await page.goto('/cafe?lang=en')
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe('en')
    const enDialog = await openProduct(page, 'Cappuccino')
    await enDialog.getByText('Select all necessary add-ons').first().waitFor()
  })
})

describe('receipt page', () => {
  it('says so when the receipt does not exist, without logging it as an error', async () => {
    const page = await b.page()
    // The page answers an expected 404 itself: nothing in the console may call it an error.
    const errors: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text())
    })
    await page.goto('/cafe/receipt/r-does-not-exist')
    await page.getByRole('heading', { name: /we could not find this receipt/i }).waitFor({ timeout: 10_000 })
    // The browser's own line for the 404 response is network noise, not the app's log.
    expect(errors.filter((text) => !/Failed to load resource/i.test(text))).toEqual([])
    await page.getByRole('link', { name: /back to the menu/i }).click()
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 10_000 })
  })
})
