import type { Locator, Page } from 'playwright-core'
import { demoShops } from '../sandbox/fixtures'

/**
 * The bench's menus (sandbox/fixtures/bigmenu.ts, megamenu.ts): the same food hall once and
 * four times over. Both begin with {@link FIRST_PRODUCT_TITLE}.
 */
export const BENCH_MENUS = [
  { shop: 'bigmenu', articles: 500 },
  { shop: 'megamenu', articles: 2000 },
] as const

/** One of {@link BENCH_MENUS}. */
export type BenchMenu = (typeof BENCH_MENUS)[number]

/** The bench shop of the checks run on one menu only (network, images, JS before the menu). */
export const BENCH_SHOP = 'bigmenu'
/** The first article of every bench menu: no deviation groups, no stock limit, so Add works in one click. */
export const FIRST_PRODUCT_TITLE = 'Classic breakfast 1'

/*
 * Controls are found by text, CSS or XPath here, never with Playwright's role engine
 * (`getByRole`): resolving a role locator computes accessible names in the page, and on a
 * 5,000-node menu that work, run just before a press, added 60-70 ms of presentation delay to
 * the measured interaction (docs/performance.md).
 */

/**
 * XPath of the buttons below `scope` (an XPath context such as `.`; default: the document) whose
 * text, spaces normalised, is `text` or starts with `text` and a space. `text` must not
 * contain `'`.
 */
export function buttonXPath(text: string, scope = ''): string {
  return `${scope}//button[normalize-space(.)='${text}' or starts-with(normalize-space(.), '${text} ')]`
}

/**
 * XPath of the form controls whose label (a `<label for>`) reads `label`, spaces normalised and
 * a required marker (`*`) left out. `label` must not contain `'` or `*`.
 */
export function fieldXPath(label: string): string {
  return `//*[@id=//label[normalize-space(translate(., '*', ''))='${label}']/@for]`
}

/**
 * XPath of the menu's product buttons titled `title` (CONTRACT.md "Menu": a button named by its
 * title, as its own text or a child's). XPath runs natively, in Playwright and in the page:
 * getByRole computes accessible names of all 500 buttons on every poll, which under 4× CPU
 * slowdown alone took longer than the click timeout. `title` must not contain `'`.
 */
export function productButtonXPath(title: string): string {
  return `//main//button[normalize-space(text())='${title}' or .//*[normalize-space(text())='${title}']]`
}

/** The menu's product button for {@link FIRST_PRODUCT_TITLE}. */
export function firstProduct(page: Page): Locator {
  return page.locator(`xpath=${productButtonXPath(FIRST_PRODUCT_TITLE)}`).first()
}

/** The open product dialog (CONTRACT.md: a `dialog`, named by the product title). */
export function productDialog(page: Page): Locator {
  return page.locator('dialog[open]')
}

/** The open product dialog's `Add` button (CONTRACT.md "Product dialog"). */
export function addButton(page: Page): Locator {
  return productDialog(page).locator(`xpath=${buttonXPath('Add', '.')}`).first()
}

/**
 * The title of the last article of `shop`'s menu (a sandbox demo shop), the last one the
 * progressive render adds. @throws when the shop has no articles
 */
export function lastProductTitle(shop: string): string {
  const response = demoShops[shop]?.response
  const lastId = response?.categories.at(-1)?.sortedProducts?.at(-1)
  const title = lastId === undefined ? undefined : response?.articles[String(lastId)]?.title
  if (!title) throw new Error(`bench: the demo shop ${shop} has no last article`)
  return title
}

/**
 * Waits until `shop`'s menu has rendered its last article (in the document; off-screen
 * categories are not laid out, so not "visible"): the progressive render is done, and a press
 * measures a tap on the whole menu, not one racing a render batch. Polls every 250 ms from
 * outside the page's frames. @throws playwright's timeout error
 */
export async function waitForWholeMenu(page: Page, shop: string, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(
    (xpath) => document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null,
    productButtonXPath(lastProductTitle(shop)),
    { polling: 250, timeout: timeoutMs },
  )
}

/** True for a bench menu's shop id (its first product is {@link FIRST_PRODUCT_TITLE}). */
function isBenchMenu(shop: string): boolean {
  return BENCH_MENUS.some((menu) => menu.shop === shop)
}

/**
 * Opens `/{shop}` and waits until the first product button is visible (any other shop: its
 * first category heading): the menu is rendered and can be clicked.
 * @throws playwright's timeout error when it never shows
 */
export async function openMenu(page: Page, shop: string = BENCH_SHOP, timeoutMs = 20_000): Promise<void> {
  await page.goto(`/${shop}`, { waitUntil: 'domcontentloaded', timeout: timeoutMs })
  if (isBenchMenu(shop)) await firstProduct(page).waitFor({ state: 'visible', timeout: timeoutMs })
  else await page.locator('main h2').first().waitFor({ state: 'visible', timeout: timeoutMs })
}

/**
 * Opens the first product's dialog, presses `Add` and waits for the dialog to close.
 * @throws when the dialog or the Add button does not appear within `timeoutMs`
 */
export async function addFirstProduct(page: Page, timeoutMs = 10_000): Promise<void> {
  await firstProduct(page).click({ timeout: timeoutMs })
  const dialog = productDialog(page)
  await dialog.waitFor({ state: 'visible', timeout: timeoutMs })
  await addButton(page).click({ timeout: timeoutMs })
  await dialog.waitFor({ state: 'hidden', timeout: timeoutMs })
}
