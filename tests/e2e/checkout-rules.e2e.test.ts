/**
 * Spec rules of the checkout and the shop gate that the other suites did not look at, in the
 * browser against the sandbox (SPEC §2 "Shop gate", "Cart page", "Other pages", §4 "Payment
 * states", §5, §8; CONTRACT.md "Routes beyond the spec's table"): one click switches method
 * after a payment ended, polling stops while the customer is away from the cart, `?table=` is
 * the order reference by itself, any failed reference check is "not found", a 5xx that names
 * its failure is shown with that name, the payment-complete screen links the receipt and its
 * download, and a COMPLETED session without a receipt id never opens an empty receipt.
 * Answers the sandbox cannot give are made with `page.route`.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { faults, useBrowser } from './support/browser'
import { cafeApi, cartReadyToPay, expectReceipt, methodButton, PAYMENT_TIMEOUT, payWithCard, routeVivaToSandbox as routeViva, sandboxCalls } from './support/cafe-checkout'

const b = useBrowser()

beforeEach(async () => {
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
  await faults(b.baseUrl).clear()
})

const calls = (since: number, method: string, path: string) => sandboxCalls(b.baseUrl, since, method, path)
const routeVivaToSandbox = (page: Page) => routeViva(page, b.baseUrl)

const startPayments = (since: number) => calls(since, 'POST', cafeApi('/cart/startPayment'))
const cancelPayments = (since: number) => calls(since, 'POST', cafeApi('/cart/cancelPayment'))
const sessionPolls = (since: number) => calls(since, 'GET', cafeApi('/cart'))

function alert(page: Page, text: RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text }).first()
}

/** Desktop Swish started with `phone`; resolves once the app is waiting for approval. */
async function swishStarted(page: Page, phone: string): Promise<void> {
  await methodButton(page, 'Swish').click()
  await page.getByRole('textbox', { name: /phone number/i }).fill(phone)
  await page.getByRole('button', { name: /start payment/i }).click()
}

const swishWaiting = (page: Page) => page.getByText(/open the swish app and approve the payment/i)

/** The session as the customer's browser would get it: polls the sandbox with the page's cookies. */
async function pollAsTheBrowser(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await page.request.get(cafeApi('/cart'))
    expect(res.ok()).toBe(true)
  }
}

/** The header's link home (the logo, or 'Home' without one). */
const homeLink = (page: Page) => page.getByRole('banner').getByRole('link').first()
const headerCartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /cart/i })

describe('one click switches method after a payment ended (SPEC §4 restart, §2 selecting starts)', () => {
  it('after a declined Swish payment, one click on Card selects it and starts it', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    const since = Date.now()
    await swishStarted(page, '0700000001')
    await alert(page, /declined by payer/i).waitFor({ timeout: PAYMENT_TIMEOUT })
    await methodButton(page, 'Card').click()
    await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
    expect(await methodButton(page, 'Card').getAttribute('aria-pressed')).toBe('true')
    expect(await startPayments(since)).toHaveLength(2)
    expect(await cancelPayments(since)).toHaveLength(1)
    await payWithCard(page, '4242 4242 4242 4242')
    await expectReceipt(page)
  })

  it('after a start that failed with a 500, one click on Viva Wallet starts it', async () => {
    const page = await b.page()
    await routeVivaToSandbox(page)
    await cartReadyToPay(page)
    const since = Date.now()
    await faults(b.baseUrl).set({ startPayment: 'error500', times: 1 })
    await methodButton(page, 'Card').click()
    await page.getByRole('button', { name: /try again/i }).waitFor({ timeout: 10_000 })
    await methodButton(page, 'Viva Wallet').click()
    await page.waitForURL(/\/sandbox\/viva\/checkout\?/, { timeout: 10_000 })
    expect(await startPayments(since)).toHaveLength(2)
  })

  it('after a declined card on a phone, one click on Viva Wallet starts it', async () => {
    const page = await b.page({ viewport: 'phone' })
    await routeVivaToSandbox(page)
    await cartReadyToPay(page)
    const since = Date.now()
    await methodButton(page, 'Card').click()
    await payWithCard(page, '4000 0000 0000 0002')
    // The next poll sees the session FAILED: the checkout stops and offers the restart.
    await page.getByRole('button', { name: /try again/i }).waitFor({ timeout: PAYMENT_TIMEOUT })
    await methodButton(page, 'Viva Wallet').click()
    await page.waitForURL(/\/sandbox\/viva\/checkout\?/, { timeout: 10_000 })
    expect(await startPayments(since)).toHaveLength(2)
    expect(await cancelPayments(since)).toHaveLength(1)
  })

  it('after a cancelled Swish payment, one click on Card starts it', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    const since = Date.now()
    await swishStarted(page, '0700000002')
    await alert(page, /payment was cancelled/i).waitFor({ timeout: PAYMENT_TIMEOUT })
    await methodButton(page, 'Card').click()
    await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
    expect(await startPayments(since)).toHaveLength(2)
  })

  it('after a declined card, one click on Swish selects it and offers its phone form (desktop), which starts it', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    const since = Date.now()
    await methodButton(page, 'Card').click()
    await payWithCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: /try again/i }).waitFor({ timeout: PAYMENT_TIMEOUT })
    await methodButton(page, 'Swish').click()
    const phone = page.getByRole('textbox', { name: /phone number/i })
    await phone.waitFor({ timeout: 10_000 })
    expect(await methodButton(page, 'Swish').getAttribute('aria-pressed')).toBe('true')
    expect(await alert(page, /declined/i).count()).toBe(0)
    await phone.fill('0701234567')
    await page.getByRole('button', { name: /start payment/i }).click()
    await expectReceipt(page)
    expect(await startPayments(since)).toHaveLength(2)
  })
})

describe('polling and the cart page (SPEC §4 "stops … on leaving", CONTRACT.md routes)', () => {
  it('polls no session while the customer reads the menu, and opens the receipt once back on the cart', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    await swishStarted(page, '0701234567')
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    await homeLink(page).click()
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 10_000 })
    // A poll already in flight may land; after that, nothing while the menu is read.
    await page.waitForTimeout(1_200)
    const quiet = Date.now()
    await page.waitForTimeout(3_000)
    expect(await sessionPolls(quiet)).toHaveLength(0)
    expect(page.url()).not.toMatch(/receipt/)
    // Meanwhile the payment completes (the sandbox moves it on with each session read).
    await pollAsTheBrowser(page, 3)
    await headerCartLink(page).click()
    await expectReceipt(page)
  })
})

describe('the order reference (SPEC §2 "table sets the order reference", §5)', () => {
  it('shows the table in the title and skips the entry screen of a shop that needs a reference, with no echo', async () => {
    const page = await b.page()
    // `bar` takes references, not tables: the answer for ?table=7 is made here, without an
    // orderReference, as a platform that does not echo it would answer.
    await page.route('**/api/v2/webshop/bar/cart?*', async (route) => {
      const url = new URL(route.request().url())
      if (url.searchParams.get('table') === null) return route.fallback()
      url.searchParams.delete('table')
      const response = await route.fetch({ url: url.href })
      const body = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: { ...body, orderReference: null } })
    })
    await page.goto('/bar?table=7')
    await page.getByRole('heading', { level: 1, name: /- 7$/ }).waitFor({ timeout: 10_000 })
    await page.getByRole('heading', { level: 2, name: /^beer$/i }).waitFor({ timeout: 10_000 })
    expect(await page.getByPlaceholder('01').count()).toBe(0)
  })

  it('says "Table number not found" for any failed check, a 500 too, and clears it on typing', async () => {
    const page = await b.page()
    await page.route('**/api/v2/webshop/bar/reference', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }))
    await page.goto('/bar')
    const input = page.getByPlaceholder('01')
    await input.fill('12')
    await page.getByRole('button', { name: /^save$/i }).click()
    const notFound = page.getByText(/table number not found/i)
    await notFound.waitFor({ timeout: 10_000 })
    expect(await page.getByText(/an unknown error has occurred/i).count()).toBe(0)
    await input.press('3')
    await notFound.waitFor({ state: 'hidden' })
  })
})

describe('start-payment failures (SPEC §8)', () => {
  it('shows the name a 5xx answer gives', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    await page.route('**/api/v2/webshop/cafe/cart/startPayment', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ name: 'Card payments are paused' }) }),
    )
    await methodButton(page, 'Card').click()
    await alert(page, /an error occurred, please try again: card payments are paused/i).waitFor({ timeout: 10_000 })
    expect(await alert(page, /could not reach the server/i).count()).toBe(0)
  })

  it('shows the text a 5xx answer gives (SPEC §8 "other failures use the response text")', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    await page.route('**/api/v2/webshop/cafe/cart/startPayment', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal boom' }))
    await methodButton(page, 'Card').click()
    await alert(page, /an error occurred, please try again: internal boom/i).waitFor({ timeout: 10_000 })
    expect(await alert(page, /could not reach the server/i).count()).toBe(0)
  })

  it('keeps "Could not reach the server" for a 5xx without a body', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    await page.route('**/api/v2/webshop/cafe/cart/startPayment', (route) => route.fulfill({ status: 502, body: '' }))
    await methodButton(page, 'Card').click()
    await alert(page, /could not reach the server/i).waitFor({ timeout: 10_000 })
  })
})

describe('payment completed (SPEC §2 "Payment-complete screen", §4)', () => {
  it('links the receipt and its download once the payment completed', async () => {
    const page = await b.page()
    await cartReadyToPay(page)
    await swishStarted(page, '0701234567')
    await swishWaiting(page).waitFor({ timeout: 10_000 })
    // The customer reloads on the menu; the payment completes meanwhile.
    await page.goto('/cafe')
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 10_000 })
    await pollAsTheBrowser(page, 3)
    await page.reload()
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 10_000 })
    // Found completed on the menu: the customer stays there, and finds it on the cart.
    expect(page.url()).not.toMatch(/receipt/)
    await headerCartLink(page).click()
    const done = page.getByRole('region', { name: /payment completed/i })
    await done.waitFor({ timeout: 10_000 })
    const view = done.getByRole('link', { name: /view receipt/i })
    const href = (await view.getAttribute('href')) ?? ''
    expect(href).toMatch(/^\/cafe\/receipt\/[\w.-]+$/)
    const receiptId = href.split('/').pop() ?? ''
    const download = done.getByRole('link', { name: /download receipt/i })
    expect(await download.getAttribute('href')).toBe(`/api/v2/webshop/cafe/receipt/${receiptId}/download`)
    expect(await download.getAttribute('target')).toBe('_blank')
    await view.click()
    await expectReceipt(page)
  })

  it('does not open an empty receipt: it waits, then says the payment went through, with a link to the menu', async () => {
    const page = await b.page()
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url())
    })
    // A platform that marks the payment COMPLETED before it has a receipt id.
    await page.route('**/api/v2/webshop/cafe/cart', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback()
      const response = await route.fetch()
      const body = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: body.paymentStatus === 'COMPLETED' ? { ...body, receiptId: null } : body })
    })
    await cartReadyToPay(page)
    await swishStarted(page, '0701234567')
    await page.getByText(/payment successful, creating your receipt…/i).waitFor({ timeout: PAYMENT_TIMEOUT })
    const done = page.getByRole('region', { name: /payment completed/i })
    await done.waitFor({ timeout: PAYMENT_TIMEOUT })
    await done.getByText(/your payment went through/i).waitFor()
    expect(await done.getByRole('link', { name: /back to the menu/i }).getAttribute('href')).toBe('/cafe')
    expect(page.url()).toMatch(/\/cafe\/cart$/)
    expect(visited.filter((url) => /\/receipt\//.test(url))).toEqual([])
  })
})
