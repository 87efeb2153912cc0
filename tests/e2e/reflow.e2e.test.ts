/**
 * Long product titles, shop titles and deviation names at 320 CSS px (WCAG 1.4.10 Reflow; SPEC §2
 * menu display types, shop header, popup, product page, cart page and receipt page): no
 * horizontal scrolling, and a text wraps between its words: a word breaks inside only when it
 * is wider than its whole column. Against the sandbox's `cafe`, whose answers are rewritten
 * (or, for the receipt, made up) on the way.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { useBrowser } from './support/browser'
import { receipt } from '../fixtures/receipt'

const b = useBrowser()

/** A long title of ordinary words: each fits a 320 px screen, so none may break inside. */
const LONG = 'Kycklingsallad med rostade grönsaker'
/** A title with a word wider than any phone: it must break, but never widen the page. */
const OVERLONG = 'Baguette Kycklingsalladsmackaförsmakochmåltidsdelningsbordet'

type DisplayType = 'NO_IMAGE' | 'SMALL_IMAGE' | 'LARGE_IMAGE'

beforeAll(async () => {
  // Stock and sessions from earlier files must not leak into the cart checked here.
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

/** A shop title whose longest word fits a 320 px header only on a line of its own. */
const LONG_SHOP = 'Café Söder och Smörgåsbageriet'
/** A shop title with a word wider than any phone's header. */
const OVERLONG_SHOP = 'Café Smörgåsbageriethornsgatansödermalmstockholm'
/** Deviation names: one whose words fit the popup only with the price below, one that must break. */
const LONG_ADDON = 'Ekologisk havremjölksdryck från Norrland'
const OVERLONG_ADDON = 'Vaniljsirap Vaniljsirapssmaksättningsalternativförkaffe'

/** What {@link narrowCafe} rewrites in the `cafe` answer besides the display type. */
interface Rewrites {
  shopTitle?: string
  articles?: Record<string, string>
  deviations?: Record<string, string>
}

/** A 320 px wide page whose `cafe` shop has `displayType` and the given titles and names. */
async function narrowCafe(displayType: DisplayType, rewrites: Rewrites = { articles: { 'cheese-sandwich': LONG, 'chicken-sandwich': OVERLONG } }): Promise<Page> {
  const page = await b.page({ viewport: { width: 320, height: 640 } })
  await page.route('**/api/v2/webshop/cafe', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as {
      shop: { displayType: string; title: string }
      articles: Record<string, { title: string }>
      deviations: Record<string, { name: string }>
    }
    body.shop.displayType = displayType
    if (rewrites.shopTitle !== undefined) body.shop.title = rewrites.shopTitle
    for (const [id, title] of Object.entries(rewrites.articles ?? {})) {
      const article = body.articles[id]
      if (article) article.title = title
    }
    for (const [id, name] of Object.entries(rewrites.deviations ?? {})) {
      const deviation = body.deviations[id]
      if (deviation) deviation.name = name
    }
    await route.fulfill({ response, json: body })
  })
  return page
}

/**
 * The words of `title` (first text node inside `scope` that holds it) that are split over more
 * than one line: a word's Range has one client rect per line box it is drawn on.
 */
function wordsBrokenInside(scope: Locator, title: string): Promise<string[]> {
  return scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const data = (node as Text).data
      const at = data.indexOf(text)
      if (at < 0) continue
      const broken: string[] = []
      let start = at
      for (const word of text.split(' ')) {
        const range = document.createRange()
        range.setStart(node, start)
        range.setEnd(node, start + word.length)
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
        if (lines.size > 1) broken.push(word)
        start += word.length + 1
      }
      return broken
    }
    throw new Error(`"${text}" not found`)
  }, title)
}

/**
 * Whether `text` (first text node inside `scope` that holds it) is drawn past the sides of the
 * element around it, as a word that neither wraps nor breaks is, over its neighbours.
 */
function sticksOut(scope: Locator, text: string): Promise<boolean> {
  return scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(wanted)
      if (at < 0 || !node.parentElement) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      const box = node.parentElement.getBoundingClientRect()
      return [...range.getClientRects()].some((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5)
    }
    throw new Error(`"${wanted}" not found`)
  }, text)
}

/** Whether the page (and `box`, when given) can scroll sideways. */
async function scrollsSideways(page: Page, box?: Locator): Promise<boolean> {
  const doc = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
  const inner = box ? await box.evaluate((el) => el.scrollWidth > el.clientWidth) : false
  return doc || inner
}

/** The menu's button (a link on LARGE_IMAGE) for `title`. */
function card(page: Page, displayType: DisplayType, title: string): Locator {
  return page.getByRole(displayType === 'LARGE_IMAGE' ? 'link' : 'button', { name: title, exact: true }).first()
}

describe('long titles at 320 px', () => {
  it.each<DisplayType>(['NO_IMAGE', 'SMALL_IMAGE', 'LARGE_IMAGE'])('wrap between words on %s cards, the popup or page, and the cart', async (displayType) => {
    const page = await narrowCafe(displayType)
    await page.goto('/cafe')
    const long = card(page, displayType, LONG)
    await long.waitFor({ timeout: 15_000 })
    await long.scrollIntoViewIfNeeded()
    expect(await wordsBrokenInside(long, LONG), 'menu card').toEqual([])
    expect(await wordsBrokenInside(card(page, displayType, OVERLONG), OVERLONG), 'menu card, overlong').toEqual(['Kycklingsalladsmackaförsmakochmåltidsdelningsbordet'])
    expect(await scrollsSideways(page), 'menu').toBe(false)

    // The popup (a product page on LARGE_IMAGE) and its Add, for both titles.
    for (const title of [LONG, OVERLONG]) {
      await card(page, displayType, title).click()
      const scope = displayType === 'LARGE_IMAGE' ? page.getByRole('main') : page.getByRole('dialog', { name: title })
      const heading = scope.getByRole('heading', { name: title })
      await heading.waitFor()
      if (title === LONG) expect(await wordsBrokenInside(heading, LONG), 'popup or page').toEqual([])
      expect(await scrollsSideways(page, displayType === 'LARGE_IMAGE' ? undefined : scope), `popup or page: ${title}`).toBe(false)
      await scope.getByRole('button', { name: /^\s*add\b/i }).click()
      if (displayType === 'LARGE_IMAGE') await page.goto('/cafe')
      else await scope.waitFor({ state: 'hidden' })
    }

    await page.goto('/cafe/cart')
    const main = page.getByRole('main')
    await main.getByRole('group', { name: new RegExp(LONG) }).waitFor({ timeout: 10_000 })
    expect(await wordsBrokenInside(main, LONG), 'cart line').toEqual([])
    expect(await scrollsSideways(page), 'cart').toBe(false)
  })
})

describe('shop title and add-on names at 320 px', () => {
  it('wrap between words in the header, the popup or page, and the cart', async () => {
    for (const displayType of ['SMALL_IMAGE', 'LARGE_IMAGE'] as const) {
      const page = await narrowCafe(displayType, { shopTitle: LONG_SHOP, deviations: { oat: LONG_ADDON, vanilla: OVERLONG_ADDON } })
      await page.goto('/cafe')
      const heading = page.getByRole('heading', { level: 1, name: LONG_SHOP })
      await heading.waitFor({ timeout: 15_000 })
      expect(await wordsBrokenInside(heading, LONG_SHOP), `${displayType}: header`).toEqual([])
      expect(await scrollsSideways(page), `${displayType}: header`).toBe(false)

      await card(page, displayType, 'Cappuccino').click()
      const scope = displayType === 'LARGE_IMAGE' ? page.getByRole('main') : page.getByRole('dialog', { name: 'Cappuccino' })
      const oat = scope.getByRole('radio', { name: new RegExp(`^${LONG_ADDON}`) })
      await oat.waitFor()
      expect(await wordsBrokenInside(scope, LONG_ADDON), `${displayType}: add-on`).toEqual([])
      expect(await wordsBrokenInside(scope, OVERLONG_ADDON), `${displayType}: overlong add-on`).toEqual(['Vaniljsirapssmaksättningsalternativförkaffe'])
      expect(await scrollsSideways(page, displayType === 'LARGE_IMAGE' ? undefined : scope), `${displayType}: popup or page`).toBe(false)
      await oat.check()
      await scope.getByRole('checkbox', { name: new RegExp(`^${OVERLONG_ADDON}`) }).check()
      await scope.getByRole('button', { name: /^\s*add\b/i }).click()
      if (displayType === 'SMALL_IMAGE') await scope.waitFor({ state: 'hidden' })

      await page.goto('/cafe/cart')
      const main = page.getByRole('main')
      await main.getByRole('group', { name: /Cappuccino/ }).first().waitFor({ timeout: 10_000 })
      expect(await wordsBrokenInside(main, LONG_ADDON), `${displayType}: cart line`).toEqual([])
      expect(await sticksOut(main, OVERLONG_ADDON), `${displayType}: cart line, overlong add-on`).toBe(false)
      expect(await scrollsSideways(page), `${displayType}: cart`).toBe(false)
      await page.close()
    }
  })

  it('breaks only a shop title word wider than the header', async () => {
    const page = await narrowCafe('SMALL_IMAGE', { shopTitle: OVERLONG_SHOP })
    await page.goto('/cafe')
    const heading = page.getByRole('heading', { level: 1, name: OVERLONG_SHOP })
    await heading.waitFor({ timeout: 15_000 })
    expect(await wordsBrokenInside(heading, OVERLONG_SHOP)).toEqual(['Smörgåsbageriethornsgatansödermalmstockholm'])
    expect(await sticksOut(heading, OVERLONG_SHOP)).toBe(false)
    expect(await scrollsSideways(page)).toBe(false)
  })
})

describe('a category name of one long word at 320 px', () => {
  it('breaks in its menu heading and under the product page title, with no sideways scrolling', async () => {
    const word = 'Alkoholittomatvirvoitusjuomatjajälkiruoat'
    const page = await b.page({ viewport: { width: 320, height: 640 } })
    await page.route('**/api/v2/webshop/cafe', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { categories: { id: string; name: string }[] }
      for (const category of body.categories) if (category.id === 'sandwiches') category.name = word
      await route.fulfill({ response, json: body })
    })
    await page.goto('/cafe')
    const heading = page.getByRole('heading', { level: 2, name: word })
    await heading.waitFor({ timeout: 15_000 })
    expect(await sticksOut(heading, word)).toBe(false)
    expect(await scrollsSideways(page)).toBe(false)
    await page.goto('/cafe/products/cheese-sandwich')
    const label = page.locator('main').getByText(word)
    await label.waitFor({ timeout: 15_000 })
    expect(await sticksOut(label, word)).toBe(false)
    expect(await scrollsSideways(page)).toBe(false)
  })
})

describe('receipt at 320 px (SPEC §2 "Receipt page")', () => {
  it('keeps long titles, add-ons and five-figure amounts inside its card', async () => {
    const page = await b.page({ viewport: { width: 320, height: 640 } })
    const base = receipt()
    const [first, second] = base.products
    const long = receipt({
      products: [
        { ...first!, title: LONG, count: 12, price: 124900, deviations: [{ id: 'oat', name: OVERLONG_ADDON, count: 2, price: 10500 }] },
        { ...second!, title: OVERLONG, count: 3, price: 1249900 },
      ],
      paymentMethods: [{ id: 'pm', type: 'CARD', amount: 5290800 }],
    })
    await page.route('**/api/v2/webshop/cafe/receipt/long', (route) => route.fulfill({ json: long }))
    await page.goto('/cafe/receipt/long')
    const table = page.getByRole('table')
    await table.waitFor({ timeout: 15_000 })
    const card = page.locator('section').filter({ has: table })
    expect(await wordsBrokenInside(table, LONG), 'line title').toEqual([])
    expect(await sticksOut(table, OVERLONG), 'overlong line title').toBe(false)
    expect(await sticksOut(table, OVERLONG_ADDON), 'overlong add-on').toBe(false)
    const overflow = await card.evaluate((section) => {
      const inner = section.getBoundingClientRect().right - parseFloat(getComputedStyle(section).paddingRight)
      return [...section.querySelectorAll('table, td, th')].filter((el) => el.getBoundingClientRect().right > inner + 0.5).length
    })
    expect(overflow, 'cells past the card\'s padding').toBe(0)
    // The quantity column is drawn under the title on phones, and still read as its cell.
    expect(await table.getByRole('cell', { name: /^12 × 1\s249,00\skr$/ }).count(), 'count × price cell').toBe(1)
    expect(await scrollsSideways(page), 'receipt').toBe(false)
  })

  it.each(['en', 'sv', 'fi'])('keeps every cell inside its card with WCAG text spacing (1.4.12), in %s', async (lang) => {
    const page = await b.page({ viewport: { width: 320, height: 640 } })
    const base = receipt()
    const [first, second] = base.products
    const wide = receipt({
      products: [
        { ...first!, count: 12, price: 124900, deviations: [{ id: 'oat', name: 'Oat milk', count: 2, price: 10500 }] },
        { ...second!, count: 3, price: 1249900 },
      ],
      paymentMethods: [{ id: 'pm', type: 'CARD', amount: 5290800 }],
    })
    await page.route('**/api/v2/webshop/cafe/receipt/wide', (route) => route.fulfill({ json: wide }))
    await page.goto(`/cafe/receipt/wide?lang=${lang}`)
    const table = page.getByRole('table')
    await table.waitFor({ timeout: 15_000 })
    // The bookmarklet's rules of WCAG 1.4.12's test, as a constructed sheet (the CSP refuses a <style>).
    await page.evaluate((css) => {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    }, '*{line-height:1.5!important;letter-spacing:0.12em!important;word-spacing:0.16em!important}p{margin-bottom:2em!important}')
    const card = page.locator('section').filter({ has: table })
    const outside = await card.evaluate((section) => {
      const inner = section.getBoundingClientRect().right - parseFloat(getComputedStyle(section).paddingRight)
      return [...section.querySelectorAll('table, td, th, dt, dd')].filter((el) => el.getBoundingClientRect().right > inner + 0.5).map((el) => el.textContent)
    })
    expect(outside, "cells past the card's padding").toEqual([])
    expect(await scrollsSideways(page), 'receipt').toBe(false)
  })
})

describe("the merchant's other words at 320 px", () => {
  /** One word wider than any phone, as a merchant may type a name, an address or a tag. */
  const WORD = 'Smörgåsbageriet'.repeat(8)

  it('never widen the page: footer details, opening hours, a tag and an add-on group name', async () => {
    const page = await b.page({ viewport: { width: 320, height: 640 } })
    await page.route('**/api/v2/webshop/cafe', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      Object.assign(body.company, { name: `${WORD}AB`, street: `${WORD}gatan 1`, email: `${WORD}@example.se` })
      body.shop.openHours = `${WORD}dagar 07–18`
      body.tags.popular.tag = `${WORD}favorit`
      body.deviationGroups.milk.name = `${WORD}mjölk`
      await route.fulfill({ response, json: body })
    })
    await page.goto('/cafe')
    const footer = page.getByRole('contentinfo')
    await footer.getByText(`${WORD}AB`).waitFor({ timeout: 15_000 })
    await footer.scrollIntoViewIfNeeded()
    expect(await scrollsSideways(page), 'menu with its footer').toBe(false)

    await page.getByRole('button', { name: /^\s*cappuccino\b/i }).first().click()
    const dialog = page.getByRole('dialog', { name: /cappuccino/i })
    await dialog.getByRole('group', { name: new RegExp(`^\\s*${WORD}mjölk`) }).waitFor()
    await dialog.getByText(`${WORD}favorit`).waitFor()
    expect(await scrollsSideways(page, dialog), 'popup').toBe(false)
    expect(await sticksOut(dialog, `${WORD}favorit`), 'tag').toBe(false)
    expect(await sticksOut(dialog, `${WORD}mjölk`), 'group name').toBe(false)
  })
})
