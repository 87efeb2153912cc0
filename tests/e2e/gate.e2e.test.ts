/**
 * The shop gate in the browser (SPEC §2 "Shop gate", §5 table number; CONTRACT.md "Words and
 * roles"): unknown shop, closed shop, reference entry and `?table=`, against the built app and
 * the sandbox's demo shops `closed`, `bar` (references 1–50) and `tables` (tables 1–20).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { checkA11y, formatA11y, useBrowser } from './support/browser'

const b = useBrowser()

// The app's CSP forbids inline scripts, which blocks the harness's addScriptTag injection of axe;
// a CDP evaluation is not subject to CSP, so axe is put on the page that way first.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Axe violations on the current page, one line each. */
async function a11y(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  return formatA11y(await checkA11y(page))
}

/** The shop title heading (h1), once its text contains `text`. */
async function expectTitle(page: Page, text: RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text }).waitFor({ timeout: 10_000 })
}

describe('shop gate', () => {
  it("shows the loading spinner while the app's code is still on its way (SPEC §2 gate: loading screen)", async () => {
    const page = await b.page({ viewport: 'phone' })
    // A slow connection: the entry script is held until the spinner has been looked at.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // Nothing may move when the spinner goes (CLS): its box is out of the flow.
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { __shifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/cafe', { waitUntil: 'commit' })
    const spinner = () =>
      page.evaluate(() => {
        const root = document.getElementById('root')
        const before = root ? getComputedStyle(root, '::before') : null
        return { empty: root?.childElementCount === 0, content: before?.content, opacity: before?.opacity, width: before?.width }
      })
    await expect.poll(spinner, { timeout: 5_000 }).toEqual({ empty: true, content: '""', opacity: '1', width: '40px' })
    release()
    // The app's own screens take over; the CSS spinner goes with the empty root.
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 15_000 })
    expect((await spinner()).content).toBe('none')
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
  })

  it('tells the visitor an unknown shop does not exist', async () => {
    const page = await b.page()
    await page.goto('/no-such-shop-here')
    await page.getByRole('heading', { name: /are you sure you entered the correct address\?/i }).waitFor({ timeout: 10_000 })
    // Neither the menu nor a cart is offered for a shop that does not exist.
    expect(await page.getByRole('link', { name: /cart/i }).count()).toBe(0)
    expect(await a11y(page)).toEqual([])
  })

  it('shows a closed shop with its opening hours and no menu', async () => {
    const page = await b.page()
    await page.goto('/closed')
    await page.getByRole('heading', { name: /closed/i }).waitFor({ timeout: 10_000 })
    await page.getByText('Mon–Fri 07–18, Sat 09–16').first().waitFor()
    // The gate stops before the menu: the shop's only category is not shown.
    expect(await page.getByRole('heading', { name: /^coffee$/i }).count()).toBe(0)
    expect(await a11y(page)).toEqual([])
  })

  it('asks for a table number, checks it with the platform and opens the shop with it', async () => {
    const page = await b.page()
    await page.goto('/bar')
    const input = page.getByPlaceholder('01')
    await input.waitFor({ timeout: 10_000 })
    expect(await page.getByText(/table number/i).first().isVisible()).toBe(true)
    expect(await a11y(page)).toEqual([])
    const save = page.getByRole('button', { name: /^save$/i })

    await save.click()
    const empty = page.getByText(/you must enter a table number/i)
    await empty.waitFor()

    // The error clears as soon as the customer types.
    await input.fill('9')
    await empty.waitFor({ state: 'hidden' })

    await input.fill('999')
    await save.click()
    const unknown = page.getByText(/table number not found/i)
    await unknown.waitFor({ timeout: 10_000 })
    expect(await page.getByRole('heading', { level: 1, name: / - 999/ }).count()).toBe(0)

    await input.fill('12')
    await unknown.waitFor({ state: 'hidden' })
    await save.click()
    await expectTitle(page, / - 12\s*$/)
    expect(await page.getByPlaceholder('01').count()).toBe(0)
  })

  it('takes the table from ?table= and shows it in the title', async () => {
    const page = await b.page()
    await page.goto('/tables?table=5')
    await expectTitle(page, / - 5\s*$/)
    expect(await page.getByText(/table number not found/i).count()).toBe(0)
  })

  it('refuses an unknown ?table=', async () => {
    const page = await b.page()
    await page.goto('/tables?table=99')
    await page.getByText(/table number not found/i).first().waitFor({ timeout: 10_000 })
    expect(await page.getByRole('heading', { level: 1, name: / - 99/ }).count()).toBe(0)
  })

  it('asks for a table number on an empty ?table= and still shows the menu (SPEC §5)', async () => {
    const page = await b.page()
    await page.goto('/tables?table=')
    await page.getByRole('alert').filter({ hasText: /you must enter a table number/i }).waitFor({ timeout: 10_000 })
    await page.getByRole('heading', { level: 2 }).first().waitFor()
  })
})
