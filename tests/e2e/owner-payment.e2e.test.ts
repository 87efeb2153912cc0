/**
 * The company card payment page in the browser (SPEC §2 "Card payment page", §4, §8, §9;
 * CONTRACT.md "Card payment test mode"): Swedish labels and the amount in SEK, the simulated
 * provider's test mode, an unknown provider error, a declined card, a card that needs action and
 * is confirmed again, the 5 s poll until COMPLETED and the completed heading; an already paid
 * intent; and 'Failed to fetch payment intent'. Sandbox intents: `pi_company_demo` (open,
 * 1 250,00 kr) and `pi_company_paid` (sandbox/README.md).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { checkA11y, formatA11y, useBrowser } from './support/browser'

const b = useBrowser()

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
async function a11y(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  // The simulated card element is the provider's, not ours (Stripe's is an iframe).
  return formatA11y(await checkA11y(page, { exclude: ['[class*="cardSlot"]'] }))
}

beforeEach(async () => {
  // Confirmations change the demo intents; every test starts from the open one.
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok).toBe(true)
})

async function pay(page: Page, card: string): Promise<void> {
  await page.getByLabel('Kortnummer').fill(card)
  await page.getByRole('button', { name: /Betala/ }).click()
}

describe('/company/{companyId}/payment/{paymentIntentId}', () => {
  it('pays in Swedish: unknown error, declined, then requires_action confirmed again, polled until completed', async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/company/cafe/payment/pi_company_demo')
    await page.getByRole('heading', { name: 'Kortbetalning' }).waitFor({ timeout: 10_000 })
    await page.getByText('Belopp', { exact: true }).waitFor()
    await page.getByText(/1\s250,00\s*kr/).waitFor()
    await page.getByText('Testläge', { exact: true }).waitFor()
    await page.getByLabel('Kortnummer').waitFor()
    expect(await a11y(page)).toEqual([])

    await pay(page, '4000000000009995')
    await page.getByRole('alert').filter({ hasText: 'Ett okänt fel uppstod, försök igen' }).waitFor()
    await pay(page, '4000000000000002')
    // The provider's own words, in the Swedish of its card form (SPEC §9).
    await page.getByRole('alert').filter({ hasText: 'Ett fel uppstod, försök igen: Ditt kort nekades.' }).waitFor()

    // The sandbox logs only /api calls; the simulated provider's confirmations are seen in the page.
    const seen: { path: string; at: number }[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path === '/sandbox/card/confirm' || path === '/api/v1/company/cafe/payments/pi_company_demo') seen.push({ path, at: Date.now() })
    })
    await pay(page, '4000002500003155')
    // The card went through: a success message until the platform completes the intent (SPEC §4).
    await page.getByText('Betalningen lyckades och slutförs…').first().waitFor()
    await page.getByRole('heading', { name: 'Betalningen är genomförd' }).waitFor({ timeout: 15_000 })
    const confirms = seen.filter((r) => r.path === '/sandbox/card/confirm')
    const polls = seen.filter((r) => r.path !== '/sandbox/card/confirm')
    expect(confirms).toHaveLength(2)
    expect(polls.length).toBeGreaterThanOrEqual(1)
    // The first poll comes one 5 s interval after the confirmation, not at once.
    expect((polls[0]?.at ?? 0) - (confirms[1]?.at ?? 0)).toBeGreaterThanOrEqual(4500)
  })

  it.each([
    ['en-US', 'en', 'Pay', 'Test mode', 'An error occurred, please try again', 'Thank you! You can close this page.'],
    ['fi-FI', 'fi', 'Maksa', 'Testitila', 'Tapahtui virhe, yritä uudelleen', 'Kiitos! Voit sulkea tämän sivun.'],
  ] as const)('keeps Swedish labels and a Swedish card form for a %s visitor, with glosses in that language', async (locale, lang, pay_, testMode, failed, closePage) => {
    const page = await b.page({ locale })
    await page.goto('/company/cafe/payment/pi_company_demo')
    const payButton = page.getByRole('button', { name: `Betala (${pay_})` })
    await payButton.waitFor({ timeout: 10_000 })
    await page.getByText(`Testläge (${testMode})`).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe(lang)
    expect(await page.locator('[lang="sv"]').count()).toBeGreaterThan(0)
    // The card form is the provider's (Stripe Elements), in Swedish whatever the page language (SPEC §9).
    await page.getByLabel('Kortnummer').waitFor()
    expect(await page.getByLabel(/card number|kortin numero/i).count()).toBe(0)
    // Each gloss is marked with the visitor's language, for screen readers (WCAG 3.1.2).
    expect(await page.locator(`span[lang="${lang}"]`).filter({ hasText: `(${pay_})` }).count()).toBe(1)
    // Only our words are glossed: the provider's message (Swedish, as its form) is shown once, as it came.
    await pay(page, '4000000000000002')
    const alert = page.getByRole('alert').filter({ hasText: 'Ditt kort nekades.' })
    await alert.waitFor()
    expect(await alert.textContent()).toBe(`Ett fel uppstod, försök igen (${failed}): Ditt kort nekades.`)
    await pay(page, '4242424242424242')
    await page.getByRole('heading', { name: /Betalningen är genomförd/ }).waitFor({ timeout: 15_000 })
    // Every text is glossed, not only the short labels.
    await page.getByText(`Tack! Du kan stänga den här sidan. (${closePage})`).waitFor()
  })

  it('reloaded after the card was paid but before the platform completed it: success, no Pay, polls every 5 s', async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/company/cafe/payment/pi_company_demo')
    await page.getByRole('button', { name: /Betala/ }).waitFor({ timeout: 10_000 })
    // Pay went through at the card provider; the platform has not heard of it (no webhook: the
    // sandbox completes a company payment only through its confirm route). The client secret is
    // the one the company payment's GET answers.
    const url = (path: string) => new URL(path, b.baseUrl).href
    const { paymentIntent } = (await (await page.request.get(url('/api/v1/company/cafe/payments/pi_company_demo'))).json()) as {
      paymentIntent: { status: string; paymentData: { clientSecret: string } }
    }
    expect(paymentIntent.status).not.toBe('COMPLETED')
    const recorded = await page.request.post(url('/sandbox/card/intent'), { data: { clientSecret: paymentIntent.paymentData.clientSecret, status: 'succeeded' } })
    expect(recorded.status()).toBe(204)

    const polls: number[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/company/cafe/payments/pi_company_demo') polls.push(Date.now())
    })
    await page.reload()
    // A second Pay would be refused: the page shows the success message, not the form (SPEC §4).
    await page.getByText('Betalningen lyckades och slutförs…').first().waitFor({ timeout: 10_000 })
    expect(await page.getByRole('button', { name: /Betala/ }).count()).toBe(0)
    expect(await page.getByLabel('Kortnummer').count()).toBe(0)
    // The load, then a poll every 5 s while the platform has not completed it.
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3)
    expect((polls[1] ?? 0) - (polls[0] ?? 0)).toBeGreaterThanOrEqual(4500)
    expect((polls[2] ?? 0) - (polls[1] ?? 0)).toBeGreaterThanOrEqual(4500)
    expect(await page.getByRole('button', { name: /Betala/ }).count()).toBe(0)
  })

  it('reloaded before Pay: the form and Pay, as before', async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/company/cafe/payment/pi_company_demo')
    await page.getByLabel('Kortnummer').waitFor({ timeout: 10_000 })
    await page.reload()
    const payButton = page.getByRole('button', { name: /Betala/ })
    await page.getByLabel('Kortnummer').waitFor({ timeout: 10_000 })
    await expect.poll(() => payButton.isEnabled(), { timeout: 10_000 }).toBe(true)
    expect(await page.getByText('Betalningen lyckades och slutförs…').count()).toBe(0)
    await pay(page, '4242424242424242')
    await page.getByRole('heading', { name: 'Betalningen är genomförd' }).waitFor({ timeout: 15_000 })
  })

  it('shows the completed heading at once for a paid intent', async () => {
    const page = await b.page({ locale: 'sv-SE' })
    await page.goto('/company/cafe/payment/pi_company_paid')
    await page.getByRole('heading', { name: 'Betalningen är genomförd' }).waitFor({ timeout: 10_000 })
    expect(await page.getByRole('button', { name: /Betala/ }).count()).toBe(0)
  })

  it('says "Failed to fetch payment intent" on a non-ok answer', async () => {
    const page = await b.page({ locale: 'en-US' })
    await page.goto('/company/cafe/payment/pi_nope')
    await page.getByRole('alert').filter({ hasText: 'Det gick inte att hämta betalningen (Failed to fetch payment intent)' }).waitFor({ timeout: 10_000 })
    expect(await page.getByRole('button', { name: /Betala/ }).count()).toBe(0)
    expect(await page.title()).toBe('Det gick inte att hämta betalningen (Failed to fetch payment intent) – Kortbetalning (Card payment)')
  })
})
