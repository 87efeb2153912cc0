/**
 * Smoke tests of the built app served with the sandbox (CONTRACT.md "Build and serve",
 * "Language", "Words and roles"): if these fail, nothing else in e2e is worth reading.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import * as v from 'valibot'
import { shopResponseSchema } from '@/api/schemas/shop.schema'
import { entryUrls } from '../../scripts/size-check.mjs'
import { checkA11y, formatA11y, requestsSince, useBrowser } from './support/browser'

const b = useBrowser()

describe('smoke', () => {
  it('shows "Page not found!" for an unknown path, without a11y violations', async () => {
    const page = await b.page()
    const res = await page.goto('/this/does/not/exist')
    // SPA fallback: the host answers index.html, the client router renders the not-found page.
    expect(res?.status()).toBe(200)
    await expect.poll(() => page.getByRole('heading', { name: /page not found/i }).count()).toBe(1)
    expect(formatA11y(await checkA11y(page))).toEqual([])
  })

  it('answers the demo shop as JSON the app can parse', async () => {
    const res = await fetch(new URL('/api/v2/webshop/cafe', b.baseUrl))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type') ?? '').toMatch(/application\/json/)
    const parsed = v.safeParse(shopResponseSchema, await res.json())
    expect(parsed.success, parsed.issues ? v.summarize(parsed.issues) : '').toBe(true)
  })

  it('loads the demo shop from the platform API when /cafe opens', async () => {
    const since = Date.now()
    const page = await b.page()
    await page.goto('/cafe')
    const calls = async (): Promise<string[]> => (await requestsSince(b.baseUrl, since)).map((r) => `${r.method} ${r.path}`)
    await expect.poll(calls, { timeout: 10_000 }).toContain('GET /api/v2/webshop/cafe')
    // The boot script asks for the shop and the first session before the app's bundle is here;
    // the app's HTTP layer adopts both answers instead of asking again.
    await page.locator('main h2').first().waitFor()
    expect((await calls()).filter((call) => call === 'GET /api/v2/webshop/cafe')).toHaveLength(1)
    expect((await calls()).filter((call) => call.startsWith('GET /api/v2/webshop/cafe/cart'))).toHaveLength(1)
  })

  it('preloads the menu\'s first image from the inline boot script, at high priority, and fetches every image once (issue 6)', async () => {
    const page = await b.page({ viewport: 'phone' })
    const images: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname)
    })
    await page.goto('/bigmenu')
    await page.getByRole('button', { name: 'Classic breakfast 1', exact: true }).waitFor()
    const preloads = await page.locator('link[rel="preload"][as="image"]').evaluateAll((links) =>
      links.map((link) => [new URL(link.getAttribute('href') ?? '', document.baseURI).pathname, link.getAttribute('fetchpriority')]),
    )
    expect(preloads).toEqual([['/sandbox/img/bm-breakfast-1.png', 'high']])
    // The menu's <img> takes the preloaded response instead of asking again.
    await expect.poll(() => images.filter((path) => path === '/sandbox/img/bm-breakfast-1.png').length).toBe(1)
    expect(images.length).toBe(new Set(images).size)
  })

  /**
   * Opens /bigmenu on a phone and returns the JS chunks requested that are not the page's own
   * first files, with their start times (ms), and when the menu's first image painted (ms).
   */
  async function lazyChunksAroundFirstImage(page: Page) {
    await page.goto('/bigmenu')
    // The footer is one of the chunks the idle work loads.
    await page.getByRole('contentinfo').waitFor()
    // The page's own first files: index.html's entry scripts (as size-check reads them) and the
    // menu catalogs the boot script preloads.
    const html = await (await fetch(new URL('/bigmenu', b.baseUrl))).text()
    const initial = new Set([...entryUrls(html), ...[...html.matchAll(/data-catalog-[a-z]+="([^"]+)"/g)].map((m) => m[1])])
    const { painted, requested } = await page.evaluate(async () => {
      const painted = await new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntries().find((e) => (e as PerformanceEntry & { identifier?: string }).identifier === 'menu-first-image')
          if (!entry) return
          observer.disconnect()
          resolve((entry as PerformanceEntry & { renderTime: number }).renderTime)
        }).observe({ type: 'element', buffered: true })
      })
      const requested = performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.*\.js$/.test(e.name))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
      return { painted, requested }
    })
    return { painted, lazy: requested.filter((chunk) => !initial.has(chunk.path)) }
  }

  it('requests no lazy chunk before the menu\'s first image has painted, and the lazy ones after it (issue 6: LCP)', async () => {
    const { painted, lazy } = await lazyChunksAroundFirstImage(await b.page({ viewport: 'phone' }))
    expect(painted).toBeGreaterThan(0)
    expect(lazy.map((chunk) => chunk.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/shop-footer\.view-/), expect.stringMatching(/\/-product-dialog-/)]))
    expect(lazy.filter((chunk) => chunk.start < painted)).toEqual([])
  })

  it('requests no lazy chunk while the shop\'s answer is slow, before the menu\'s first image has painted', async () => {
    const page = await b.page({ viewport: 'phone' })
    // The page is idle while it waits for the shop: the menu route's hold must already stand.
    await page.route('**/api/v2/webshop/bigmenu', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    const { painted, lazy } = await lazyChunksAroundFirstImage(page)
    expect(painted).toBeGreaterThan(1200)
    expect(lazy.map((chunk) => chunk.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/route-focus-/), expect.stringMatching(/\/shop-footer\.view-/)]))
    expect(lazy.filter((chunk) => chunk.start < painted)).toEqual([])
  })

  it("shows 'Loading' in the shop while the cart page's code is on its way, not the menu under /cart", async () => {
    const page = await b.page({ viewport: { width: 390, height: 844 } })
    // A slow network: the cart page's code is held until the test lets it through.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/cart-[^/]*\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/cafe')
    await page.locator('main h2').first().waitFor()
    await page.getByRole('link', { name: /to cart/i }).first().click()
    // The menu goes: the page does not pretend to be the menu under the cart's address.
    await page.locator('main h2').first().waitFor({ state: 'hidden' })
    const loading = page.getByRole('status', { name: 'Loading' })
    await loading.waitFor()
    expect(new URL(page.url()).pathname).toBe('/cafe/cart')
    release()
    await page.getByRole('heading', { name: /your cart|cart/i }).first().waitFor()
    await loading.waitFor({ state: 'detached' })
  })

  it('sets <html lang="en"> for an en-US browser', async () => {
    const page = await b.page({ locale: 'en-US' })
    await page.goto('/this/does/not/exist')
    // Any rendered heading means the app ran (index.html's static lang alone proves nothing).
    await page.getByRole('heading').first().waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
  })

  it('sets <html lang="sv"> with ?lang=sv', async () => {
    const page = await b.page({ locale: 'en-US' })
    await page.goto('/this/does/not/exist?lang=sv')
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv')
  })

  it('keeps a language chosen in the switcher after opening with ?lang=, across a reload (CONTRACT "Language")', async () => {
    const page = await b.page({ locale: 'en-US' })
    await page.goto('/cafe?lang=fi')
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fi')
    // Applied and remembered: the parameter leaves the URL.
    await expect.poll(() => new URL(page.url()).searchParams.has('lang')).toBe(false)
    await page.locator('select').selectOption('sv')
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv')
    await page.reload()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv')
  })

  it('sets <html lang="fi"> for a fi-FI browser on a phone', async () => {
    const page = await b.page({ locale: 'fi-FI', viewport: 'phone' })
    await page.goto('/this/does/not/exist')
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fi')
    // A mobile browser lays out at 980 px unless index.html has a width=device-width viewport meta.
    expect(await page.evaluate(() => window.innerWidth), 'layout width on a 375 px phone').toBe(375)
  })

  it('names each page in the browser tab, in its language (WCAG 2.4.2)', async () => {
    const page = await b.page()
    for (const [url, title] of [
      ['/cafe', /^Café Söder$/],
      ['/cafe/cart', /^Your cart – Café Söder$/],
      ['/cafe/refundPolicy', /^Refund policy – Café Söder$/],
      ['/closed', / – /],
      ['/no/such/page', /^Page not found!$/],
      ['/nosuchshop', /^Are you sure you entered the correct address\?$/],
      ['/cafe/receipt/r-does-not-exist', /^We could not find this receipt – Café Söder$/],
      ['/auth/passwordreset?oobCode=anything', /^Reset password$/],
      // An expired link is an error state: it names the error before the page, not the page alone.
      ['/auth/passwordreset?oobCode=expired-code', /^The link is too old\. Request a new one in the app\. – Reset password$/],
      ['/download?url=javascript:alert(1)', /^This download link is not valid – Your receipt$/],
      // Last: the language chosen by ?lang= is kept.
      ['/cafe/cart?lang=sv', /^Din varukorg – Café Söder$/],
    ] as const) {
      await page.goto(url)
      await expect.poll(() => page.title(), { timeout: 10_000, message: url }).toMatch(title)
    }
  })

  it("names the footer's organisation number for the company's country, in the page's language (SPEC §3)", async () => {
    const page = await b.page({ locale: 'sv-SE' })
    for (const [url, text] of [
      ['/kahvila', 'FO-nummer 3123456-7'],
      ['/cafe?lang=fi', 'Organisaationumero 559012-3456'],
      ['/kahvila?lang=en', 'Business ID 3123456-7'],
    ] as const) {
      await page.goto(url)
      await page.getByRole('contentinfo').getByText(text, { exact: true }).waitFor({ timeout: 10_000 })
    }
  })

  it('serves hashed assets as immutable and index.html as no-cache', async () => {
    const indexRes = await fetch(new URL('/', b.baseUrl))
    expect(indexRes.status).toBe(200)
    expect(indexRes.headers.get('cache-control') ?? '').toMatch(/no-cache/)
    const html = await indexRes.text()
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '')
    expect(assets.length).toBeGreaterThan(0)
    for (const path of assets) {
      const res = await fetch(new URL(path, b.baseUrl))
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control') ?? '', path).toMatch(/immutable/)
    }
    // Deep links get the same index.html, so they must not be cached either.
    const deep = await fetch(new URL('/cafe/cart', b.baseUrl))
    expect(deep.status).toBe(200)
    expect(deep.headers.get('cache-control') ?? '').toMatch(/no-cache/)
  })
})
