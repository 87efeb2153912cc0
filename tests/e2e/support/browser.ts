/**
 * Browser helpers for the e2e suite (DESIGN.md "Testing pyramid", STYLE.md §8 item 5):
 * playwright-core driving Debian's Chromium, fresh contexts per test, page-error tracking,
 * sandbox fault injection and request log, and axe-core accessibility checks.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { devices, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import type axe from 'axe-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import * as v from 'valibot'
import { launchBrowser } from './chromium'

export { launchBrowser } from './chromium'

/** Locales the storefront supports (CONTRACT.md "Language"), as browser locales. */
export type BrowserLocale = 'en-US' | 'sv-SE' | 'fi-FI'

/** Viewport preset or explicit size in CSS pixels. */
type ViewportOption = 'desktop' | 'phone' | { width: number; height: number }

/** Options for {@link newPage}. */
export interface NewPageOptions {
  /** `desktop` = 1280×800; `phone` = 375×740, touch, mobile, iPhone user agent. Default desktop. */
  viewport?: ViewportOption
  /** Browser locale: sets `navigator.languages` and `Accept-Language`. Default `en-US`. */
  locale?: BrowserLocale
  /** Origin for relative `page.goto('/path')`; default none. */
  baseUrl?: string
  /** IANA zone of the browser's clock; default the machine's. */
  timezoneId?: string
}

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 740 }
const IPHONE_USER_AGENT =
  devices['iPhone 13']?.userAgent ??
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1'

/**
 * Builds playwright context options for a viewport preset and locale.
 * Exported for tests of this module; `newPage` is the normal entry point.
 */
export function contextOptions(opts: NewPageOptions = {}): BrowserContextOptions {
  const viewport = opts.viewport ?? 'desktop'
  const base: BrowserContextOptions = {
    locale: opts.locale ?? 'en-US',
    ...(opts.baseUrl ? { baseURL: opts.baseUrl } : {}),
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  }
  if (viewport === 'phone') {
    return { ...base, viewport: PHONE, screen: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: IPHONE_USER_AGENT }
  }
  return { ...base, viewport: viewport === 'desktop' ? DESKTOP : viewport }
}

// Errors are kept per page so several pages of one test are checked independently.
const pageErrors = new WeakMap<Page, Error[]>()

/** Starts collecting uncaught page errors of `page` (idempotent). */
export function trackPageErrors(page: Page): void {
  if (pageErrors.has(page)) return
  const errors: Error[] = []
  pageErrors.set(page, errors)
  page.on('pageerror', (err) => errors.push(err))
}

/** Uncaught errors seen on `page` so far (empty when it was never tracked). */
export function pageErrorsOf(page: Page): readonly Error[] {
  return pageErrors.get(page) ?? []
}

/**
 * Asserts that no uncaught error (`pageerror`) happened on `page` since it was created by
 * {@link newPage} (or passed to {@link trackPageErrors}).
 * @throws AssertionError listing the errors' messages and stacks.
 */
export function expectNoPageErrors(page: Page): void {
  const errors = pageErrorsOf(page).map((e) => e.stack ?? e.message)
  // The messages go into the assertion message too: the diff alone truncates long arrays.
  expect(errors, `uncaught errors in ${page.url()}:\n${errors.join('\n')}`).toEqual([])
}

/**
 * Opens a page in a new, isolated context (own cookies and storage) and tracks its errors.
 * Close it with {@link closeContext}; {@link useBrowser} does that after each test.
 */
export async function newPage(browser: Browser, opts: NewPageOptions = {}): Promise<Page> {
  const context = await browser.newContext(contextOptions(opts))
  const page = await context.newPage()
  trackPageErrors(page)
  return page
}

/**
 * Closes a test's context. Its routes are taken off first with their errors ignored: a handler
 * still waiting on the platform (`route.fetch()`) when the test ends would otherwise reject
 * with "Response has been disposed" after the test, and fail the run.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  await Promise.all([...context.pages().map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })), context.unrouteAll({ behavior: 'ignoreErrors' })])
  await context.close()
}

/** Per-file browser fixture returned by {@link useBrowser}. */
export interface BrowserFixture {
  /** The shared browser; throws before `beforeAll` ran. */
  readonly browser: Browser
  /** Origin of the server under test (from global setup's `provide('baseUrl')`). */
  readonly baseUrl: string
  /**
   * A page in a fresh context whose `baseURL` is the server under test, closed after the
   * current test; its uncaught errors fail the test.
   */
  page(opts?: Omit<NewPageOptions, 'baseUrl'>): Promise<Page>
}

/**
 * Registers hooks for one test file: launches Chromium once (`beforeAll`), closes it
 * (`afterAll`); after each test, asserts no page errors on the pages it handed out and
 * closes their contexts, so every test starts with fresh cookies.
 */
export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined
  let baseUrl: string | undefined
  let open: Page[] = []

  beforeAll(async () => {
    baseUrl = inject('baseUrl')
    browser = await launchBrowser()
  })

  afterEach(async () => {
    const pages = open
    open = []
    const contexts = new Set<BrowserContext>(pages.map((p) => p.context()))
    try {
      for (const p of pages) expectNoPageErrors(p)
    } finally {
      await Promise.all([...contexts].map(closeContext))
    }
  })

  afterAll(async () => {
    await browser?.close()
  })

  return {
    get browser(): Browser {
      if (!browser) throw new Error('useBrowser: browser is not launched yet (use it inside a test)')
      return browser
    },
    get baseUrl(): string {
      if (!baseUrl) throw new Error('useBrowser: baseUrl is not known yet (use it inside a test)')
      return baseUrl
    },
    async page(opts = {}) {
      if (!browser || !baseUrl) throw new Error('useBrowser: call page() inside a test')
      const page = await newPage(browser, { ...opts, baseUrl })
      open.push(page)
      return page
    },
  }
}

/** A fault the sandbox applies to its next matching requests (`POST /sandbox/faults`). */
type FaultKind = 'error500' | 'drop' | 'slow' | null

/** Body of `POST /sandbox/faults`; `times` = how many requests it hits (sandbox default when absent). */
export interface FaultSpec {
  shop?: FaultKind
  session?: FaultKind
  startPayment?: FaultKind
  times?: number
}

/** Fault-injection client for the sandbox at `baseUrl`. */
export interface FaultsClient {
  /** Sets faults. @throws Error when the sandbox answers non-2xx. */
  set(spec: FaultSpec): Promise<void>
  /** Removes every fault. @throws Error when the sandbox answers non-2xx. */
  clear(): Promise<void>
}

async function ensureOk(res: Response, what: string): Promise<void> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text().catch(() => '')}`)
}

/** Fault helpers against the sandbox's test endpoints (only the sandbox has them, never the app). */
export function faults(baseUrl: string): FaultsClient {
  const url = new URL('/sandbox/faults', baseUrl).href
  return {
    async set(spec) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) })
      await ensureOk(res, 'POST /sandbox/faults')
    },
    async clear() {
      const res = await fetch(url, { method: 'DELETE' })
      await ensureOk(res, 'DELETE /sandbox/faults')
    },
  }
}

const sandboxRequestSchema = v.object({ method: v.string(), path: v.string(), at: v.number() })
// Accept a bare array or a `{ requests: [...] }` envelope: the sandbox's exact envelope is its own choice.
const requestLogSchema = v.union([
  v.array(sandboxRequestSchema),
  v.pipe(
    v.object({ requests: v.array(sandboxRequestSchema) }),
    v.transform((o) => o.requests),
  ),
])

/** One request the sandbox received; `at` in epoch milliseconds. */
export type SandboxRequest = v.InferOutput<typeof sandboxRequestSchema>

/**
 * Requests the sandbox logged at or after `sinceMs` (epoch milliseconds), oldest first.
 * @throws Error on non-2xx or a log that does not match `{method, path, at}[]`.
 */
export async function requestsSince(baseUrl: string, sinceMs: number): Promise<SandboxRequest[]> {
  const url = new URL('/sandbox/requests', baseUrl)
  url.searchParams.set('since', String(sinceMs))
  const res = await fetch(url)
  await ensureOk(res, 'GET /sandbox/requests')
  return v.parse(requestLogSchema, await res.json())
}

/** Options for {@link checkA11y}. */
export interface A11yOptions {
  /** CSS selectors axe should skip (e.g. a third-party iframe). */
  exclude?: string[]
}

/** An axe violation (any impact, see {@link checkA11y}). */
export type A11yViolation = axe.Result

let axeSource: Promise<string> | undefined
function loadAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  return axeSource
}

/**
 * Runs axe-core on the current document of `page` and returns every violation, best-practice
 * rules and minor impacts included (DESIGN.md: accessibility checks in e2e): an outside check
 * runs axe's defaults too. Typical use:
 * `expect(formatA11y(await checkA11y(page))).toEqual([])`.
 */
export async function checkA11y(page: Page, opts: A11yOptions = {}): Promise<A11yViolation[]> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object')
  // Evaluated, not added as a <script> tag: the app's Content-Security-Policy forbids inline scripts.
  if (!hasAxe) await page.evaluate(await loadAxeSource())
  const exclude = opts.exclude ?? []
  const violations = await page.evaluate(async (excl: string[]) => {
    const a = (window as unknown as { axe: typeof axe }).axe
    const context: axe.ElementContext = excl.length > 0 ? { include: document, exclude: excl } : document
    const results = await a.run(context, { resultTypes: ['violations'] })
    return results.violations
  }, exclude)
  return violations
}

/** One line per violation and node (`rule-id (impact): target — help`), for readable assertion diffs. */
export function formatA11y(violations: readonly A11yViolation[]): string[] {
  return violations.flatMap((violation) => violation.nodes.map((n) => `${violation.id} (${violation.impact ?? 'n/a'}): ${n.target.join(' ')} — ${violation.help}`))
}
