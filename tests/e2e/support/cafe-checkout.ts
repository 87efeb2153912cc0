/**
 * Steps the payment suites share on the sandbox's `cafe` shop (SPEC §2 "Cart page", §4;
 * CONTRACT.md's English names): a Latte in the cart with Your info filled in, the method
 * buttons, the card form, the Viva redirect to the sandbox's simulated checkout, the receipt.
 */
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { requestsSince, type SandboxRequest } from './browser'
import { putCart } from '../model/shop-steps'

/** Swish completes on the 3rd 1 s poll; a card on the poll after confirmation (milliseconds). */
export const PAYMENT_TIMEOUT = 15_000

/** The cafe's webshop API path with `rest` after it (`/cart`, `/cart/startPayment`). */
export const cafeApi = (rest = '') => `/api/v2/webshop/cafe${rest}`

/** Requests the sandbox at `baseUrl` saw since `since` (epoch ms) with this method and exact path. */
export async function sandboxCalls(baseUrl: string, since: number, method: string, path: string): Promise<SandboxRequest[]> {
  return (await requestsSince(baseUrl, since)).filter((r) => r.method === method && r.path === path)
}

/**
 * A Latte in the cart, put through the sandbox's API with the page's cookies → the cart page
 * with the cafe's required Your info filled in. Choosing on the menu is the ordering and journey
 * tests' part; here it would only cost each payment test a page load.
 */
export async function cartReadyToPay(page: Page): Promise<void> {
  await putCart(page, 'cafe', [{ productId: 'latte', count: 1 }])
  await page.goto('/cafe/cart')
  await page.getByRole('heading', { name: /your cart/i }).waitFor({ timeout: 10_000 })
  await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
  const email = page.getByRole('textbox', { name: /^email\b/i })
  await email.fill('anna@example.se')
  await email.blur()
  await page.getByRole('heading', { name: /choose payment method/i }).waitFor()
}

/** A payment method's button, by its exact English name. */
export function methodButton(page: Page, name: 'Swish' | 'Card' | 'Viva Wallet'): Locator {
  return page.getByRole('button', { name: new RegExp(`^${name}$`, 'i') })
}

/** Types a card number into the (simulated) card form and presses Pay once it is enabled. */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel(/card number/i).waitFor({ timeout: 10_000 })
  await page.getByLabel(/card number/i).fill(card)
  const pay = page.getByRole('button', { name: /^pay$/i })
  await expect.poll(() => pay.isEnabled(), { timeout: 5_000 }).toBe(true)
  await pay.click()
}

/**
 * Sends the live Viva redirect to the sandbox's simulated checkout (the e2e build has no
 * VITE_VIVA_CHECKOUT_URL, so the app sends the browser to the live host); returns the URLs
 * the app asked for, filled in as it asks.
 */
export async function routeVivaToSandbox(page: Page, baseUrl: string): Promise<URL[]> {
  const asked: URL[] = []
  await page.route('https://www.vivapayments.com/**', async (route) => {
    const requested = new URL(route.request().url())
    asked.push(requested)
    const target = new URL('/sandbox/viva/checkout', baseUrl)
    target.search = requested.search
    await route.fulfill({ status: 302, headers: { location: target.href } })
  })
  return asked
}

/** The cafe's receipt page opened ('Thank you' and its URL); `timeout` in milliseconds. */
export async function expectReceipt(page: Page, timeout = PAYMENT_TIMEOUT): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /thank you/i }).waitFor({ timeout })
  expect(page.url()).toMatch(/\/cafe\/receipt\/[\w.-]+$/)
}
