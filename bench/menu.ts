import type { Locator, Page } from 'playwright-core'

/** The bench shop (sandbox/fixtures/bigmenu.ts). */
export const BENCH_SHOP = 'bigmenu'
/** Its first article: no deviation groups, no stock limit, so Add works in one click. */
export const FIRST_PRODUCT_TITLE = 'Classic breakfast 1'

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

/**
 * Opens `/{shop}` and waits until the first product button is visible: the menu is rendered
 * and can be clicked. @throws playwright's timeout error when it never shows
 */
export async function openMenu(page: Page, shop = BENCH_SHOP, timeoutMs = 20_000): Promise<void> {
  await page.goto(`/${shop}`, { waitUntil: 'domcontentloaded', timeout: timeoutMs })
  if (shop === BENCH_SHOP) await firstProduct(page).waitFor({ state: 'visible', timeout: timeoutMs })
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
  await dialog.getByRole('button', { name: /^add\b/i }).click({ timeout: timeoutMs })
  await dialog.waitFor({ state: 'hidden', timeout: timeoutMs })
}
