import type { BrowserContext, Page, Request } from 'playwright-core'
import * as v from 'valibot'
import { notArray } from '../src/api/schemas/common.schema'
import { BENCH_SHOP, FIRST_PRODUCT_TITLE, addFirstProduct, buttonXPath, fieldXPath, openMenu, productButtonXPath } from './menu'

/** One entry of the sandbox's `GET /sandbox/requests` log (`at`: epoch ms). */
const logEntrySchema = v.object({ method: v.string(), path: v.string(), search: v.string(), at: v.number() })
type LogEntry = v.InferOutput<typeof logEntrySchema>

/** The sandbox's API request log since `since` (epoch ms). @throws on a non-2xx answer */
async function requestLog(baseUrl: string, since: number): Promise<LogEntry[]> {
  const res = await fetch(new URL(`/sandbox/requests?since=${since}`, baseUrl))
  if (!res.ok) throw new Error(`GET /sandbox/requests: HTTP ${res.status}`)
  return v.parse(v.array(logEntrySchema), await res.json())
}

/** Sets sandbox faults (`POST /sandbox/faults`). @throws on a non-2xx answer */
async function setFaults(baseUrl: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(new URL('/sandbox/faults', baseUrl), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`POST /sandbox/faults: HTTP ${res.status}`)
}

/** Clears every sandbox fault. */
async function clearFaults(baseUrl: string): Promise<void> {
  await fetch(new URL('/sandbox/faults', baseUrl), { method: 'DELETE' })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Waits until the sandbox log holds at least `atLeast` matching `method path` requests and has
 * shown no new one for `quietMs`, at most `maxMs`; returns the matching requests since `since`.
 */
async function settledRequests(
  baseUrl: string,
  since: number,
  method: string,
  path: string,
  quietMs = 1200,
  maxMs = 8000,
  atLeast = 0,
): Promise<LogEntry[]> {
  const started = Date.now()
  let entries = await requestLog(baseUrl, since)
  for (;;) {
    const matching = entries.filter((e) => e.method === method && e.path === path)
    const last = matching.at(-1)?.at ?? since
    const quiet = matching.length >= atLeast && Date.now() - last >= quietMs
    if (quiet || Date.now() - started >= maxMs) return matching
    await sleep(200)
    entries = await requestLog(baseUrl, since)
  }
}

/** What the menu needed: scripts (dist-relative, e.g. `assets/x.js`) fetched before it showed. */
export interface MenuLoad {
  scriptsBeforeReady: string[]
  /** Scripts fetched in the second after the menu showed (lazy chunks started at once). */
  scriptsAfterReady: string[]
  /** When the first product showed, in ms since the page's navigation started (the page's clock). */
  readyMs: number
}

/** One script the page fetched: dist-relative path and when its request started (page ms). */
export interface ScriptFetch {
  path: string
  startMs: number
}

/**
 * Splits the page's script fetches at `readyMs`: those started before (what the menu needed)
 * and those started within `afterMs` after it; in the order they started.
 */
export function scriptsAround(fetches: readonly ScriptFetch[], readyMs: number, afterMs = 1000): Pick<MenuLoad, 'scriptsBeforeReady' | 'scriptsAfterReady'> {
  const sorted = [...fetches].sort((a, b) => a.startMs - b.startMs)
  return {
    scriptsBeforeReady: sorted.filter((f) => f.startMs < readyMs).map((f) => f.path),
    scriptsAfterReady: sorted.filter((f) => f.startMs >= readyMs && f.startMs < readyMs + afterMs).map((f) => f.path),
  }
}

/**
 * The init script (run in the page before its own scripts, outside its CSP) that notes on
 * `window.__benchMenuShownAt` the page time at which the first button matching `xpath` is
 * first in the document and visible: the same element {@link openMenu} waits for. Checked
 * after each DOM change (a MutationObserver: the moment React commits it, or unhides the root)
 * and at each frame: the app starts loading the chunks the menu does not need once the browser
 * is idle, which can come between that commit and the next frame. Text, not a function: the
 * bench's TypeScript loader wraps named functions in a helper the page does not have.
 */
function watchFirstMatch(xpath: string): string {
  return `(() => {
    const xpath = ${JSON.stringify(xpath)}
    let observer = null
    const check = () => {
      if ('__benchMenuShownAt' in window) return true
      const button = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue
      if (!(button instanceof Element) || !button.checkVisibility()) return false
      window.__benchMenuShownAt = performance.now()
      observer?.disconnect()
      return true
    }
    observer = new MutationObserver(() => void check())
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] })
    const frame = () => {
      if (!check()) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })()`
}

/**
 * Opens the bench shop in a fresh page and splits the `/assets/*.js` it fetched at the moment
 * the menu's first product is shown (see {@link watchFirstMatch}), by the page's own clock
 * (Resource Timing, `performance.now()`): a loaded machine that notices the menu late through
 * the DevTools protocol no longer counts the chunks loaded once the menu is up as needed for it.
 */
export async function measureMenuLoad(context: BrowserContext): Promise<MenuLoad> {
  const page = await context.newPage()
  try {
    await page.addInitScript(watchFirstMatch(productButtonXPath(FIRST_PRODUCT_TITLE)))
    await openMenu(page)
    await page.waitForFunction(() => '__benchMenuShownAt' in window)
    await sleep(1000)
    const { readyMs, fetches } = await page.evaluate(() => ({
      readyMs: (window as unknown as { __benchMenuShownAt: number }).__benchMenuShownAt,
      fetches: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, startMs: entry.startTime }))
        .filter((f) => f.path.startsWith('/assets/') && f.path.endsWith('.js'))
        .map((f) => ({ path: f.path.slice(1), startMs: f.startMs })),
    }))
    return { ...scriptsAround(fetches, readyMs), readyMs: Math.round(readyMs) }
  } finally {
    await page.close()
  }
}

const cartLineSchema = v.looseObject({ productId: v.string(), count: v.number() })
const sessionCartSchema = notArray(v.looseObject({ cart: v.nullish(v.array(cartLineSchema)) }))

/** Result of {@link quantityBurst}. */
export interface BurstResult {
  clicks: number
  puts: number
  /** Count the cart page shows for the line after the burst. */
  shownCount: number | null
  /** The server's cart after the burst, as `productId×count` entries. */
  serverCart: string[]
  /** True when the server holds exactly one line, of the shown product and count. */
  consistent: boolean
}

/**
 * Adds the first product from the menu, opens the cart page and clicks `Increase quantity`
 * `clicks` times as fast as the mouse allows (no waiting between clicks), then waits for the
 * network to settle and counts the cart PUTs the sandbox saw. Compares the count the page shows
 * with `GET /api/v2/webshop/bigmenu/cart` in the same session (same cookies).
 * @throws when the menu, dialog or cart page controls are not found
 */
export async function quantityBurst(page: Page, baseUrl: string, clicks = 10): Promise<BurstResult> {
  const cartPath = `/api/v2/webshop/${BENCH_SHOP}/cart`
  await openMenu(page)
  await addFirstProduct(page)
  // The added line must have reached the server before the cart page is loaded afresh.
  await settledRequests(baseUrl, Date.now() - 5000, 'PUT', cartPath, 600, 8000, 1)
  await page.goto(`/${BENCH_SHOP}/cart`, { waitUntil: 'domcontentloaded' })
  const increase = page.locator('button[aria-label="Increase quantity"]').first()
  await increase.waitFor({ state: 'visible', timeout: 20_000 })
  const output = increase.locator('xpath=..').locator('output').first()
  const before = Number((await output.textContent({ timeout: 2000 }).catch(() => null)) ?? NaN)
  await increase.scrollIntoViewIfNeeded()
  const box = await increase.boundingBox()
  if (!box) throw new Error('the Increase quantity button has no box')
  const since = Date.now()
  for (let i = 0; i < clicks; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  const puts = await settledRequests(baseUrl, since, 'PUT', cartPath)
  const shownText = await output.textContent({ timeout: 2000 }).catch(() => null)
  const shownCount = shownText === null ? null : Number(shownText.trim())
  const res = await page.context().request.get(new URL(`${cartPath}?table=&tabId=`, baseUrl).href)
  const server = v.parse(sessionCartSchema, await res.json())
  const lines = server.cart ?? []
  const serverCart = lines.map((l) => `${l.productId}×${l.count}`)
  const consistent =
    shownCount !== null && lines.length === 1 && lines[0]?.count === shownCount && (Number.isNaN(before) || shownCount === before + clicks)
  return { clicks, puts: puts.length, shownCount, serverCart, consistent }
}

/** Result of {@link pollingOverlap}. */
export interface PollingResult {
  polls: number
  maxInFlight: number
  /** Shortest gap between one poll's answer and the next poll's start, ms. */
  minGapMs: number | null
  completed: boolean
}

/**
 * Runs a Swish payment (desktop: phone number entry) from the cart page while the sandbox
 * answers each session GET after 3 s (`slow` fault), three times as long as the 1 s poll
 * interval, and tracks how many session GETs are in flight at once in the browser. Polls that
 * do not wait for the previous answer would show up as 2 or more in flight.
 * Expects the page on the cart page with a non-empty cart. @throws when controls are missing
 */
export async function pollingOverlap(page: Page, baseUrl: string, slowPolls = 3, timeoutMs = 30_000): Promise<PollingResult> {
  const sessionPath = `/api/v2/webshop/${BENCH_SHOP}/cart`
  const isPoll = (req: Request) => req.method() === 'GET' && new URL(req.url()).pathname === sessionPath
  let inFlight = 0
  let maxInFlight = 0
  let polls = 0
  let lastEnd: number | null = null
  let minGapMs: number | null = null
  const started = (req: Request) => {
    if (!isPoll(req)) return
    polls += 1
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    if (lastEnd !== null) minGapMs = Math.min(minGapMs ?? Infinity, Date.now() - lastEnd)
  }
  const ended = (req: Request) => {
    if (!isPoll(req)) return
    inFlight = Math.max(0, inFlight - 1)
    lastEnd = Date.now()
  }
  await page.locator(`xpath=${fieldXPath('Name')}`).first().fill('Bench Customer', { timeout: 20_000 })
  const swish = page.locator(`xpath=${buttonXPath('Swish')}`).first()
  await swish.click({ timeout: 10_000 })
  await page.locator(`xpath=${fieldXPath('Phone number')}`).first().fill('0701234567', { timeout: 10_000 })
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await setFaults(baseUrl, { session: 'slow', times: slowPolls })
    await page.locator(`xpath=${buttonXPath('Start payment')}`).first().click({ timeout: 10_000 })
    const completed = await page
      .waitForURL(/\/receipt\//, { timeout: timeoutMs })
      .then(() => true)
      .catch(() => false)
    return { polls, maxInFlight, minGapMs, completed }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
    await clearFaults(baseUrl)
  }
}
