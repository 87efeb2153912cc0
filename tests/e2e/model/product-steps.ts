/**
 * What the product popup's browser models share (SPEC §2 "Product popup", §5; CONTRACT.md
 * "Words and roles"): the café's shop as the storefront builds it from the sandbox's answer
 * (sandbox/fixtures/cafe.ts: Cappuccino with Milk 1..1 and Extras 0..2, Cinnamon bun with 3 in
 * stock, Blueberry pie sold out), the cart line the Edit starts change, and the steps that open
 * the popup. Only Playwright's types are imported (`npm run flows` reads the tables).
 */
import * as v from 'valibot'
import type { Page } from 'playwright-core'
import { shopResponseSchema } from '@/api/schemas/shop.schema'
import { formatMoney } from '@/domain/money'
import type { CartItem } from '@/domain/types'
import type { Expectation, RunContext } from '@tests/harness/model'
import { cafe } from '../../../sandbox/fixtures/cafe'
import { openCart, STEP_TIMEOUT_MS } from './shop-steps'

/** The café's shop data, as the app parses `GET /api/v2/webshop/cafe`. */
export const cafeShop = v.parse(shopResponseSchema, cafe.response)

/** The cart of the Edit starts: one Cappuccino with whole milk, put through the sandbox's API (its id is `model-1`). */
export const editedCart: CartItem[] = [{ id: 'model-1', productId: 'cappuccino', count: 1, deviations: ['whole'], description: '' }]


/** Money as the page shows it (no-break spaces inside), for a comparison that ignores the kind of space. */
export const money = (minor: number) => formatMoney(minor, cafeShop.company.currency).replace(/\s/g, ' ')

/** Text with every run of white space made one plain space. */
export const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** The popup of `title` (a dialog named by the product title). */
export const popupOf = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true })

export const menuWords = 'open /cafe'

/** Opens the menu and waits for its first category. */
export async function openMenu({ page }: RunContext): Promise<void> {
  await page.goto('/cafe')
  await page.getByRole('heading', { level: 2, name: 'Coffee' }).waitFor({ timeout: STEP_TIMEOUT_MS })
}

/** Clicks a product's menu card (a button named by its title). */
export async function clickCard(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: title, exact: true }).click({ timeout: STEP_TIMEOUT_MS })
}

export const cartWords = "open /cafe/cart with a Cappuccino (whole milk) in the cart (put through the API)"

/** Puts {@link editedCart} in the session and opens the cart page. */
export async function openEditedCart({ page }: RunContext): Promise<void> {
  await openCart(page, 'cafe', editedCart, {})
}

/** The header's cart summary link names `units` and `total` ('Cart, 2 items, 90,00 kr'). */
export function cartSummary(units: number, total: number): Expectation {
  const words = `${units} ${units === 1 ? 'item' : 'items'}, ${money(total)}`
  return {
    words: `cart link '${words}'`,
    check: async ({ page }) => {
      const link = page.getByRole('banner').getByRole('link', { name: /cart/i })
      await link.filter({ hasText: new RegExp(`\\b${units} items?\\b`) }).waitFor({ timeout: STEP_TIMEOUT_MS })
      const text = plain(await link.textContent())
      if (!text.includes(money(total))) throw new Error(`the cart link says '${text}', not ${money(total)}`)
    },
  }
}

/** The page's URL has `?product=` (and `?item=`) as given; null: neither. */
export function urlShows(productId: string | null, itemId: string | null = null): Expectation {
  return {
    words: productId === null ? 'no ?product= in the URL' : `?product=${productId}${itemId ? `&item=${itemId}` : ''} in the URL`,
    check: async ({ page }) => {
      await page.waitForURL((url) => url.searchParams.get('product') === productId && url.searchParams.get('item') === itemId, { timeout: STEP_TIMEOUT_MS })
    },
  }
}
