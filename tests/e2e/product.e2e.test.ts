/**
 * Product choice in the browser (SPEC §2 "Product popup and product page", §5 deviation groups
 * and stock; CONTRACT.md "Words and roles"): radio vs checkbox groups and their hints, 'None'
 * in an optional single-choice group, the stock cap, an out-of-stock article, the LARGE_IMAGE
 * product page, and editing a cart line. Against
 * the sandbox's `cafe` (Milk 1..1, Extras 0..2, Cinnamon bun stock 3, Blueberry pie out of
 * stock) and `kahvila` (LARGE_IMAGE, EUR).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
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

/** Money as the page shows it: Intl puts no-break spaces inside (`3,90 €`). */
function moneyRe(text: string): RegExp {
  return new RegExp(text.replace(/\s/g, '\\s*'), 'i')
}

beforeAll(async () => {
  // Stock sold by earlier files (journeys buy Cinnamon buns) must be back at its demo value.
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

/** Opens a product's dialog from the menu and returns it. */
async function openProduct(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('button', { name: new RegExp(`^\\s*${title}\\b`, 'i') })
    .first()
    .click({ timeout: 10_000 })
  const dialog = page.getByRole('dialog', { name: new RegExp(title, 'i') })
  await dialog.waitFor()
  return dialog
}

/** The Add (or Update) button of a dialog or product page; its name may carry the price. */
function addButton(scope: Locator | Page, word: 'add' | 'update' = 'add'): Locator {
  return scope.getByRole('button', { name: new RegExp(`^\\s*${word}\\b`, 'i') })
}

/** The number shown between the quantity buttons: a status in the quantity group, or an input. */
async function quantity(scope: Locator): Promise<number> {
  const shown = scope
    .getByRole('group', { name: /quantity/i })
    .getByRole('status')
    .or(scope.getByRole('spinbutton'))
    .or(scope.getByRole('textbox', { name: /quantity/i }))
    .first()
  const text = (await shown.evaluate((el) => (el instanceof HTMLInputElement ? el.value : el.textContent))) ?? ''
  return Number(text.trim())
}

describe('product choice', () => {
  it('uses radios for a single-choice group and caps a multi-choice group', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    const dialog = await openProduct(page, 'Cappuccino')

    const milk = dialog.getByRole('group', { name: /^\s*milk/i })
    expect(await milk.getByRole('radio').count()).toBe(3)
    expect(await milk.getByRole('checkbox').count()).toBe(0)
    await milk.getByText(/choose exactly 1/i).first().waitFor()
    // A priced deviation carries its price in its name; a free one does not.
    expect(await milk.getByRole('radio', { name: /oat milk.*\+\s*5,00\s*kr/i }).count()).toBe(1)
    expect(await milk.getByRole('radio', { name: /whole milk.*\+/i }).count()).toBe(0)

    const extras = dialog.getByRole('group', { name: /extras/i })
    expect(await extras.getByRole('checkbox').count()).toBe(3)
    await extras.getByText(/choose at most 2/i).first().waitFor()

    const add = addButton(dialog)
    expect(await add.isDisabled()).toBe(true)
    await dialog.getByText(/select all necessary add-ons/i).first().waitFor()

    // Radios: choosing another milk replaces the first.
    await milk.getByRole('radio', { name: /oat milk/i }).check()
    await milk.getByRole('radio', { name: /whole milk/i }).check()
    expect(await milk.getByRole('radio', { checked: true }).count()).toBe(1)
    await expect.poll(() => add.isEnabled()).toBe(true)

    await extras.getByRole('checkbox', { name: /extra shot/i }).check()
    await extras.getByRole('checkbox', { name: /caramel syrup/i }).check()
    const vanilla = extras.getByRole('checkbox', { name: /vanilla syrup/i })
    // At its maximum the group's other box is disabled (and a forced click changes nothing).
    expect(await vanilla.isDisabled()).toBe(true)
    await vanilla.click({ force: true, timeout: 2_000 }).catch(() => undefined)
    expect(await vanilla.isChecked()).toBe(false)
    expect(await extras.getByRole('checkbox', { checked: true }).count()).toBe(2)
    // Unchecking one makes room again.
    await extras.getByRole('checkbox', { name: /caramel syrup/i }).uncheck()
    await vanilla.check()
    expect(await vanilla.isChecked()).toBe(true)

    // 45 + 0 (whole) + 8 (shot) + 5 (vanilla) = 58,00 kr.
    await dialog.getByText(/total/i).first().waitFor()
    await dialog.getByText(moneyRe('58,00 kr')).first().waitFor()
    expect(await a11y(page)).toEqual([])
  })

  it('opens one popup for a double tap, which a single Back closes', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    await page.locator('main h2').first().waitFor()
    const historyBefore = await page.evaluate(() => window.history.length)
    // The popup opens right after the tap's paint (issue 6): a second tap in between adds nothing.
    await page.getByRole('button', { name: /^\s*Cappuccino\b/i }).first().dblclick()
    const dialog = page.getByRole('dialog', { name: /cappuccino/i })
    await dialog.waitFor()
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.history.length)).toBe(historyBefore + 1)
    expect(new URL(page.url()).searchParams.get('product')).toBe('cappuccino')
    await page.goBack()
    await dialog.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).searchParams.get('product')).toBeNull()
  })

  it("shows 'Loading' over the menu when a product is pressed before the popup's code is here", async () => {
    const page = await b.page()
    // A slow network: the popup's code is held until the test lets it through.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/-product-dialog-*.js', async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/cafe')
    await page.locator('main h2').first().waitFor()
    await page.getByRole('button', { name: /^\s*Cappuccino\b/i }).first().click()
    const loading = page.getByRole('status', { name: 'Loading' })
    await loading.waitFor()
    expect(new URL(page.url()).searchParams.get('product')).toBe('cappuccino')
    // The menu stays under it.
    expect(await page.locator('main h2').first().isVisible()).toBe(true)
    release()
    await page.getByRole('dialog', { name: /cappuccino/i }).waitFor()
    await loading.waitFor({ state: 'detached' })
  })

  it('leaves no caret behind when Add closes the popup, after a press or a click on its text', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    /** The selection's type ('None', 'Caret', 'Range') and where it is, for the message. */
    const selection = () =>
      page.evaluate(() => {
        const s = document.getSelection()
        return { type: s?.type ?? 'None', at: `${s?.anchorNode?.nodeName} ${s?.anchorNode?.textContent?.slice(0, 30)}` }
      })
    // A caret left in the gone popup sends Blink searching the menu for a caret position in
    // every frame (docs/performance.md, "Where /megamenu's Add goes").
    for (const clickTextFirst of [false, true]) {
      const dialog = await openProduct(page, 'Espresso')
      if (clickTextFirst) {
        await dialog.getByText('A double shot of our house blend.').click()
        expect((await selection()).type).toBe('Caret')
      }
      // Playwright's click is a real mouse press: Chromium's selection follows it.
      await addButton(dialog).click()
      await dialog.waitFor({ state: 'hidden' })
      const after = await selection()
      expect(after.type, `text clicked first: ${clickTextFirst}; selection at ${after.at}`).toBe('None')
    }
  })

  it('keeps the menu where it was while the popup opens, adds and closes', async () => {
    const page = await b.page({ viewport: { width: 1280, height: 600 } })
    await page.goto('/cafe')
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY))
    const closed = async (dialog: Locator) => {
      await dialog.waitFor({ state: 'hidden' })
      await page.waitForURL((url) => !url.searchParams.has('product'))
    }
    // Far down the menu, so a jump to the top cannot pass for staying put.
    // In the middle of the screen, clear of the sticky bar, so the click itself scrolls nothing.
    await page.getByRole('button', { name: /^\s*Tote bag\b/i }).first().evaluate((card) => card.scrollIntoView({ block: 'center' }))
    const place = await scrollY()
    expect(place).toBeGreaterThan(500)

    const dialog = await openProduct(page, 'Tote bag')
    expect(await scrollY()).toBe(place)
    await addButton(dialog).click()
    await closed(dialog)
    expect(await scrollY()).toBe(place)

    const again = await openProduct(page, 'Tote bag')
    await page.keyboard.press('Escape')
    await closed(again)
    expect(await scrollY()).toBe(place)
  })

  it("clears an optional single-choice group with 'None', by click and by keyboard; a required one has none", async () => {
    const page = await b.page()
    // The cafe's Milk made optional (0..1) on the way: no demo shop has such a group.
    await page.route('**/api/v2/webshop/cafe', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { deviationGroups: Record<string, { minCount: number | null }> }
      const milk = body.deviationGroups['milk']
      if (milk) milk.minCount = 0
      await route.fulfill({ response, json: body })
    })
    await page.goto('/cafe')
    let dialog = await openProduct(page, 'Cappuccino')
    let milk = dialog.getByRole('group', { name: /^\s*milk/i })
    await milk.getByText(/choose at most 1/i).first().waitFor()
    const none = milk.getByRole('radio', { name: /^none$/i })
    expect(await none.isChecked()).toBe(true)
    const oat = milk.getByRole('radio', { name: /oat milk/i })
    const total = dialog.getByText(/^\s*total\s*$/i).locator('..')
    await oat.check()
    await expect.poll(() => total.textContent()).toMatch(moneyRe('50,00 kr'))
    await none.check()
    expect(await milk.getByRole('radio', { checked: true }).count()).toBe(1)
    expect(await oat.isChecked()).toBe(false)
    await expect.poll(() => total.textContent()).toMatch(moneyRe('45,00 kr'))
    // By keyboard: from the last milk, the arrow key lands on 'None'.
    const lactoseFree = milk.getByRole('radio', { name: /lactose free/i })
    await lactoseFree.check()
    await lactoseFree.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => none.isChecked()).toBe(true)
    expect(await lactoseFree.isChecked()).toBe(false)
    expect(await addButton(dialog).isEnabled()).toBe(true)
    expect(await a11y(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })

    // Required (1..1): no 'None', so the chosen milk cannot be taken back.
    await page.unrouteAll()
    await page.reload()
    dialog = await openProduct(page, 'Cappuccino')
    milk = dialog.getByRole('group', { name: /^\s*milk/i })
    await milk.getByText(/choose exactly 1/i).first().waitFor()
    expect(await milk.getByRole('radio').count()).toBe(3)
    expect(await milk.getByRole('radio', { name: /^none$/i }).count()).toBe(0)
  })

  it('caps the quantity at the stock left', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    const dialog = await openProduct(page, 'Cinnamon bun')
    await dialog.getByText(/only 3 in stock/i).first().waitFor()
    const inc = dialog.getByRole('button', { name: /increase quantity/i })
    expect(await quantity(dialog)).toBe(1)
    await inc.click()
    await inc.click()
    expect(await quantity(dialog)).toBe(3)
    // At the stock limit '+' is aria-disabled, so it keeps focus, and a further press (forced past
    // Playwright's own enabled check, which honours aria-disabled) changes nothing.
    expect(await inc.getAttribute('aria-disabled')).toBe('true')
    await inc.click({ force: true })
    expect(await quantity(dialog)).toBe(3)
    await dialog.getByText(moneyRe('105,00 kr')).first().waitFor()
    await addButton(dialog).click()
    await dialog.waitFor({ state: 'hidden' })

    // All three are in the cart now: the bun cannot be added again.
    const again = await openProduct(page, 'Cinnamon bun').catch(() => null)
    if (again) {
      expect(await addButton(again).isDisabled()).toBe(true)
    } else {
      expect(await page.getByText(/out of stock/i).count()).toBeGreaterThan(0)
    }
  })

  it('refuses an article that is out of stock', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    const pie = page.getByRole('button', { name: /^\s*blueberry pie\b/i }).first()
    await pie.waitFor({ timeout: 10_000 })
    // The menu marks it; it either does not open or opens with Add disabled.
    if (await pie.isEnabled()) {
      await pie.click()
      const dialog = page.getByRole('dialog', { name: /blueberry pie/i })
      await dialog.waitFor()
      await dialog.getByText(/out of stock/i).first().waitFor()
      expect(await addButton(dialog).isDisabled()).toBe(true)
    } else {
      await page.getByText(/out of stock/i).first().waitFor()
    }
    const cartLink = page.getByRole('link', { name: /cart/i }).first()
    expect(await cartLink.innerText()).not.toMatch(moneyRe('42,00'))
  })

  it('links a LARGE_IMAGE product to its page and adds from there, with a note', async () => {
    const page = await b.page()
    await page.goto('/kahvila?lang=en')
    const link = page.getByRole('link', { name: /^\s*korvapuusti\b/i }).first()
    await link.click({ timeout: 10_000 })
    await page.waitForURL(/\/kahvila\/products\/korvapuusti/)
    await page.getByRole('heading', { name: /korvapuusti/i }).first().waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    await addButton(page).click()
    const cartLink = page.getByRole('link', { name: /cart/i }).and(page.getByRole('link', { name: moneyRe('3,90 €') }))
    await cartLink.first().waitFor({ timeout: 10_000 })
    expect(await a11y(page)).toEqual([])
    // 'Add more' starts a fresh selection on the same page; a second Add makes two.
    await page.getByRole('button', { name: /add more/i }).click()
    // A product without deviation groups takes an allergy note on its page too (CONTRACT.md),
    // the only place a LARGE_IMAGE shop's customer can write one.
    await page.getByRole('textbox', { name: /allergies/i }).fill('No nuts, please')
    await addButton(page).click()
    const twoInCart = page.getByRole('link', { name: /cart/i }).and(page.getByRole('link', { name: moneyRe('7,80 €') }))
    await twoInCart.first().waitFor({ timeout: 10_000 })
    await twoInCart.first().click()
    await page.getByRole('heading', { name: /cart/i }).first().waitFor({ timeout: 10_000 })
    await page.locator('main').getByText('No nuts, please').waitFor({ timeout: 10_000 })
  })

  it("caps 'Add more' on a product page at the stock the cart leaves after Add (SPEC §5)", async () => {
    const page = await b.page()
    // Korvapuusti: 5 in stock. Four go in; 'Add more' may take only the last one.
    await page.goto('/kahvila/products/korvapuusti?lang=en')
    await page.getByRole('heading', { name: /korvapuusti/i }).first().waitFor({ timeout: 15_000 })
    const main = page.locator('main')
    for (let i = 1; i < 4; i++) await main.getByRole('button', { name: 'Increase quantity' }).click()
    expect(await quantity(main)).toBe(4)
    await addButton(page).click()
    await page.getByRole('link', { name: moneyRe('15,60 €') }).first().waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: /add more/i }).click()
    await main.getByText(/only 1 in stock/i).waitFor()
    expect(await quantity(main)).toBe(1)
    expect(await main.getByRole('button', { name: 'Increase quantity' }).getAttribute('aria-disabled')).toBe('true')
    await addButton(page).click()
    await page.getByRole('link', { name: moneyRe('19,50 €') }).first().waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: /add more/i }).click()
    await main.getByText(/out of stock/i).first().waitFor()
    expect(await addButton(page).isDisabled()).toBe(true)
  })

  it('tells each Add in a status line that was in the page before, once the popup has let go of the page (WCAG 4.1.3)', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 15_000 })
    for (const round of [1, 2]) {
      const dialog = await openProduct(page, 'Latte')
      // Mark the status lines there are now, and log each text they get with whether a modal
      // dialog still made the rest of the page inert at that moment.
      await page.evaluate(() => {
        const log: { text: string; modal: boolean; before: boolean }[] = []
        ;(window as unknown as { told: typeof log }).told = log
        for (const el of document.querySelectorAll('[role="status"]')) el.setAttribute('data-before', '')
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[role="status"]')) {
            const text = el.textContent ?? ''
            if (/added to cart/i.test(text) && !log.some((entry) => entry.text === text)) {
              log.push({ text, modal: document.querySelector('dialog:modal') !== null, before: el.hasAttribute('data-before') })
            }
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true })
      })
      await addButton(dialog).click()
      await dialog.waitFor({ state: 'hidden' })
      await page.getByRole('status').filter({ hasText: /^added to cart: 1 × latte$/i }).waitFor({ timeout: 5_000 })
      const told = await page.evaluate(() => (window as unknown as { told: unknown }).told)
      expect(told, `round ${round}`).toEqual([{ text: 'Added to cart: 1 × Latte', modal: false, before: true }])
    }
  })

  it('opens a cart line for editing with Update', async () => {
    const page = await b.page()
    await page.goto('/cafe')
    const dialog = await openProduct(page, 'Latte')
    await addButton(dialog).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: /cart/i }).first().click()
    await page.getByRole('heading', { name: /cart/i }).first().waitFor({ timeout: 10_000 })

    const edit = page
      .locator('main')
      .getByRole('button', { name: /edit|change|latte/i })
      .or(page.locator('main').getByRole('link', { name: /edit|change|latte/i }))
      .first()
    await edit.click()
    const editDialog = page.getByRole('dialog', { name: /latte/i })
    await editDialog.waitFor()
    const update = addButton(editDialog, 'update')
    await update.waitFor()
    expect(await addButton(editDialog).count()).toBe(0)
    await editDialog.getByRole('button', { name: /increase quantity/i }).click()
    await update.click()
    await editDialog.waitFor({ state: 'hidden' })
    // One line of 2 lattes: 98,00 kr.
    await page.locator('main').getByText(moneyRe('98,00 kr')).first().waitFor({ timeout: 10_000 })
  })
})
