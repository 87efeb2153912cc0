/**
 * Menu page rules in the browser (SPEC §2 "Menu page", "Shop layout"; CONTRACT.md "Header",
 * "Mobile bottom bar"): the sticky category bar shows the cart summary once it is stuck on a
 * desktop, where the header's summary has scrolled away; on a phone the bottom bar is the cart
 * summary. Against the sandbox's `cafe` (Latte 49,00 kr has no deviation groups).
 */
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { useBrowser } from './support/browser'

const b = useBrowser()

/** A link's visible text with its whitespace (no-break spaces in prices) made plain. */
async function textOf(link: Locator): Promise<string> {
  return ((await link.textContent({ timeout: 5_000 })) ?? '').replace(/\s+/g, ' ').trim()
}

/** Scrolls the page to `y` (CSS pixels) and waits until the bar is (or is not) at the top. */
async function scrollTo(page: Page, bar: Locator, y: number, stuck: boolean): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y)
  await expect.poll(async () => ((await bar.boundingBox())?.y ?? Infinity) <= 1, { message: `bar stuck: ${stuck}` }).toBe(stuck)
}

/** Adds one Latte through the popup and waits until it has closed, URL included. */
async function addLatte(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^\s*Latte\b/i }).first().click({ timeout: 10_000 })
  const dialog = page.getByRole('dialog', { name: /latte/i })
  await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
  await dialog.waitFor({ state: 'hidden' })
  // The popup is hidden first and leaves its URL after that paint.
  await page.waitForURL((url) => !url.searchParams.has('product'))
}

describe('the sticky category bar (SPEC §2 "Menu page")', () => {
  it('shows the cart summary once stuck on a desktop, with the header\'s numbers, and hides it again at the top', async () => {
    const page = await b.page({ viewport: { width: 1280, height: 600 } })
    await page.goto('/cafe')
    const bar = page.getByRole('navigation', { name: /categories/i })
    const header = page.getByRole('banner')
    const headerCart = header.getByRole('link', { name: /cart/i })
    await bar.waitFor()
    await addLatte(page)
    await expect.poll(() => textOf(headerCart)).toMatch(/1 item.*49,00/)
    const barCart = bar.getByRole('link', { name: /cart/i })
    // Not stuck: the header's summary is on screen, the bar has none.
    expect(await barCart.count()).toBe(0)

    await scrollTo(page, bar, 700, true)
    await barCart.waitFor({ timeout: 10_000 })
    const headerBox = await header.boundingBox()
    expect(headerBox, 'the header is laid out').not.toBeNull()
    expect((headerBox?.y ?? 0) + (headerBox?.height ?? 0), 'the header has scrolled away').toBeLessThanOrEqual(0)
    expect(await textOf(barCart)).toBe(await textOf(headerCart))
    expect(await barCart.getAttribute('href')).toBe('/cafe/cart')

    // Another Latte (pressing it scrolls the page back to its card): the stuck bar follows.
    await addLatte(page)
    await scrollTo(page, bar, 700, true)
    await expect.poll(() => textOf(barCart)).toMatch(/2 items.*98,00/)
    await barCart.click()
    await page.waitForURL(/\/cafe\/cart/)

    await page.goBack()
    await bar.waitFor()
    await scrollTo(page, bar, 0, false)
    await expect.poll(() => barCart.count()).toBe(0)
  })

  it('on a phone leaves the cart summary to the bottom bar', async () => {
    const page = await b.page({ viewport: 'phone' })
    await page.goto('/cafe')
    const bar = page.getByRole('navigation', { name: /categories/i })
    await bar.waitFor()
    await scrollTo(page, bar, 900, true)
    // Give the bar time to react to being stuck before checking it stayed without a cart link.
    await page.waitForTimeout(300)
    expect(await bar.getByRole('link', { name: /cart/i }).count()).toBe(0)
    await page.getByRole('navigation', { name: /^cart$/i }).getByRole('link', { name: /to cart/i }).waitFor()
  })
})
