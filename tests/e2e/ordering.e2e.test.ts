/**
 * Every way to order in the browser against the sandbox (issue 3 "Ordering modes"; SPEC §2
 * "Shop layout", "Cart page", §4 "Cart", §8 "Stock"; CONTRACT.md "Cart", "Mobile bar"): a table
 * from `?table=` in the title and in startPayment, an open tab (`?tabId=`) chosen item by item
 * into the cart and paid with Swish, the phone's 'Pay tab' bar, a tab-only shop that opens on
 * the cart, and an order that runs out of stock between adding and paying. Request bodies are
 * read from the browser's own requests (the sandbox log records method, path and time only).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { requestsSince, useBrowser } from './support/browser'
import { putCart, shopUrl } from './model/shop-steps'

const b = useBrowser()

/** Swish completes on the 3rd 1 s poll. */
const PAYMENT_TIMEOUT = 15_000

beforeEach(async () => {
  // Stock matters here (buns are sold between tests), and tab payments must not carry over.
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

const api = (shop: string, rest = '') => `/api/v2/webshop/${shop}${rest}`

/** Money as the page shows it: Intl puts no-break spaces inside (`98,00 kr`). */
function moneyRe(text: string): RegExp {
  return new RegExp(text.replace(/\s/g, '\\s*'), 'i')
}

/**
 * JSON bodies of the browser's requests with this method whose path is `path`, in order. Read
 * through request interception: without it Chromium does not always hand fetch bodies over.
 */
async function recordBodies(page: Page, method: string, path: string): Promise<unknown[]> {
  const bodies: unknown[] = []
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const req = route.request()
      if (req.method() === method) {
        const data = req.postData()
        bodies.push(data ? (JSON.parse(data) as unknown) : null)
      }
      await route.fallback()
    },
  )
  return bodies
}

/** Goes to the cart inside the app (header link on a desktop, bottom bar on a phone). */
async function openCart(page: Page): Promise<void> {
  await page.getByRole('link', { name: /cart/i }).filter({ visible: true }).first().click({ timeout: 10_000 })
  await page.waitForURL(/\/cart(\?|$)/, { timeout: 10_000 })
}

async function addSimple(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^\\s*${title}\\b`, 'i') }).first().click({ timeout: 15_000 })
  const dialog = page.getByRole('dialog', { name: new RegExp(title, 'i') })
  await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Waits until the sandbox has a cart PUT for `shop` since `since`. */
async function cartPushed(shop: string, since: number): Promise<void> {
  const pushed = async () => (await requestsSince(b.baseUrl, since)).filter((r) => r.method === 'PUT' && r.path === api(shop, '/cart')).length
  await expect.poll(pushed, { timeout: 10_000 }).toBeGreaterThan(0)
}

function choosePayment(page: Page): Locator {
  return page.getByRole('heading', { name: /choose payment method/i })
}

/** The cart page's Your info filled in as the café asks (name, e-mail), up to the payment methods. */
async function fillYourInfo(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
  const email = page.getByRole('textbox', { name: /^email\b/i })
  await email.fill('anna@example.se')
  await email.blur()
  await choosePayment(page).waitFor()
}

async function selectSwish(page: Page): Promise<void> {
  const swish = page.getByRole('button', { name: /^swish$/i })
  await swish.click()
  await expect.poll(() => swish.getAttribute('aria-pressed')).toBe('true')
}

/** Desktop Swish with a number that completes. */
async function payWithSwishDesktop(page: Page): Promise<void> {
  await selectSwish(page)
  await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
  await page.getByRole('button', { name: /start payment/i }).click()
}

/** The receipt page opened ('Thank you'), still carrying the shop's `?table=` or `?tabId=` (`search`). */
async function expectReceipt(page: Page, shop: string, search: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /thank you/i }).waitFor({ timeout: PAYMENT_TIMEOUT })
  const url = new URL(page.url())
  expect(url.pathname).toMatch(new RegExp(`^/${shop}/receipt/[\\w.-]+$`))
  expect(url.search).toBe(search)
}

/** The stepper group of a line (named 'Quantity of {title}') inside `scope`. */
function stepper(scope: Locator | Page, title: string): Locator {
  return scope.getByRole('group', { name: new RegExp(`quantity of ${title}`, 'i') })
}

/** The count a stepper shows. */
async function stepperValue(group: Locator): Promise<number> {
  return Number((await group.locator('output').innerText()).trim())
}

describe('tables', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the table in the title and sends it with the payment (${viewport})`, async () => {
      const page = await b.page({ viewport })
      const starts = await recordBodies(page, 'POST', api('tables', '/cart/startPayment'))
      await page.goto('/tables?table=5')
      await page.getByRole('heading', { level: 1, name: /restaurang bordet - 5$/i }).waitFor({ timeout: 10_000 })
      const since = Date.now()
      await addSimple(page, 'Lingonberry drink')
      await cartPushed('tables', since)
      await openCart(page)
      await page.getByRole('heading', { level: 1, name: /restaurang bordet - 5$/i }).waitFor({ timeout: 10_000 })
      await choosePayment(page).waitFor()
      if (viewport === 'desktop') await payWithSwishDesktop(page)
      else await selectSwish(page)
      await expectReceipt(page, 'tables', '?table=5')
      expect(starts).toHaveLength(1)
      expect(starts[0]).toMatchObject({ paymentMethodId: 'tables-swish', orderReference: '5', customerInfo: { isMobile: viewport === 'phone' } })
    })
  }

  it('says an unknown table is not found and still lets the visitor order', async () => {
    const page = await b.page()
    await page.goto('/tables?table=99')
    await page.getByText(/table number not found/i).first().waitFor({ timeout: 10_000 })
    await page.getByRole('heading', { level: 2, name: /^mains$/i }).waitFor()
    expect(await page.getByRole('heading', { level: 1, name: / - 99$/ }).count()).toBe(0)
  })
})

describe('tabs', () => {
  it('chooses tab items capped at the tab count, sends them with the cart and pays the tab with Swish', async () => {
    const page = await b.page()
    const puts = await recordBodies(page, 'PUT', api('tab', '/cart'))
    await page.goto('/tab?tabId=tab-1')
    await page.getByRole('heading', { level: 2, name: /^food$/i }).waitFor({ timeout: 10_000 })
    await openCart(page)

    const tabSection = page.getByRole('region', { name: /^tab: anna, table 4$/i })
    await tabSection.waitFor({ timeout: 10_000 })
    await tabSection.getByText(/choose what you want to pay from the tab/i).waitFor()
    await page.getByText(/your cart is empty/i).first().waitFor()
    expect(await page.getByRole('region', { name: /added from tab/i }).count()).toBe(0)
    // Nothing chosen yet: nothing to pay.
    expect(await choosePayment(page).count()).toBe(0)

    // Pilsner 50 cl ×2 on the tab: choose both; it leaves the chooser for 'Added from tab'.
    const pilsner = stepper(tabSection, 'pilsner 50 cl')
    await pilsner.getByRole('button', { name: /increase quantity/i }).click()
    await expect.poll(() => stepperValue(pilsner)).toBe(1)
    await pilsner.getByRole('button', { name: /increase quantity/i }).click()
    const added = page.getByRole('region', { name: /added from tab/i })
    await added.waitFor()
    await pilsner.waitFor({ state: 'detached' })
    const addedPilsner = stepper(added, 'pilsner 50 cl')
    await expect.poll(() => stepperValue(addedPilsner)).toBe(2)
    // Capped at the tab count: no third.
    expect(await addedPilsner.getByRole('button', { name: /increase quantity/i }).getAttribute('aria-disabled')).toBe('true')

    // Sparkling water ×3 on the tab: one chosen, two left in the chooser.
    const water = stepper(tabSection, 'sparkling water')
    await water.getByRole('button', { name: /increase quantity/i }).click()
    await stepper(added, 'sparkling water').waitFor()
    await expect.poll(() => stepperValue(water)).toBe(1)
    await tabSection.getByText(/2 left on the tab/i).waitFor()

    // Total: 2 × 79,00 + 35,00 = 193,00 kr.
    await page.getByText(/^\s*total\s*193,00\s*kr\s*$/i).first().waitFor()
    await expect
      .poll(() => {
        const last = puts.at(-1) as { tabItems?: { id: string; count: number }[] } | undefined
        return [...(last?.tabItems ?? [])].sort((x, y) => x.id.localeCompare(y.id))
      }, { timeout: 5_000 })
      .toEqual([
        { id: 'tl-1', count: 2 },
        { id: 'tl-4', count: 1 },
      ])

    await choosePayment(page).waitFor()
    await payWithSwishDesktop(page)
    await expectReceipt(page, 'tab', '?tabId=tab-1')
    await page.getByText('Pilsner 50 cl').first().waitFor()
    await page.getByText('Sparkling water').first().waitFor()
    await page.getByText(moneyRe('193,00 kr')).first().waitFor()
    expect(await page.getByText('Caesar salad').count()).toBe(0)
  })

  it('prices a tab line with a deviation as (price + deviation prices) × count (SPEC §9)', async () => {
    const page = await b.page()
    await page.goto('/tab?tabId=tab-1')
    await page.getByRole('heading', { level: 2, name: /^food$/i }).waitFor({ timeout: 10_000 })
    await openCart(page)
    const tabSection = page.getByRole('region', { name: /^tab: anna, table 4$/i })
    await tabSection.waitFor({ timeout: 10_000 })

    // Fish and chips is 169,00 on the tab with Extra remoulade + 10,00: 179,00 a unit.
    const offered = tabSection.getByRole('listitem').filter({ hasText: 'Fish and chips' })
    await offered.getByText(/extra remoulade/i).waitFor()
    expect(await offered.textContent()).toMatch(moneyRe('10,00 kr'))
    await offered.getByText(moneyRe('179,00 kr')).waitFor()

    await stepper(offered, 'fish and chips').getByRole('button', { name: /increase quantity/i }).click()
    const added = page.getByRole('region', { name: /added from tab/i })
    const chosen = added.getByRole('listitem').filter({ hasText: 'Fish and chips' })
    await chosen.getByText(moneyRe('179,00 kr')).waitFor({ timeout: 10_000 })
    await page.getByText(/^\s*total\s*179,00\s*kr\s*$/i).first().waitFor()

    // The sandbox charges and books the same: the receipt's total is 179,00 kr.
    await choosePayment(page).waitFor()
    await payWithSwishDesktop(page)
    await expectReceipt(page, 'tab', '?tabId=tab-1')
    await page.getByText('Fish and chips').first().waitFor()
    await page.getByText(moneyRe('179,00 kr')).first().waitFor()
  })

  it('offers Pay tab in the bottom bar on a phone with the tab total and count', async () => {
    const page = await b.page({ viewport: 'phone' })
    await page.goto('/tab?tabId=tab-1')
    const payTab = page.getByRole('button', { name: /pay tab/i })
    await payTab.waitFor({ timeout: 10_000 })
    // The tab priced as SPEC §9 says (line price + deviation prices) × count:
    // 2 × 79 + (169 + 10) + 145 + 3 × 35 + (85 + 15) = 687,00 kr, 8 items.
    const name = (await payTab.textContent()) ?? ''
    expect(name).toMatch(/\b8 items\b/i)
    expect(name).toMatch(moneyRe('687,00 kr'))
    expect(await page.getByRole('link', { name: /to cart/i }).count()).toBe(0)

    await payTab.click()
    await page.waitForURL(/\/tab\/cart/, { timeout: 10_000 })
    await page.getByRole('region', { name: /^tab: anna, table 4$/i }).waitFor({ timeout: 10_000 })
  })

  it('keeps ?tabId= from the cart back to the menu, so a reload still shows the tab', async () => {
    const page = await b.page({ viewport: 'phone' })
    await page.goto('/tab?tabId=tab-1')
    await page.getByRole('button', { name: /pay tab/i }).click({ timeout: 10_000 })
    await page.waitForURL(/\/tab\/cart\?tabId=tab-1$/, { timeout: 10_000 })
    await page.getByRole('region', { name: /^tab: anna, table 4$/i }).waitFor({ timeout: 10_000 })

    await page.getByRole('link', { name: /back to the menu/i }).click()
    await page.waitForURL((url) => url.pathname === '/tab', { timeout: 10_000 })
    expect(new URL(page.url()).searchParams.get('tabId')).toBe('tab-1')
    // The URL alone carries the tab: after a reload the bar still offers the tab's 8 items.
    await page.reload()
    const payTab = page.getByRole('button', { name: /pay tab/i })
    await payTab.waitFor({ timeout: 10_000 })
    expect((await payTab.textContent()) ?? '').toMatch(/\b8 items\b/i)
    await payTab.click()
    await page.waitForURL(/\/tab\/cart\?tabId=tab-1$/, { timeout: 10_000 })
    await page.getByRole('region', { name: /^tab: anna, table 4$/i }).waitFor({ timeout: 10_000 })
  })

  it("sends Swish's way back to the tab: the callback URL keeps ?tabId= (phone)", async () => {
    const page = await b.page({ viewport: 'phone' })
    const links: string[] = []
    page.on('request', (req) => {
      if (req.url().startsWith('swish:')) links.push(req.url())
    })
    await page.goto('/tab?tabId=tab-1')
    await page.getByRole('button', { name: /pay tab/i }).click({ timeout: 10_000 })
    const tabSection = page.getByRole('region', { name: /^tab: anna, table 4$/i })
    await tabSection.waitFor({ timeout: 10_000 })
    await stepper(tabSection, 'sparkling water').getByRole('button', { name: /increase quantity/i }).click()
    await choosePayment(page).waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: /^swish$/i }).click()
    await expect.poll(() => links.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const callback = new URL(new URL(links[0] ?? '').searchParams.get('callbackurl') ?? '')
    expect(`${callback.origin}${callback.pathname}`).toBe(new URL('/tab/cart', b.baseUrl).href)
    expect([...callback.searchParams]).toEqual([['tabId', 'tab-1']])
  })

  it('opens a shop without a menu on the cart when a tab is open', async () => {
    const page = await b.page()
    await page.goto('/tabonly?tabId=tab-1')
    await page.waitForURL(/\/tabonly\/cart/, { timeout: 10_000 })
    await page.getByRole('region', { name: /^tab: anna, table 4$/i }).waitFor({ timeout: 10_000 })
  })
})

/** The sandbox session of a cookie jar outside the browser (another customer). */
async function otherCustomerBuys(shop: string, articleId: string, count: number): Promise<void> {
  let cookie = ''
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetch(new URL(path, b.baseUrl), {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const set = res.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0] ?? ''
    expect(res.status, `${method} ${path}`).toBeLessThan(300)
    return res
  }
  await call('GET', api(shop, '/cart'))
  await call('PUT', api(shop, '/cart'), { cart: [{ id: 'other-1', productId: articleId, count, deviations: [], description: '' }], tabItems: [] })
  await call('POST', api(shop, '/cart/startPayment'), {
    paymentMethodId: `${shop}-swish`,
    customerInfo: { name: 'Other', email: 'other@example.se', phone: '0709999999', isMobile: false },
    orderReference: null,
  })
  // Swish completes on the 3rd poll of that session; completion books the stock.
  for (let poll = 0; poll < 5; poll += 1) {
    const session = (await (await call('GET', api(shop, '/cart'))).json()) as { paymentStatus?: string }
    if (session.paymentStatus === 'COMPLETED') return
  }
  throw new Error('the other customer’s payment did not complete')
}

describe('out of stock at payment', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`marks the lines over stock and says so under payment (${viewport})`, async () => {
      const page = await b.page({ viewport })
      await page.goto('/cafe')
      const since = Date.now()
      // Cinnamon bun: stock 3, all three in this cart.
      await page.getByRole('button', { name: /^\s*cinnamon bun\b/i }).first().click({ timeout: 15_000 })
      const dialog = page.getByRole('dialog', { name: /cinnamon bun/i })
      const increase = dialog.getByRole('button', { name: /increase quantity/i })
      await increase.click()
      await increase.click()
      await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
      await dialog.waitFor({ state: 'hidden' })
      await cartPushed('cafe', since)

      // Meanwhile another customer buys one: 2 left, this cart is 1 over.
      await otherCustomerBuys('cafe', 'cinnamon-bun', 1)

      await page.goto('/cafe/cart')
      await expect.poll(() => stepperValue(stepper(page, 'cinnamon bun')), { timeout: 10_000 }).toBe(3)
      // The shop's own stock already tells, before any payment is tried (SPEC §4).
      const main = page.locator('main')
      await main.getByText(/^only 2 in stock$/i).first().waitFor()
      await main.getByText(/^1 more than in stock$/i).first().waitFor()
      await fillYourInfo(page)
      if (viewport === 'desktop') await payWithSwishDesktop(page)
      else await selectSwish(page)

      await page.getByRole('alert').filter({ hasText: /articles are out of stock/i }).first().waitFor({ timeout: 10_000 })
      await main.getByText(/^only 2 in stock$/i).first().waitFor()
      await main.getByText(/^1 more than in stock$/i).first().waitFor()

      // Down to the stock left: the markers go and the payment can start again.
      await stepper(page, 'cinnamon bun').getByRole('button', { name: /decrease quantity/i }).click()
      await main.getByText(/more than in stock/i).first().waitFor({ state: 'hidden', timeout: 5_000 })
      expect(await page.getByRole('alert').filter({ hasText: /articles are out of stock/i }).count()).toBe(0)
    })
  }

  it('keeps the marker and the alert on a line still short when another is lowered, and cancels nothing', async () => {
    const page = await b.page()
    // Put through the API, as another tab would: 4 buns (3 in stock) and a pie (none left).
    await putCart(page, 'cafe', [
      { productId: 'cinnamon-bun', count: 4 },
      { productId: 'blueberry-pie', count: 1 },
    ])
    await page.goto('/cafe/cart')
    await expect.poll(() => stepperValue(stepper(page, 'cinnamon bun')), { timeout: 10_000 }).toBe(4)
    await fillYourInfo(page)
    await payWithSwishDesktop(page)

    const alert = page.getByRole('alert').filter({ hasText: /articles are out of stock/i })
    await alert.first().waitFor({ timeout: 10_000 })
    const line = (title: string) => page.locator('main li').filter({ has: stepper(page, title) })
    await line('cinnamon bun').getByText(/^only 3 in stock$/i).waitFor()
    await line('cinnamon bun').getByText(/^1 more than in stock$/i).waitFor()
    await line('blueberry pie').getByText(/^1 more than in stock$/i).waitFor()

    // The buns down to the stock: their marker goes; the pie is still short, and so marked and told.
    const since = Date.now()
    await stepper(page, 'cinnamon bun').getByRole('button', { name: /decrease quantity/i }).click()
    await cartPushed('cafe', since)
    await line('cinnamon bun').getByText(/more than in stock/i).waitFor({ state: 'hidden', timeout: 5_000 })
    await line('blueberry pie').getByText(/^out of stock$/i).waitFor()
    await line('blueberry pie').getByText(/^1 more than in stock$/i).waitFor()
    await alert.first().waitFor()
    // The refused start left no payment: no cancel went out for it.
    const cancels = (await requestsSince(b.baseUrl, since)).filter((r) => r.path === api('cafe', '/cart/cancelPayment'))
    expect(cancels).toEqual([])

    // The pie removed: nothing is short, the alert goes.
    await stepper(page, 'blueberry pie').getByRole('button', { name: /decrease quantity/i }).click()
    await stepper(page, 'blueberry pie').waitFor({ state: 'detached', timeout: 5_000 })
    await alert.first().waitFor({ state: 'hidden', timeout: 5_000 })
  })

  it('caps every count by the stock the refusal reported, not the menu’s older one', async () => {
    const page = await b.page()
    // The menu was read when 10 buns were left; the platform has 3.
    await page.route(shopUrl('cafe'), async (route) => {
      const answer = await (await route.fetch()).json()
      answer.articles['cinnamon-bun'].count = 10
      await route.fulfill({ json: answer })
    })
    await putCart(page, 'cafe', [{ productId: 'cinnamon-bun', count: 4 }])
    await page.goto('/cafe/cart')
    const buns = stepper(page, 'cinnamon bun')
    await expect.poll(() => stepperValue(buns), { timeout: 10_000 }).toBe(4)
    const increase = buns.getByRole('button', { name: /increase quantity/i })
    expect(await increase.isEnabled()).toBe(true)
    await fillYourInfo(page)
    await payWithSwishDesktop(page)
    await page.getByRole('alert').filter({ hasText: /articles are out of stock/i }).first().waitFor({ timeout: 10_000 })

    // The cart page's '+' stops at the 3 reported, also once the line is down to them.
    await expect.poll(() => increase.isDisabled(), { timeout: 5_000 }).toBe(true)
    await buns.getByRole('button', { name: /decrease quantity/i }).click()
    await expect.poll(() => stepperValue(buns), { timeout: 5_000 }).toBe(3)
    expect(await increase.isDisabled()).toBe(true)

    // The menu (no reload) tells the same: the three in the cart are all there are.
    await page.locator('header').getByRole('link').first().click()
    const bun = page.getByRole('button', { name: /^\s*cinnamon bun\b/i }).first()
    await bun.waitFor({ timeout: 10_000 })
    await page.locator('main').getByText(/^out of stock$/i).first().waitFor({ timeout: 5_000 })
    if (await bun.isEnabled()) {
      await bun.click()
      const dialog = page.getByRole('dialog', { name: /cinnamon bun/i })
      await dialog.getByText(/out of stock/i).first().waitFor()
      expect(await dialog.getByRole('button', { name: /^\s*add\b/i }).isDisabled()).toBe(true)
    }
  })
})

describe('lines the shop no longer sells', () => {
  it('offers no payment while a line or an add-on is off the menu, and pays once they are gone', async () => {
    const page = await b.page()
    // A cart filled before the merchant took the mug and the caramel syrup off the menu: the
    // platform's cart still has them, the shop's answer no longer does.
    await putCart(page, 'cafe', [
      { productId: 'mug', count: 2 },
      { productId: 'cappuccino', count: 1, deviations: ['whole', 'caramel'] },
    ])
    await page.route(shopUrl('cafe'), async (route) => {
      const answer = await (await route.fetch()).json()
      delete answer.articles.mug
      delete answer.deviations.caramel
      answer.deviationGroups.extras.deviationIds = answer.deviationGroups.extras.deviationIds.filter((id: string) => id !== 'caramel')
      await route.fulfill({ json: answer })
    })
    await page.goto('/cafe/cart')
    await page.getByText(/^no longer on the menu$/i).waitFor({ timeout: 10_000 })
    const main = page.locator('main')
    await main.getByText(/add-on no longer on the menu/i).waitFor()
    await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
    const email = page.getByRole('textbox', { name: /^email\b/i })
    await email.fill('anna@example.se')
    await email.blur()
    const alert = page.getByRole('alert').filter({ hasText: /some items in your cart are no longer on the menu\. remove them to pay\./i })
    await alert.waitFor()
    expect(await choosePayment(page).count()).toBe(0)

    // The mugs removed; the cappuccino's Edit drops the add-on the popup cannot show: payment is offered.
    await stepper(page, 'no longer on the menu').getByRole('button', { name: /decrease quantity/i }).click()
    await stepper(page, 'no longer on the menu').getByRole('button', { name: /decrease quantity/i }).click()
    await alert.waitFor()
    await main.getByRole('button', { name: /edit/i }).click()
    const dialog = page.getByRole('dialog', { name: /cappuccino/i })
    await dialog.getByRole('button', { name: /^update\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })
    await choosePayment(page).waitFor({ timeout: 10_000 })
    await alert.waitFor({ state: 'hidden' })
    // What the platform will charge is what the page shows, once the debounced push is out.
    const platformLines = async () => {
      const answer = await (await page.request.get('/api/v2/webshop/cafe/cart')).json()
      return answer.cart.map((line: { productId: string; deviations: string[] }) => [line.productId, line.deviations])
    }
    await expect.poll(platformLines, { timeout: 10_000 }).toEqual([['cappuccino', ['whole']]])
  })
})

describe('two tabs of one browser', () => {
  it('takes up what changed on the platform while this tab was out of view, so its own Add keeps it (SPEC §4)', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    const added = Date.now()
    await addSimple(page, 'Latte')
    await cartPushed('cafe', added)
    // Meanwhile the platform's cart gained an espresso (the same session, not a tab of this
    // browser: nothing tells this tab but its return into view).
    const platformCart = async () => ((await (await page.request.get(new URL(api('cafe', '/cart'), b.baseUrl).href)).json()) as { cart: { productId: string; count: number }[] }).cart
    const before = await platformCart()
    expect((await page.request.put(new URL(api('cafe', '/cart'), b.baseUrl).href, { data: { cart: [...before, { id: 'elsewhere', productId: 'espresso', count: 1, deviations: [], description: '' }], tabItems: [] } })).status()).toBe(204)
    // The tab comes back into view (headless Chromium keeps pages visible: the event is sent by hand).
    let since = Date.now()
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect
      .poll(async () => (await requestsSince(b.baseUrl, since)).filter((r) => r.method === 'GET' && r.path === api('cafe', '/cart')).length, { timeout: 10_000 })
      .toBeGreaterThan(0)
    since = Date.now()
    await addSimple(page, 'Cinnamon bun')
    await cartPushed('cafe', since)
    // Nothing the platform had is lost to this tab's older cart.
    expect((await platformCart()).map((line) => line.productId).sort()).toEqual(['cinnamon-bun', 'espresso', 'latte'])
  })

  it('takes up at once what the window beside it added, both in view, so its own Add keeps it (SPEC §4)', async () => {
    const first = await b.page()
    await first.goto('/cafe')
    await addSimple(first, 'Latte')
    // A second window of the same browser: the same platform session, loaded with the latte.
    const second = await first.context().newPage()
    await second.goto('/cafe')
    await second.getByRole('button', { name: /^\s*Espresso\b/i }).first().waitFor({ timeout: 15_000 })
    await expect.poll(async () => (await requestsSince(b.baseUrl, 0)).some((r) => r.method === 'GET' && r.path === api('cafe', '/cart'))).toBe(true)
    // The first window adds an espresso; the second reads the session as soon as it is sent,
    // with no visibilitychange (two windows side by side both stay in view).
    let since = Date.now()
    await addSimple(first, 'Espresso')
    await cartPushed('cafe', since)
    await expect
      .poll(async () => (await requestsSince(b.baseUrl, since)).filter((r) => r.method === 'GET' && r.path === api('cafe', '/cart')).length, { timeout: 10_000 })
      .toBeGreaterThan(0)
    since = Date.now()
    await addSimple(second, 'Cinnamon bun')
    await cartPushed('cafe', since)
    const platform = (await (await second.request.get(new URL(api('cafe', '/cart'), b.baseUrl).href)).json()) as { cart: { productId: string }[] }
    expect(platform.cart.map((line) => line.productId).sort()).toEqual(['cinnamon-bun', 'espresso', 'latte'])
  })
})
