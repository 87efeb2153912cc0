/**
 * Hostile and malformed input in the browser (issue 5 "Bad input"; SPEC §2, §3; CONTRACT.md):
 * merchant texts carrying markup and URLs carrying `javascript:` from the shop answer, hostile
 * payment ids in the Viva redirect and the Swish deep link, and malformed route params and
 * search params on every route. Whatever comes in is rendered as text, links stay https or
 * same-origin, the redirect and the deep link keep their hosts, and a malformed URL gets a
 * clear page, never a crash (useBrowser fails a test on any uncaught page error).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { inlineScripts } from '../../scripts/size-check.mjs'
import { requestsSince, useBrowser } from './support/browser'
import { tried } from './support/report'

const b = useBrowser()

beforeAll(async () => {
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok, `POST /sandbox/reset: HTTP ${res.status}`).toBe(true)
})

/** Markup that runs script if it is ever parsed as HTML. */
const MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><b id="pwn">bold</b>'
const JS_URL = 'javascript:window.__pwned=1'

declare global {
  interface Window {
    __pwned?: number
  }
}

/**
 * The owner app's own scheme: a bookkeeping callback that is not flagged isWeb hands over to the
 * mobile app through it (SPEC §2 "Bookkeeping callback").
 */
const APP_SCHEME = 'kassaapp:'

/** The built index.html's own inline code (the boot script, issue 6): the only inline script allowed. */
const OWN_INLINE_SCRIPTS = inlineScripts(readFileSync(resolve(process.cwd(), 'dist/index.html'), 'utf8'))

/**
 * Nothing ran, nothing was parsed (no inline script but index.html's own), and every link is
 * https, same-origin, mailto:, tel: or the owner app's scheme.
 */
async function expectInert(page: Page): Promise<void> {
  const report = await page.evaluate(([appScheme, ownScripts]) => {
    const origin = location.origin
    const badLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((a) => a.href)
      .filter((href) => {
        try {
          const url = new URL(href)
          return !(url.protocol === 'https:' || url.origin === origin || ['mailto:', 'tel:', appScheme].includes(url.protocol))
        } catch {
          return true
        }
      })
    const badFrames = [...document.querySelectorAll('iframe[src], object, embed')].map((f) => f.outerHTML.slice(0, 80))
    return {
      pwned: window.__pwned ?? 0,
      injected: document.querySelectorAll('#pwn, img[src="x"], [onerror], [onclick]').length,
      inlineScripts: [...document.querySelectorAll('script:not([src])')].filter((script) => !ownScripts.includes(script.textContent ?? '')).length,
      badLinks,
      badFrames,
    }
  }, [APP_SCHEME, OWN_INLINE_SCRIPTS] as const)
  expect(report).toEqual({ pwned: 0, injected: 0, inlineScripts: 0, badLinks: [], badFrames: [] })
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const TEXT_KEYS = new Set(['title', 'description', 'refundPolicy', 'openHours', 'name', 'tag', 'street', 'city'])
const URL_KEYS = new Set(['logo', 'image', 'website', 'url', 'imageUrl'])

/** Appends markup to every merchant text and points every URL field at `javascript:`. */
function poisoned(value: Json, key = ''): Json {
  if (typeof value === 'string') {
    if (URL_KEYS.has(key)) return JS_URL
    return TEXT_KEYS.has(key) ? `${value} ${MARKUP}` : value
  }
  if (Array.isArray(value)) return value.map((v) => poisoned(v, key))
  if (value !== null && typeof value === 'object') {
    const out: { [k: string]: Json } = {}
    for (const [k, v] of Object.entries(value)) out[k] = poisoned(v, k)
    // A logo/website that was null gets a hostile one as well.
    if ('logo' in value || 'email' in value) out.logo = JS_URL
    if ('email' in value) out.email = `hej@example.se?subject=${MARKUP}`
    return out
  }
  return value
}

/** Serves the real shop answer with poisoned merchant texts and URLs. */
async function poisonShop(page: Page, shopId: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api/v2/webshop/${shopId}`,
    async (route) => {
      const res = await route.fetch()
      await route.fulfill({ response: res, json: poisoned((await res.json()) as Json) })
    },
  )
}

describe('merchant text and URLs from the API', () => {
  for (const shop of ['cafe', 'kahvila'] as const) {
    it(`renders markup in the ${shop} shop's texts as text and drops javascript: URLs`, async () => {
      await tried('badInput', `${shop}: markup in every merchant text, javascript: in every URL field`, async () => {
        const page = await b.page()
        await poisonShop(page, shop)
        await page.goto(`/${shop}`)
        await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 15_000 })
        // The markup is on the page as characters.
        await page.getByText('<b id="pwn">bold</b>', { exact: false }).first().waitFor()
        await expectInert(page)

        if (shop === 'cafe') {
          await page.getByRole('button', { name: /^\s*cappuccino\b/i }).first().click()
          await page.getByRole('dialog').waitFor()
          await expectInert(page)
          await page.keyboard.press('Escape')
        } else {
          await page.goto('/kahvila/products/kahvi')
          await page.getByRole('heading', { name: /suodatinkahvi/i }).first().waitFor({ timeout: 10_000 })
          await expectInert(page)
        }
        await page.goto(`/${shop}/refundPolicy`)
        await page.getByText('<b id="pwn">bold</b>', { exact: false }).first().waitFor({ timeout: 10_000 })
        await expectInert(page)
        await page.goto(`/${shop}/cart`)
        await page.getByRole('heading').first().waitFor({ timeout: 10_000 })
        await expectInert(page)
      })
    })
  }
})

/** The cafe cart with one Latte and valid Your info; `startPayment` answers `paymentId`. */
async function payWithHostileId(page: Page, paymentId: string): Promise<void> {
  await page.route('**/api/v2/webshop/cafe/cart/startPayment', async (route) => {
    const res = await route.fetch()
    await route.fulfill({ response: res, json: { paymentId } })
  })
  await page.goto('/cafe')
  await page.getByRole('button', { name: /^\s*latte\b/i }).first().click({ timeout: 15_000 })
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.waitForTimeout(400)
  await page.goto('/cafe/cart')
  await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
  const email = page.getByRole('textbox', { name: /^email\b/i })
  await email.fill('anna@example.se')
  await email.blur()
  await page.getByRole('heading', { name: /choose payment method/i }).waitFor({ timeout: 10_000 })
}

const HOSTILE_ID = 'x"&ref=evil&color=000#@evil.example/<script>'

describe('payment redirects built from server answers', () => {
  it('keeps the Viva checkout on its host whatever order code the server sends', async () => {
    await tried('badInput', 'hostile Viva order code → redirect stays on www.vivapayments.com, code in ref only', async () => {
      const page = await b.page()
      const redirects: string[] = []
      await page.route('https://www.vivapayments.com/**', async (route) => {
        redirects.push(route.request().url())
        await route.fulfill({ status: 204 })
      })
      await payWithHostileId(page, HOSTILE_ID)
      await page.getByRole('button', { name: /^viva wallet$/i }).click()
      await expect.poll(() => redirects.length, { timeout: 10_000 }).toBeGreaterThan(0)
      const url = new URL(redirects[0] ?? '')
      expect(url.origin).toBe('https://www.vivapayments.com')
      expect(url.searchParams.getAll('ref')).toEqual([HOSTILE_ID])
      expect(url.hash).toBe('')
      await expectInert(page)
    })
  })

  it('builds the Swish deep link with the URL API whatever token the server sends (phone)', async () => {
    await tried('badInput', 'hostile Swish token → swish://paymentrequest, token and callback encoded', async () => {
      const page = await b.page({ viewport: 'phone' })
      const links: string[] = []
      page.on('request', (req) => {
        if (!req.url().startsWith('http')) links.push(req.url())
      })
      await payWithHostileId(page, HOSTILE_ID)
      await page.getByRole('button', { name: /^swish$/i }).click()
      await expect.poll(() => links.length, { timeout: 10_000 }).toBeGreaterThan(0)
      const link = new URL(links[0] ?? '')
      expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('swish://paymentrequest')
      expect(link.searchParams.get('token')).toBe(HOSTILE_ID)
      expect(link.searchParams.get('callbackurl')).toBe(new URL('/cafe/cart', b.baseUrl).href)
      expect([...link.searchParams.keys()].sort()).toEqual(['callbackurl', 'token'])
    })
  })
})

const enc = encodeURIComponent

/** Malformed and hostile URLs per route; each must end on a page with a heading and nothing parsed. */
const MALFORMED: { url: string; expect: RegExp | null }[] = [
  { url: `/cafe?product=${enc(MARKUP)}`, expect: null },
  { url: '/cafe?product=latte&item=..%2F..%2Fx', expect: null },
  { url: '/cafe?product[]=a&product[]=b&item={}', expect: null },
  { url: '/cafe?lang=xx', expect: null },
  { url: `/cafe?lang=${enc(MARKUP)}`, expect: null },
  { url: `/tables?table=${enc(MARKUP)}`, expect: /table number not found/i },
  { url: `/tab?tabId=${enc(MARKUP)}`, expect: null },
  { url: `/cafe/products/${enc(MARKUP)}`, expect: null },
  { url: `/cafe/receipt/${enc(MARKUP)}`, expect: /could not find this receipt|page not found/i },
  { url: `/cafe/receipt/${'r'.repeat(5_000)}`, expect: /could not find this receipt|page not found/i },
  { url: `/${enc(MARKUP)}`, expect: /are you sure you entered the correct address|page not found/i },
  { url: '/%E0%A4%A', expect: null },
  { url: `/download?url=${enc(JS_URL)}`, expect: /this download link is not valid/i },
  { url: `/download?url=${enc('data:text/html,<script>alert(1)</script>')}`, expect: /this download link is not valid/i },
  { url: `/download?url=${enc('http://evil.example/receipt.pdf')}`, expect: /this download link is not valid/i },
  { url: `/download?url=${enc('//evil.example/receipt.pdf')}`, expect: null },
  { url: '/download?url[]=a', expect: /this download link is not valid/i },
  { url: `/integrateFortnox?code=abc&state=${enc(MARKUP)}`, expect: null },
  { url: `/integrateVisma?code=abc&state=${enc(btoa(JSON.stringify({ isWeb: true })))}`, expect: null },
  { url: `/stripe?state=${enc(btoa('not json'))}&error=${enc(MARKUP)}`, expect: null },
  { url: `/auth/passwordreset?oobCode=${enc(MARKUP)}`, expect: null },
  { url: `/receipt/${enc(MARKUP)}/${enc(JS_URL)}`, expect: null },
  { url: `/company/${enc(MARKUP)}/payment/${enc(JS_URL)}`, expect: null },
  { url: `/integrate/${enc(MARKUP)}/x/y`, expect: null },
]

/** Loads `url` and checks the answer: a heading, the expected text, nothing parsed or called. */
async function checkUrl(page: Page, url: string, text: RegExp | null): Promise<void> {
  const since = Date.now()
  await page.goto(url)
  await page.getByRole('heading').first().waitFor({ timeout: 10_000 })
  if (text) await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 5_000 })
  await expectInert(page)
  // A bookkeeping callback whose state does not decode must not call the platform.
  if (/^\/(integrateFortnox|integrateVisma|stripe)\b/.test(url)) {
    await page.waitForTimeout(300)
    const calls = (await requestsSince(b.baseUrl, since)).filter((r) => r.path.includes('/bookkeeping/'))
    expect(calls, `platform calls for ${url}`).toEqual([])
  }
  // A download link is offered only for https or same-origin URLs.
  if (url.startsWith('/download')) {
    const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
    for (const href of hrefs) expect(new URL(href).protocol === 'https:' || new URL(href).origin === new URL(b.baseUrl).origin, href).toBe(true)
  }
}

describe('an HTML error page for an answer (a proxy in between)', () => {
  it('tells a startPayment 400 with an HTML body without printing its markup', async () => {
    const page = await b.page()
    await page.route('**/api/v2/webshop/cafe/cart/startPayment', (route) =>
      route.fulfill({ status: 400, contentType: 'text/html', body: '<html><head><title>400 Bad Request</title></head><body><h1>400 Bad Request</h1><hr>nginx</body></html>' }),
    )
    await page.goto('/cafe')
    await page.getByRole('button', { name: /^\s*latte\b/i }).first().click({ timeout: 15_000 })
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /^\s*add\b/i }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: /cart/i }).first().click()
    await page.getByRole('textbox', { name: /^name\b/i }).fill('Anna Svensson')
    const email = page.getByRole('textbox', { name: /^email\b/i })
    await email.fill('anna@example.se')
    await email.blur()
    await page.getByRole('button', { name: /^card$/i }).click()
    const alert = page.getByRole('alert').filter({ hasText: /error occurred/i }).first()
    await alert.waitFor({ timeout: 10_000 })
    expect(await alert.textContent()).not.toMatch(/<|nginx|bad request/i)
  })
})

describe('a session answer beyond the spec', () => {
  it('opens the shop when the session names a payment status outside SPEC §4 (read as none)', async () => {
    const page = await b.page()
    await page.route('**/api/v2/webshop/cafe/cart*', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback()
      const res = await route.fetch()
      await route.fulfill({ response: res, json: { ...((await res.json()) as Record<string, unknown>), paymentStatus: 'PENDING' } })
    })
    await page.goto('/cafe')
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 10_000 })
    await page.waitForTimeout(1_500)
    expect(await page.getByText(/reconnecting/i).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^\s*latte\b/i }).count()).toBeGreaterThan(0)
  })
})

describe("ids like 'toString' in the platform's answers", () => {
  it('opens the menu and the cart with such a cart line, and a product whose groups name such ids', async () => {
    await tried('badInput', "cart line of product 'toString', article groups ['milk', 'constructor'] → shop works", async () => {
      const page = await b.page()
      await page.route('**/api/v2/webshop/cafe/cart', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback()
        const answer = await (await route.fetch()).json()
        await route.fulfill({ json: { ...answer, cart: [{ id: 'odd-1', productId: 'toString', count: 1, deviations: ['__proto__'], description: '' }] } })
      })
      await page.route('**/api/v2/webshop/cafe', async (route) => {
        const answer = await (await route.fetch()).json()
        answer.articles.cappuccino.availableDeviations = { deviationGroupes: ['milk', 'constructor', '__proto__'] }
        await route.fulfill({ json: answer })
      })
      await page.goto('/cafe')
      await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 15_000 })
      await page.getByRole('button', { name: /^\s*cappuccino\b/i }).first().click()
      await page.getByRole('dialog', { name: /cappuccino/i }).getByRole('group', { name: /^\s*milk/i }).waitFor()
      await page.goto('/cafe/cart')
      await page.getByText(/^no longer on the menu$/i).waitFor({ timeout: 10_000 })
    })
  })
})

describe('?inspect on a deployed build', () => {
  it('starts no inspector: nothing opens and no event leaves for stately.ai', async () => {
    await tried('badInput', '/cafe?inspect on a build without VITE_INSPECT → no inspector, no third-party request', async () => {
      const page = await b.page()
      const elsewhere: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).origin !== new URL(b.baseUrl).origin) elsewhere.push(request.url())
      })
      const popups: string[] = []
      page.on('popup', (popup) => popups.push(popup.url()))
      await page.goto('/cafe?inspect')
      await page.getByRole('heading', { level: 2, name: /^coffee$/i }).waitFor({ timeout: 15_000 })
      await page.waitForTimeout(1_000)
      expect(popups).toEqual([])
      expect(elsewhere.filter((url) => /stately/.test(url))).toEqual([])
    })
  })
})

describe('malformed route and search params', () => {
  it('answers every malformed URL with a page, not a crash', async () => {
    // Four pages work through the list side by side; each URL is its own recorded try, and the
    // failures are collected so one bad answer does not hide the others.
    const failures: string[] = []
    const queue = [...MALFORMED]
    const worker = async () => {
      const page = await b.page()
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { url, expect: text } = next
        await tried('badInput', `URL ${url.slice(0, 70)}`, () => checkUrl(page, url, text)).catch((e: unknown) => {
          failures.push(`${url}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
        })
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()])
    expect(failures).toEqual([])
  })

  it('offers the download link for an https URL exactly as given', async () => {
    await tried('badInput', 'download?url=https://… → one link, same href', async () => {
      const page = await b.page()
      const target = 'https://files.example/receipts/r1.pdf?sig=a%26b'
      await page.goto(`/download?url=${enc(target)}`)
      const link = page.getByRole('link', { name: /download receipt/i })
      await link.waitFor({ timeout: 10_000 })
      expect(await link.getAttribute('href')).toBe(target)
    })
  })
})
