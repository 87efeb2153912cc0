/**
 * The whole Swish journey with the keyboard alone (issue 5 "Accessibility"; STYLE.md §4; SPEC §2):
 * Tab, Shift+Tab, Enter, Space, Escape and typing only. Focus moves into the product dialog and
 * stays there, Escape closes it and focus returns to the product; every focused element shows a
 * visible focus indicator; a form error is announced (role alert or aria-describedby); with
 * `prefers-reduced-motion: reduce` nothing animates. A page change the customer made puts focus on
 * the new page's heading; a press whose control goes away leaves focus on what replaced it.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowser } from './support/browser'
import { a11yChecked, tried } from './support/report'

const b = useBrowser()

beforeAll(async () => {
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

/** What the focused element is and whether it shows a focus indicator. */
interface Focused {
  tag: string
  name: string
  inDialog: boolean
  /** outline or box-shadow drawn around it (or its focus-within wrapper). */
  visibleFocus: boolean
  describedBy: string
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!(el instanceof HTMLElement) || el === document.body) return { tag: 'body', name: '', inDialog: false, visibleFocus: false, describedBy: '' }
    const ring = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '')
    // The ring may be on the element or on a pseudo-element (a card's stretched ::after target).
    const drawn = (node: Element) =>
      ring(getComputedStyle(node)) ||
      ['::after', '::before'].some((pseudo) => {
        const style = getComputedStyle(node, pseudo)
        return style.content !== 'none' && ring(style)
      })
    // A custom control may draw the ring on its wrapper (:focus-within).
    const visibleFocus = drawn(el) || (el.parentElement !== null && drawn(el.parentElement))
    // Roughly the accessible name: aria-label, a control's <label>s, the text of a button, a link
    // or an element focusable by script only (a page's heading, a confirmation).
    const labels = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? [...(el.labels ?? [])].map((l) => l.textContent ?? '').join(' ') : null
    const text = el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement || el.tabIndex < 0 ? el.textContent : null
    const labelled = el.getAttribute('aria-label') ?? labels ?? text ?? ''
    const describedBy = (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    return {
      tag: el.tagName.toLowerCase(),
      name: labelled.replace(/\s+/g, ' ').trim(),
      inDialog: el.closest('dialog, [role="dialog"]') !== null,
      visibleFocus,
      describedBy,
    }
  })
}

/** The focused element as `tag "name"`, with ` (ring)` when it shows a focus indicator. */
async function focusedAs(page: Page): Promise<string> {
  const f = await focused(page)
  return `${f.tag} "${f.name}"${f.visibleFocus ? ' (ring)' : ''}`
}

/**
 * Waits until focus is on `expected` (a {@link focusedAs} pattern); polls, since focus moves once
 * the new page has rendered.
 */
async function focusIs(page: Page, expected: RegExp, what: string): Promise<void> {
  await expect.poll(() => focusedAs(page), { message: what, timeout: 5_000 }).toMatch(expected)
}

/**
 * Waits for the shop's footer: it comes once the browser is idle after the first screen, like
 * the code that moves focus on page changes (src/router.tsx).
 */
async function pageIdle(page: Page): Promise<void> {
  await page.getByRole('contentinfo').waitFor({ timeout: 15_000 })
}

/** Elements seen with focus but without a visible indicator, for the final assertion. */
const noRing = new Set<string>()

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches `name`; checks the focus
 * ring of every element passed on the way.
 * @throws when it is not reached within `max` presses.
 */
async function tabTo(page: Page, name: RegExp, opts: { max?: number; back?: boolean } = {}): Promise<Focused> {
  for (let i = 0; i < (opts.max ?? 80); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab')
    const f = await focused(page)
    if (f.tag !== 'body' && !f.visibleFocus) noRing.add(`${f.tag} "${f.name.slice(0, 40)}"`)
    if (name.test(f.name)) return f
  }
  throw new Error(`Tab never reached ${name} (last focus: ${JSON.stringify(await focused(page))})`)
}

/**
 * Soft-asserts that focus went back to the element named `name` (the dialog's opener); when it
 * did not, Tabs to it so the rest of the journey can still be checked.
 */
async function focusReturnsTo(page: Page, name: RegExp, when: string): Promise<void> {
  const back = await expect
    .poll(async () => (await focused(page)).name, { timeout: 2_000 })
    .toMatch(name)
    .then(() => true, () => false)
  expect.soft(back ? 'opener' : `${(await focused(page)).tag}`, `focus returns to the product ${when}`).toBe('opener')
  if (!back) await tabTo(page, name)
}

describe('keyboard only', () => {
  it('orders and pays with Swish using only the keyboard', async () => {
    await tried('a11y', 'keyboard-only Swish journey (Tab/Enter/Space/Escape)', async () => {
      const page = await b.page()
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto('/cafe')
      await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 15_000 })

      // Into the product dialog: focus moves inside.
      await tabTo(page, /^cappuccino\b/i)
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: /cappuccino/i })
      await dialog.waitFor()
      await expect.poll(async () => (await focused(page)).inDialog, { message: 'focus moves into the dialog' }).toBe(true)

      // Nothing animates with reduced motion.
      const moving = await page.evaluate(() =>
        document.getAnimations().filter((a) => {
          const timing = a.effect?.getComputedTiming()
          return a.playState === 'running' && typeof timing?.duration === 'number' && timing.duration > 20
        }).length,
      )
      expect(moving, 'running animations under prefers-reduced-motion: reduce').toBe(0)

      // Trapped: 40 Tabs forwards and 10 backwards never leave the dialog, not even for the
      // browser's own UI (a native modal <dialog> alone lets Tab pass to it, focus on <body>):
      // Tab from the last control comes round to the close button.
      let wrapped = 0
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab')
        const f = await focused(page)
        expect(f.inDialog, `Tab ${i + 1} left the dialog for ${f.tag} "${f.name}"`).toBe(true)
        if (i > 0 && /^close$/i.test(f.name)) wrapped += 1
        if (!f.visibleFocus) noRing.add(`${f.tag} "${f.name.slice(0, 40)}"`)
      }
      expect(wrapped, 'Tab cycles through the dialog more than once').toBeGreaterThan(0)
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Shift+Tab')
        const f = await focused(page)
        expect(f.inDialog, `Shift+Tab ${i + 1} left the dialog for ${f.tag} "${f.name}"`).toBe(true)
      }

      // Escape closes; focus returns to the product.
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
      await focusReturnsTo(page, /^cappuccino\b/i, 'after Escape')

      // Again, this time choosing oat milk with Space and adding with Enter.
      await page.keyboard.press('Enter')
      await dialog.waitFor()
      await tabTo(page, /oat milk/i, { max: 30 })
      await page.keyboard.press('Space')
      await expect.poll(() => dialog.getByRole('radio', { name: /oat milk/i }).isChecked()).toBe(true)
      await tabTo(page, /^add\b/i, { max: 30 })
      await page.keyboard.press('Enter')
      await dialog.waitFor({ state: 'hidden' })
      await focusReturnsTo(page, /^cappuccino\b/i, 'after Add')

      // To the cart (the header link comes before the menu: go backwards).
      await page.getByRole('link', { name: /cart/i }).and(page.getByRole('link', { name: /1 item/i })).first().waitFor({ timeout: 10_000 })
      await tabTo(page, /cart/i, { back: true })
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/cafe\/cart/)
      // The new page's heading takes focus, with its ring: the page changed by a key press.
      await focusIs(page, /^h2 "your cart" \(ring\)$/i, 'focus on the cart page after the header link')

      await tabTo(page, /^name\b/i)
      await page.keyboard.type('Anna Svensson')
      await tabTo(page, /^email\b/i, { max: 3 })
      await page.keyboard.type('anna@')
      await page.keyboard.press('Tab')
      // The error is announced: an alert, or text the field points at with aria-describedby.
      const email = page.getByRole('textbox', { name: /^email\b/i })
      await page.getByText(/enter a valid email/i).first().waitFor()
      const describedBy = await email.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      )
      const inAlert = await page.getByRole('alert').filter({ hasText: /enter a valid email/i }).count()
      expect(/enter a valid email/i.test(describedBy) || inAlert > 0, 'the email error is announced').toBe(true)
      await tabTo(page, /^email\b/i, { back: true, max: 5 })
      // Tabbing into a field selects its text: go to the end before typing on.
      await page.keyboard.press('End')
      await page.keyboard.type('example.se')
      await page.keyboard.press('Tab')

      await page.getByRole('heading', { name: /choose payment method/i }).waitFor({ timeout: 10_000 })
      await tabTo(page, /^swish$/i, { max: 20 })
      await page.keyboard.press('Space')
      await expect.poll(() => page.getByRole('button', { name: /^swish$/i }).getAttribute('aria-pressed')).toBe('true')

      // Start without a number: the error is announced.
      await tabTo(page, /^start payment$/i, { max: 10 })
      await page.keyboard.press('Enter')
      await page.getByText(/you must enter a phone number/i).first().waitFor()
      await tabTo(page, /phone number/i, { back: true, max: 5 })
      await page.keyboard.type('0701234567')
      await tabTo(page, /^start payment$/i, { max: 5 })
      await page.keyboard.press('Enter')

      await page.getByRole('heading', { level: 1, name: /thank you/i }).waitFor({ timeout: 20_000 })
      // The paid order's page change (cart → receipt): the receipt's own h1, not the shop's title.
      await focusIs(page, /^h1 "thank you/i, 'focus on the receipt page')
      await tabTo(page, /^email\b/i)
      await page.keyboard.type('anna@example.se')
      await page.keyboard.press('Enter')
      await page.getByText(/receipt sent/i).waitFor({ timeout: 10_000 })
      expect(await a11yChecked(page, 'en: receipt after the keyboard journey')).toEqual([])

      expect([...noRing], 'focused elements without a visible focus indicator').toEqual([])
    })
  })

  it("gives focus to the product when a popup opened from a link closes, and to the cart's heading when there is no opener", async () => {
    const page = await b.page()
    // Opened from a link (a shared URL, or a reload): no element opened it.
    await page.goto('/cafe?product=cinnamon-bun')
    await page.getByRole('dialog', { name: /cinnamon bun/i }).waitFor({ timeout: 10_000 })
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => !url.searchParams.has('product'))
    await focusReturnsTo(page, /^cinnamon bun$/i, 'after Escape on a popup opened from a link')

    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /cinnamon bun/i })
    await dialog.getByRole('button', { name: /^add\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })

    // The cart's Edit popup opened from a link (a reload): the cart page's heading takes focus.
    await page.goto('/cafe/cart')
    await page.getByRole('button', { name: /edit/i }).first().click()
    await dialog.waitFor()
    await page.goto(page.url())
    await dialog.waitFor({ timeout: 10_000 })
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => !url.searchParams.has('product'))
    await focusIs(page, /^h2 "your cart"/i, 'focus after Escape on an Edit popup opened from a link')

    // Update at 0 removes the line whose Edit opened the popup: the cart page's heading again.
    await page.getByRole('button', { name: /edit/i }).first().click()
    await dialog.getByRole('button', { name: /decrease quantity/i }).click()
    await dialog.getByRole('button', { name: /^update\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByText(/your cart is empty/i).waitFor()
    await focusIs(page, /^h2 "your cart"/i, 'focus after an Update at 0 removed the opener')
  })

  it("puts focus on the new page's heading after the customer's page change, nowhere else", async () => {
    const page = await b.page()
    // A first load (with ?lang=, which then leaves the URL) takes no focus.
    await page.goto('/kahvila?lang=en')
    await page.waitForURL((url) => !url.searchParams.has('lang'))
    await pageIdle(page)
    expect(await focusedAs(page), 'focus after the first load').toBe('body ""')

    // Menu → product page by keyboard: the product's heading, with its ring.
    await tabTo(page, /^\s*korvapuusti\b/i)
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/kahvila\/products\/korvapuusti/)
    await focusIs(page, /^h2 "korvapuusti" \(ring\)$/i, 'focus on the product page')

    // Product page → cart by the header's link (it stays on the page): the cart's heading.
    await tabTo(page, /cart/i, { back: true })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/kahvila\/cart/)
    await focusIs(page, /^h2 "your cart" \(ring\)$/i, 'focus on the cart page')

    // Back twice: the product page, then the menu, whose heading is the shop's title.
    await page.goBack()
    await page.waitForURL(/\/kahvila\/products\/korvapuusti/)
    await focusIs(page, /^h2 "korvapuusti"/i, 'focus after Back to the product page')
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/kahvila')
    await focusIs(page, /^h1 "kahvila aalto"/i, 'focus after Back to the menu')
    expect(await page.getByRole('heading', { level: 1 }).getAttribute('tabindex'), 'the h1 takes focus by script only').toBe('-1')

    // Menu → cart → the empty cart's 'Back to the menu': the cart's heading, then the shop's title.
    await tabTo(page, /cart/i, { max: 3 })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/kahvila\/cart/)
    await focusIs(page, /^h2 "your cart"/i, 'focus on the cart page from the menu')
    await tabTo(page, /^back to the menu$/i)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/kahvila')
    await focusIs(page, /^h1 "kahvila aalto"/i, "focus after 'Back to the menu'")

    // The menu's popup opens and closes through the query: focus stays with the dialog and its
    // opener, never the page's heading.
    const cafe = await b.page()
    await cafe.goto('/cafe')
    await pageIdle(cafe)
    await tabTo(cafe, /^cappuccino\b/i)
    await cafe.keyboard.press('Enter')
    await cafe.getByRole('dialog', { name: /cappuccino/i }).waitFor()
    await expect.poll(async () => (await focused(cafe)).inDialog, { message: 'focus in the popup' }).toBe(true)
    await cafe.keyboard.press('Escape')
    await cafe.waitForURL((url) => !url.searchParams.has('product'))
    await focusReturnsTo(cafe, /^cappuccino\b/i, 'after Escape, not the page heading')
  })

  it("keeps focus on the product page when Add or 'Add more' goes away with its content", async () => {
    const page = await b.page()
    await page.goto('/kahvila/products/korvapuusti')
    await page.getByRole('heading', { name: /korvapuusti/i }).waitFor({ timeout: 15_000 })
    // Add goes away with the form: focus on the confirmation, which says what happened.
    await tabTo(page, /^add\b/i)
    await page.keyboard.press('Enter')
    await focusIs(page, /^p "added to cart" \(ring\)$/i, 'focus after Add on the product page')
    // 'Add more' goes away with the confirmation: focus on the fresh selection's heading.
    await tabTo(page, /^add more$/i, { max: 3 })
    await page.keyboard.press('Enter')
    await focusIs(page, /^h2 "korvapuusti" \(ring\)$/i, "focus after 'Add more'")
  })

  it("scrolls what Tab focuses clear of the phone's fixed cart bar (WCAG 2.4.7, 2.4.11)", async () => {
    // A wide phone (not touch: the keyboard is what is tested) where the bar is on the store route.
    const page = await b.page({ viewport: { width: 390, height: 700 } })
    await page.goto('/cafe')
    await pageIdle(page)
    const barTop = async () => (await page.locator('[data-mobile-cart-bar]').boundingBox())?.y ?? Infinity
    const footerLinks = page.getByRole('contentinfo').getByRole('link')
    expect(await footerLinks.count()).toBeGreaterThan(1)
    // The link before each one is focused where it stands; the page is scrolled so the next one
    // lies in the window but under the bar, where the browser would not scroll for it by itself.
    for (let i = 1; i < (await footerLinks.count()); i++) {
      const link = footerLinks.nth(i)
      await link.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - window.innerHeight + 40))
      await footerLinks.nth(i - 1).evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }))
      await page.keyboard.press('Tab')
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true)
      const box = await link.boundingBox()
      expect(box && box.y + box.height, `${await link.textContent()} above the bar`).toBeLessThanOrEqual(await barTop())
    }
  })

  it.each([
    { width: 320, height: 568 },
    { width: 1280, height: 720 },
  ])('scrolls what Shift+Tab focuses going back up clear of the sticky category bar at $width px (WCAG 2.4.7, 2.4.11)', async (viewport) => {
    const page = await b.page({ viewport })
    await page.goto('/cafe')
    await pageIdle(page)
    const bar = page.getByRole('navigation', { name: /categories/i })
    const products = page.getByRole('main').getByRole('listitem').getByRole('button')
    expect(await products.count()).toBeGreaterThan(6)
    for (let i = 4; i < 7; i++) {
      const product = products.nth(i)
      // Scrolled down past the bar's place, so it is stuck; the product lies in the window but
      // under the bar, where the browser would not scroll for it by itself.
      await product.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 20))
      await products.nth(i + 1).evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }))
      await page.keyboard.press('Shift+Tab')
      expect(await product.evaluate((el) => el === document.activeElement)).toBe(true)
      const barBox = await bar.boundingBox()
      const box = await product.boundingBox()
      expect(box?.y ?? 0, `${await product.textContent()} below the bar`).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0))
    }
  })

  it('keeps focus when the pressed control is disabled or goes away (WCAG 2.4.3)', async () => {
    const page = await b.page()
    // The stepper at the stock limit (3 buns): '+' keeps focus, and more presses change nothing.
    await page.goto('/cafe?product=cinnamon-bun')
    const dialog = page.getByRole('dialog', { name: /cinnamon bun/i })
    const increase = dialog.getByRole('button', { name: /increase quantity/i })
    await increase.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect.poll(() => increase.getAttribute('aria-disabled')).toBe('true')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Space')
    expect((await focused(page)).name).toMatch(/increase quantity/i)
    expect((await focused(page)).inDialog).toBe(true)
    expect(await dialog.getByRole('group', { name: /quantity/i }).getByRole('status').textContent()).toBe('3')
    await dialog.getByRole('button', { name: /^add\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })

    // The cart line counted down to 0 goes away: focus stays in the cart, on its heading.
    await page.goto('/cafe/cart')
    const decrease = page.getByRole('group', { name: /cinnamon bun/i }).getByRole('button', { name: /decrease quantity/i })
    await decrease.focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter')
    await page.getByText(/your cart is empty/i).waitFor()
    await expect.poll(async () => (await focused(page)).tag).toBe('h2')

    // A tab line chosen in full leaves the tab's list: focus stays in the cart, on its heading.
    await page.goto('/tab/cart?tabId=tab-1')
    const fish = page.getByRole('group', { name: /fish and chips/i }).getByRole('button', { name: /increase quantity/i })
    await fish.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: /added from tab/i }).waitFor()
    await expect.poll(async () => (await focused(page)).tag).toBe('h2')

    // A reference the platform refuses: focus returns to the number, described by its error.
    await page.goto('/bar')
    const number = page.getByPlaceholder('01')
    await number.fill('77')
    await page.keyboard.press('Enter')
    await page.getByText(/table number not found/i).first().waitFor({ timeout: 10_000 })
    await expect.poll(async () => (await focused(page)).describedBy).toMatch(/table number not found/i)

    // A reference the platform takes: the menu replaces the form, and focus goes to the shop's title, not the body.
    await number.fill('12')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 10_000 })
    await expect.poll(() => page.getByPlaceholder('01').count()).toBe(0)
    await expect.poll(async () => (await focused(page)).tag).toBe('h1')
  })
})
