/**
 * Rules of the spec that the flow suites do not look at, each in the browser against the built
 * app and the sandbox: the receipt's payment-method names in every language (SPEC §2 "Receipt
 * page"), its date sent as a day alone or as a time, the bookkeeping callback's error texts (SPEC §8 "Integration"), `<html lang>` before the
 * app runs (CONTRACT.md "Language"), `/` as the not-found page with the demo shops in the sandbox
 * only (SPEC §2 last row, CONTRACT.md "Routes beyond the spec's table"), and articles without a
 * stock `count` (CONTRACT.md "Wire shapes").
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser } from './support/browser'
import { paidReceiptId } from './support/platform-customer'

const b = useBrowser()

beforeAll(async () => {
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok).toBe(true)
})

/** base64 JSON state as the platform writes it into provider links (SPEC §3). */
const webState = Buffer.from(JSON.stringify({ isWeb: true, companyID: 'cafe', scopeState: 'bookkeeping' })).toString('base64')

describe('receipt payment names (SPEC §2 "Receipt page")', () => {
  it.each([
    ['sv', 'Kort'],
    ['fi', 'Kortti'],
    ['en', 'Card'],
  ])('names a card payment in %s as the cart does (%s)', async (lang, name) => {
    const receiptId = await paidReceiptId(b.baseUrl, { method: 'card' })
    const page = await b.page()
    await page.goto(`/cafe/receipt/${receiptId}?lang=${lang}`)
    const payments = page.locator('ul[aria-label]').filter({ hasText: /\d,\d\d/ })
    await payments.waitFor({ timeout: 10_000 })
    expect((await payments.locator('li span').first().textContent())?.trim()).toBe(name)
  })
})

describe('receipt date (SPEC §2 "Receipt page", CONTRACT.md "Wire shapes")', () => {
  it.each([
    // A day alone is that day wherever the reader is; a time is shown in the seller's zone.
    ['2026-11-30', '2026-11-30'],
    ['2026-11-30T23:30:00Z', '2026-12-01 00:30'],
  ])('shows a receipt created %j as %j', async (sent, shown) => {
    const receiptId = await paidReceiptId(b.baseUrl, { method: 'card' })
    const page = await b.page({ timezoneId: 'America/New_York' })
    await page.route(`**/api/v2/webshop/cafe/receipt/${receiptId}`, async (route) => {
      const answer = await route.fetch()
      await route.fulfill({ response: answer, json: { ...((await answer.json()) as object), dateCreated: sent } })
    })
    await page.goto(`/cafe/receipt/${receiptId}`)
    const date = page.locator('dt', { hasText: /^Date$/ }).locator('+ dd')
    await date.waitFor({ timeout: 10_000 })
    expect((await date.textContent())?.trim()).toBe(shown)
  })
})

describe('bookkeeping callback errors (SPEC §8 "Integration")', () => {
  it.each([
    ['/integrateFortnox', 'consent_required', 'The connection was not approved in Fortnox. Try again and approve it.'],
    ['/integrateVisma', 'login_required', 'You need to sign in to Visma to connect. Try again and sign in.'],
    ['/integrateFortnox', 'error_missing_license', 'The account lacks a package for integrations with Fortnox.'],
    ['/integrateVisma', 'access_denied', 'You did not allow the connection.'],
  ])('%s?error=%s shows its own message and the description', async (path, code, text) => {
    const page = await b.page()
    await page.goto(`${path}?error=${code}&error_description=${encodeURIComponent('Provider details')}`)
    const alert = page.getByRole('alert')
    await alert.filter({ hasText: text }).waitFor()
    expect(await alert.textContent()).toContain('Provider details')
    expect(await alert.textContent()).not.toContain('Something went wrong with the connection')
  })

  it('translates a provider error in Swedish', async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/integrateFortnox?error=consent_required')
    await page.getByRole('alert').filter({ hasText: 'Kopplingen godkändes inte i Fortnox. Försök igen och godkänn den.' }).waitFor()
  })

  it('keeps the generic text for a code the catalog lacks', async () => {
    const page = await b.page()
    await page.goto('/integrateFortnox?error=no_such_code&error_description=Odd')
    await page
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong with the connection. Our developers have been notified. Please try again in a moment' })
      .waitFor()
  })

  it.each([
    ['a JSON name', 'application/json', '{"name":"Integration service down"}', 'Integration service down'],
    ['a text body', 'text/plain', 'Bad gateway', 'Bad gateway'],
  ])('shows the IntegrationFailed text with the message of a 5xx with %s', async (_name, contentType, body, message) => {
    const page = await b.page()
    await page.route('**/api/v1/webshop/bookkeeping/*/integrate/**', (route) => route.fulfill({ status: 502, contentType, body }))
    await page.goto(`/integrateFortnox?code=good-code&state=${encodeURIComponent(webState)}`)
    await page.getByRole('alert').filter({ hasText: `The integration with Fortnox failed: ${message}` }).waitFor()
  })
})

describe('<html lang> before the first paint (CONTRACT.md "Language")', () => {
  /** `<html lang>` once the document has loaded, with the app's own scripts blocked. */
  async function langWithoutTheApp(page: Page, path: string): Promise<string | null> {
    // Only the inline boot script runs: whatever sets lang here, the app did not.
    await page.route('**/assets/**/*.js', (route) => route.abort())
    await page.goto(path, { waitUntil: 'load' })
    return page.locator('html').getAttribute('lang')
  }

  it.each([
    ['the browser language', 'sv-SE', '/cafe', 'sv'],
    ['?lang=', 'sv-SE', '/cafe?lang=fi', 'fi'],
    ["the spec's ?lang=se", 'fi-FI', '/download?lang=se', 'sv'],
    ['English when nothing matches', 'en-US', '/cafe', 'en'],
  ] as const)('follows %s', async (_rule, locale, path, lang) => {
    const page = await b.page({ locale })
    expect(await langWithoutTheApp(page, path)).toBe(lang)
  })

  it('follows the stored choice over the browser language', async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/cafe?lang=fi')
    await page.locator('html[lang="fi"]').waitFor({ timeout: 10_000 })
    expect(await langWithoutTheApp(page, '/cafe')).toBe('fi')
  })
})

describe('/ and unknown paths (SPEC §2 last row)', () => {
  it.each(['/', '/?lang=en', '/no/such/page'])('%s is the not-found page', async (path) => {
    const page = await b.page()
    await page.goto(path)
    await page.getByRole('heading', { name: 'Page not found!' }).waitFor({ timeout: 10_000 })
    expect(await page.getByRole('textbox').count()).toBe(0)
  })

  it('lists the demo shops and opens one by its id at /sandbox (sandbox only)', async () => {
    const page = await b.page()
    await page.goto('/sandbox')
    await page.getByRole('link', { name: /cafe/ }).first().waitFor()
    await page.getByRole('textbox', { name: 'Shop id' }).fill('kahvila')
    await page.getByRole('button', { name: 'Open shop' }).click()
    await page.waitForURL(/\/kahvila$/)
    await page.getByRole('heading', { level: 1, name: /Kahvila Aalto/ }).waitFor({ timeout: 10_000 })
  })
})

describe('stock without count (CONTRACT.md "Wire shapes")', () => {
  it('sells an article whose answer has no count or limitStock, any number of it', async () => {
    const page = await b.page()
    await page.goto('/deli')
    const water = page.getByRole('button', { name: /^\s*Mineralvatten\b/ })
    await water.waitFor({ timeout: 10_000 })
    expect(await water.textContent()).not.toMatch(/out of stock/i)
    await water.click()
    const dialog = page.getByRole('dialog', { name: /Mineralvatten/ })
    await dialog.waitFor()
    for (let i = 0; i < 5; i++) await dialog.getByRole('button', { name: 'Increase quantity' }).click()
    expect(await dialog.getByText(/in stock/i).count()).toBe(0)
    await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })

    await page.goto('/deli/cart')
    await page.getByRole('main').getByText('Mineralvatten').first().waitFor({ timeout: 10_000 })
    await page.getByRole('main').getByText(/120,00\s*kr/).first().waitFor()
    await page.getByRole('button', { name: /^swish$/i }).click()
    await page.getByRole('textbox', { name: /phone number/i }).fill('0701234567')
    await page.getByRole('button', { name: /start payment/i }).click()
    // The platform's own stock check lets it through too: the receipt opens.
    await page.getByRole('heading', { level: 1, name: /thank you/i }).waitFor({ timeout: 15_000 })
    expect(page.url()).toMatch(/\/deli\/receipt\/[\w.-]+$/)
  })
})
