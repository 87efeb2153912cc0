/**
 * Replays a browser model's paths in Chromium (DESIGN.md "Testing pyramid" 4): one vitest test
 * per path of the selected set, two browser contexts at a time (vitest.model.config.ts
 * `maxConcurrency`; a path that switches a sandbox fault runs alone), against the built app and the sandbox that global setup serves. Each step
 * is caused as the "event → cause" table says and each state reached is checked as the
 * "state → what the page shows" table says; afterwards it prints
 * `model paths: <machine> N generated, N run, browser states X/Y, transitions A/B`.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { statePaths } from '@tests/harness/coverage'
import {
  checkTables,
  expectationOf,
  generateModelPaths,
  modelLine,
  pathInWords,
  type BrowserModel,
  type ModelPath,
  type RunContext,
} from '@tests/harness/model'
import { contextOptions, expectNoPageErrors, faults, launchBrowser, trackPageErrors } from '../support/browser'
import { SandboxLock } from './lock'

/** A platform request the runner keeps waiting while it checks a busy state. */
interface Hold {
  url: string
  release: () => void
}

async function hold(page: Page, url: string): Promise<Hold> {
  let released = false
  const waiting: Array<() => void> = []
  await page.route(url, async (route) => {
    if (!released) await new Promise<void>((resolve) => waiting.push(resolve))
    await route.fallback()
  })
  return {
    url,
    release: () => {
      released = true
      waiting.splice(0).forEach((resolve) => resolve())
    },
  }
}

function heldUrls(model: BrowserModel, snapshot: ModelPath['steps'][number]['snapshot']): string[] {
  return statePaths(snapshot.value).flatMap((path) => {
    const entry = model.states[path]
    return entry?.kind === 'held' ? [entry.url] : []
  })
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
      if (next?.cause.by === 'platform' && next.cause.arrange) await next.cause.arrange(ctx)
      const urls = heldUrls(model, step.snapshot)
      if (k > 0 && step.cause.by === 'platform') {
        // The new holds first: the answer may send the next request at once.
        const answered = holds
        holds = []
        for (const url of urls) holds.push(await hold(ctx.page, url))
        answered.forEach((h) => h.release())
      } else {
        for (const url of urls) if (!holds.some((h) => h.url === url)) holds.push(await hold(ctx.page, url))
        await step.cause.act?.(ctx).catch((error: unknown) => {
          throw new Error(`${where}: could not do it: ${(error as Error).message}`)
        })
      }
      for (const state of statePaths(step.snapshot.value)) {
        const entry = model.states[state]
        const expectation = entry ? expectationOf(entry, step.snapshot) : null
        if (!expectation) continue
        await expectation.check(ctx).catch((error: unknown) => {
          throw new Error(`${where}: expected ${expectation.words} (state ${state}), but: ${(error as Error).message.split('\n')[0]}\n  path: ${pathInWords(model, path)}`)
        })
      }
    }
  } finally {
    holds.forEach((h) => h.release())
  }
}

/**
 * Registers the browser suite of one model: the tables' completeness check, then one test per
 * selected path (concurrent, two at a time), then the coverage line.
 */
export function describeModel(model: BrowserModel): void {
  const plan = generateModelPaths(model)
  const passed: ModelPath[] = []
  const lock = new SandboxLock()
  let browser: Browser | undefined
  let baseUrl = ''
  let vars: Record<string, string> = {}

  describe.concurrent(`model: ${model.name} (DESIGN.md "Testing pyramid" 4)`, () => {
    beforeAll(async () => {
      baseUrl = inject('baseUrl')
      browser = await launchBrowser()
      vars = (await model.prepare?.(baseUrl)) ?? {}
    })

    afterAll(async () => {
      await browser?.close()
      console.log(modelLine(plan, passed))
    })

    it('has a cause for every event and a page for every state', () => {
      expect(checkTables(model)).toEqual([])
    })

    for (const path of plan.selected) {
      it(`path ${path.id}: ${pathInWords(model, path)}`, async () => {
        if (!browser) throw new Error('model runner: the browser did not start')
        const exclusive = path.steps.some((s) => s.cause.exclusive)
        const unlock = await lock.acquire(exclusive)
        try {
          const context = await browser.newContext(contextOptions({ baseUrl, viewport: model.viewport ?? 'desktop' }))
          try {
            const page = await context.newPage()
            trackPageErrors(page)
            await replayModelPath(model, path, { page, baseUrl, vars })
            expectNoPageErrors(page)
            passed.push(path)
          } finally {
            await context.close()
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
