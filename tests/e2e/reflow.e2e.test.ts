/**
 * Long product titles at 320 CSS px (WCAG 1.4.10 Reflow; SPEC §2 menu display types, popup,
 * product page and cart page): no horizontal scrolling, and a title wraps between its words:
 * a word breaks inside only when it is wider than its whole column. Against the sandbox's
 * `cafe`, whose answer is rewritten on the way to each display type and to two long titles.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { useBrowser } from './support/browser'

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

/** A 320 px wide page whose `cafe` shop has `displayType` and the two long titles. */
async function narrowCafe(displayType: DisplayType): Promise<Page> {
  const page = await b.page({ viewport: { width: 320, height: 640 } })
  await page.route('**/api/v2/webshop/cafe', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { shop: { displayType: string }; articles: Record<string, { title: string }> }
    body.shop.displayType = displayType
    const titles: Record<string, string> = { 'cheese-sandwich': LONG, 'chicken-sandwich': OVERLONG }
    for (const [id, title] of Object.entries(titles)) {
      const article = body.articles[id]
      if (article) article.title = title
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
