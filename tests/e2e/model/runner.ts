/**
 * Replays the browser models' paths in Chromium (DESIGN.md "Testing pyramid" 4): one vitest test
 * per path of each model's selected set, all models in one pool of two browser contexts at a
 * time (vitest.model.config.ts `maxConcurrency`; a path that switches a sandbox fault runs
 * alone), against the built app and the sandbox that global setup serves. Each step
 * is caused as the "event → cause" table says and each state reached is checked as the
 * "state → what the page shows" table says; afterwards it prints
 * `model paths: <machine> N generated, N run, browser states X/Y, transitions A/B`.
 */
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { statePaths } from '@tests/harness/coverage'
import {
  checkCoverage,
  checkTables,
  expectationOf,
  heldUrlsOf,
  generateModelPaths,
  modelLine,
  pathInWords,
  type BrowserModel,
  type ModelPath,
  type RunContext,
  type Via,
} from '@tests/harness/model'
import { closeContext, contextOptions, expectNoPageErrors, faults, launchBrowser, trackPageErrors } from '../support/browser'
import { SandboxLock } from './lock'

/** How long a busy state's request is awaited (ms), as long as a check waits for the page. */
const SENT_WAIT_MS = 10_000
/** How long a released request's answer is awaited before the next one goes (ms). */
const RELEASE_WAIT_MS = 5000

/** Platform requests the runner keeps waiting while it checks a busy state. */
interface Hold {
  url: string | RegExp
  /** Resolves once the page has sent a request this hold keeps (the busy state's own request). */
  arrived: Promise<void>
  /** Lets the held requests through, one at a time, each once its answer is back (so the platform sees them in order). */
  release: () => Promise<void>
}

async function hold(page: Page, url: string | RegExp, method: string | undefined): Promise<Hold> {
  let released = false
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const waiting: Array<{ go: () => void; request: Request }> = []
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback()
    if (!released) {
      arrive()
      await new Promise<void>((go) => waiting.push({ go, request: route.request() }))
    }
    await route.fallback()
  })
  return {
    url,
    arrived,
    release: async () => {
      released = true
      for (const { go, request } of waiting.splice(0)) {
        go()
        // A request the page gave up (it navigated away) never answers: do not wait for it long.
        await Promise.race([request.response().catch(() => null), new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS))])
      }
    },
  }
}

/** The requests a snapshot's held states hold: glob (or pattern) and method. */
function heldRequests(model: BrowserModel, snapshot: ModelPath['steps'][number]['snapshot'], via: Via): Array<{ url: string | RegExp; method: string | undefined }> {
  return statePaths(snapshot.value).flatMap((path) => {
    const entry = model.states[path]
    return entry?.kind === 'held' ? heldUrlsOf(entry, snapshot, via).map((url) => ({ url, method: entry.method })) : []
  })
}

/** Where the page is and the start of its text, for a failed check's message (a page that does not answer says so). */
async function whatThePageShows(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2000 })
    .then((t) => JSON.stringify(t.replace(/\s+/g, ' ').trim().slice(0, 300)))
    .catch(() => '(its text could not be read)')
  return `the page at ${page.url()} shows: ${text}`
}

/**
 * Causes every step of `path` and checks each state reached.
 * @throws Error naming the step (in words) and what the page did not show
 */
async function replayModelPath(model: BrowserModel, path: ModelPath, ctx: RunContext): Promise<void> {
  let holds: Hold[] = []
  try {
    for (const [k, step] of path.steps.entries()) {
      const next = path.steps[k + 1]
      const where = `${model.name} path ${path.id}, step ${k + 1} '${step.cause.words}'`
      if (k === 0 && step.cause.arrange) await step.cause.arrange(ctx)
      if (next?.cause.by === 'platform' && next.cause.arrange) await next.cause.arrange(ctx)
      const via = { start: path.start, event: step.event }
      if (step.cause.leavesPage) {
        // The page goes away: what follows is checked on the next page, nothing is held for it.
        await step.cause.act?.(ctx).catch(async (error: unknown) => {
          throw new Error(`${where}: could not do it: ${(error as Error).message}\n  ${await whatThePageShows(ctx.page)}`)
        })
        const after = step.cause.leavesPage
        await after.check(ctx).catch((error: unknown) => {
          throw new Error(`${where}: expected ${after.words} on the page that follows, but: ${(error as Error).message.split('\n')[0]}\n  path: ${pathInWords(model, path)}`)
        })
        continue
      }
      const wanted = heldRequests(model, step.snapshot, via)
      if (k > 0 && step.cause.by === 'platform') {
        // The request this event answers goes through; one the next state holds too stays held.
        await step.cause.act?.(ctx).catch((error: unknown) => {
          throw new Error(`${where}: the platform could not do it: ${(error as Error).message}`)
        })
        const { releases } = step.cause
        const answered = holds.filter((h) => (releases === undefined || h.url === releases) || !wanted.some((w) => w.url === h.url))
        holds = holds.filter((h) => !answered.includes(h))
        // The new holds first: the answer may send the next request at once.
        for (const w of wanted) if (!holds.some((h) => h.url === w.url)) holds.push(await hold(ctx.page, w.url, w.method))
        for (const h of answered) await h.release()
      } else {
        const holdFirst = !(k === 0 && path.start.holdAfterOpening)
        const holdWanted = async () => {
          for (const w of wanted) if (!holds.some((h) => h.url === w.url)) holds.push(await hold(ctx.page, w.url, w.method))
        }
        if (holdFirst) await holdWanted()
        await step.cause.act?.(ctx).catch(async (error: unknown) => {
          throw new Error(`${where}: could not do it: ${(error as Error).message}\n  ${await whatThePageShows(ctx.page)}`)
        })
        if (!holdFirst) await holdWanted()
      }
      // A busy state is the one that sent its request: the page must have sent it.
      for (const w of wanted) {
        const h = holds.find((x) => x.url === w.url)
        const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SENT_WAIT_MS))
        if (h && (await Promise.race([h.arrived, timeout])) === 'late') {
          throw new Error(`${where}: expected the page to send ${w.method ?? ''} ${w.url} (state ${JSON.stringify(step.snapshot.value)}), but it did not\n  path: ${pathInWords(model, path)}`)
        }
      }
      for (const state of statePaths(step.snapshot.value)) {
        const entry = model.states[state]
        const expectation = entry ? expectationOf(entry, step.snapshot, via) : null
        if (!expectation) continue
        await expectation.check(ctx).catch(async (error: unknown) => {
          const shown = await whatThePageShows(ctx.page)
          throw new Error(`${where}: expected ${expectation.words} (state ${state}), but: ${(error as Error).message.split('\n')[0]}\n  ${shown}\n  path: ${pathInWords(model, path)}`)
        })
      }
    }
  } finally {
    await Promise.all(holds.map((h) => h.release()))
  }
}

/**
 * `MODEL_CPU_SLOWDOWN=8` runs each page's CPU that many times slower (Chromium's throttling over
 * CDP), as a loaded CI machine does: a check that races one of the app's timers fails at once
 * here instead of now and then in CI. Unset or 1: full speed.
 */
async function slowCpu(page: Page): Promise<void> {
  const rate = Number(process.env.MODEL_CPU_SLOWDOWN ?? 1)
  if (!(rate > 1)) return
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

/** What the models of one suite share: one browser, the sandbox, and the lock on it. */
interface Shared {
  lock: SandboxLock
  browser: () => Browser | undefined
  baseUrl: () => string
}

/**
 * Registers the browser suite of every model in one pool: one browser, and every path of
 * every model two at a time (vitest.model.config.ts `maxConcurrency`; a path that switches a
 * sandbox fault runs alone), so no model waits for another's last path.
 */
export function describeModels(models: readonly BrowserModel[]): void {
  const lock = new SandboxLock()
  let browser: Browser | undefined
  let baseUrl = ''
  describe.concurrent('browser models (DESIGN.md "Testing pyramid" 4)', () => {
    beforeAll(async () => {
      baseUrl = inject('baseUrl')
      browser = await launchBrowser()
    })
    afterAll(async () => {
      await browser?.close()
    })
    for (const model of models) describeModel(model, { lock, browser: () => browser, baseUrl: () => baseUrl })
  })
}

/**
 * The suite of one model: the tables' completeness check, then one test per selected path,
 * then the coverage line.
 */
function describeModel(model: BrowserModel, shared: Shared): void {
  const plan = generateModelPaths(model)
  const passed: ModelPath[] = []
  let vars: Record<string, string> = {}

  describe.concurrent(`model: ${model.name}`, () => {
    beforeAll(async () => {
      vars = (await model.prepare?.(shared.baseUrl())) ?? {}
    })

    afterAll(() => {
      console.log(modelLine(plan, passed))
    })

    it('has a cause for every event and a page for every state, and takes or explains every transition', () => {
      expect(checkTables(model)).toEqual([])
      expect(checkCoverage(plan)).toEqual([])
    })

    for (const path of plan.selected) {
      it(`path ${path.id}: ${pathInWords(model, path)}`, async () => {
        const browser = shared.browser()
        const baseUrl = shared.baseUrl()
        if (!browser) throw new Error('model runner: the browser did not start')
        const exclusive = path.steps.some((s) => s.cause.exclusive)
        const unlock = await shared.lock.acquire(exclusive)
        try {
          const context = await browser.newContext(contextOptions({ baseUrl, viewport: path.start.viewport ?? model.viewport ?? 'desktop' }))
          try {
            const page = await context.newPage()
            await slowCpu(page)
            trackPageErrors(page)
            await replayModelPath(model, path, { page, baseUrl, vars })
            expectNoPageErrors(page)
            passed.push(path)
          } finally {
            await closeContext(context)
          }
        } finally {
          try {
            if (exclusive) await faults(baseUrl).clear()
          } finally {
            unlock()
          }
        }
      })
    }
  })
}
