/**
 * `npm run bench` (issue 6: fast on a cheap phone). Builds the app and the stack's floor app
 * side by side, serves the app with the sandbox, and prints each figure with its target:
 *   size        initial JS of `/$shopId` (gzip -9) vs the floor, the ratio (≤ 1.25)
 *   network     cart PUTs for a burst of 10 quantity clicks (≤ 2, server = page), session
 *               polls in flight at once while each answer takes 3 s (≤ 1)
 *   lighthouse  mobile preset on /bigmenu: score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.02
 *   interaction Event Timing, CPU 4× slower: open a product dialog, add to cart (≤ 100 ms),
 *               median of N rounds, each a fresh page
 *   images      width/height set, lazy below the fold, 150 px / 300 px / square, logo ≤ 200×100
 *   caching     hashed assets immutable, index.html no-cache
 * Runs offline, bounded in time (each phase has a timeout, the whole run a deadline), and
 * closes what it starts: server, browsers, temp dirs. Exit 0 when every target is met, 1 when
 * one is missed or could not be measured, 2 on the overall deadline.
 * Options: `--runs N` Lighthouse runs (median by score) and interaction rounds (median per
 * figure), default 3; `--keep` keeps the builds.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { buildApp, buildFloor } from '../bench/build'
import { errorText, launchBrowser, phoneContext, withTimeout } from '../bench/browser'
import { checkCaching } from '../bench/caching'
import { checkImages } from '../bench/images'
import { measureInteraction, medianOf, phasesText, type InteractionResult } from '../bench/interaction'
import { eachRunNote, lcpNote, runLighthouse } from '../bench/lighthouse'
import { BENCH_SHOP } from '../bench/menu'
import { measureMenuLoad, pollingOverlap, quantityBurst } from '../bench/network'
import { allMet, checkFigure, formatFigures, kB, ms, numberFigure, orNa, seconds, type Figure } from '../bench/report'
import { jsSet, readBudget, staticInitialJs, type JsSet } from '../bench/size'
import { REPO_ROOT, startServer, type RunningServer } from '../sandbox/serve'

/** Targets of issue 6. */
const TARGETS = {
  sizeRatio: 1.25,
  lighthouseScore: 95,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0.02,
  inpMs: 100,
  cartPuts: 2,
  pollsInFlight: 1,
} as const

const DEADLINE_MS = 8 * 60_000

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const lighthouseRuns = Math.max(1, Math.min(9, Number(argValue('--runs') ?? 3) || 3))
const keep = process.argv.includes('--keep')

const figures: Figure[] = []
const cleanups: (() => Promise<void> | void)[] = []
const t0 = Date.now()
const loadText = () => (loadavg()[0] ?? 0).toFixed(1)
const loadAtStart = loadText()

function log(message: string): void {
  console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(1)} s] ${message}`)
}

/** Runs one phase; on failure (or timeout) records `onError`'s n/a figures with the reason. */
async function phase(name: string, timeoutMs: number, run: () => Promise<void>, onError: (reason: string) => Figure[]): Promise<void> {
  log(`${name}…`)
  try {
    await withTimeout(run(), timeoutMs, name)
  } catch (err) {
    log(`${name} failed: ${errorText(err)}`)
    figures.push(...onError(errorText(err)))
  }
}

async function cleanup(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await withTimeout(Promise.resolve(fn()), 10_000, 'cleanup')
    } catch (err) {
      console.error(`cleanup: ${errorText(err)}`)
    }
  }
}

function fileList(set: JsSet): string {
  return set.files.map((f) => `${f.path} ${kB(f.gzip)}`).join('\n')
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'storefront-bench-'))
  cleanups.push(() => {
    if (keep) log(`builds kept in ${work}`)
    else rmSync(work, { recursive: true, force: true })
  })
  const appDir = join(work, 'app')
  const floorDir = join(work, 'floor')

  // ---- size: app and floor built the same way, measured the same way ----------------------
  let appBuilt = false
  await phase(
    'build app and floor',
    180_000,
    async () => {
      await buildFloor(floorDir)
      await buildApp(REPO_ROOT, appDir)
      appBuilt = true
      const budget = readBudget(REPO_ROOT)
      const pattern = budget.menuRouteChunkPattern === undefined ? undefined : new RegExp(budget.menuRouteChunkPattern)
      const floor = staticInitialJs(floorDir)
      const app = staticInitialJs(appDir, pattern)
      figures.push(checkFigure('size', 'floor initial JS (gzip)', kB(floor.gzip), '', null, fileList(floor)))
      figures.push(
        numberFigure('size', 'app initial JS /$shopId (gzip)', app.gzip, { max: floor.gzip * TARGETS.sizeRatio }, kB, `as size-check counts it (budget ${kB(budget.menuInitialJsGzipBytes)}):\n${fileList(app)}`),
      )
      figures.push(numberFigure('size', 'ratio app / floor', app.gzip / floor.gzip, { max: TARGETS.sizeRatio }, (n) => n.toFixed(2)))
    },
    (reason) => [
      checkFigure('size', 'app initial JS /$shopId (gzip)', 'n/a', `≤ ${TARGETS.sizeRatio} × floor`, null, reason),
      checkFigure('size', 'ratio app / floor', 'n/a', `≤ ${TARGETS.sizeRatio}`, null),
    ],
  )
  if (!appBuilt) return

  // ---- server: the built app plus the sandbox platform, on one origin ----------------------
  const server: RunningServer = await startServer({ mode: 'production', distDir: appDir, port: 0, dataDir: join(work, 'data'), quiet: true })
  cleanups.push(() => server.close())
  const baseUrl = server.url
  log(`serving ${baseUrl}${BENCH_SHOP}`)

  let browser: Browser | null = null
  const context = async (): Promise<BrowserContext> => {
    if (!browser) {
      const launched = await launchBrowser()
      browser = launched
      cleanups.push(() => launched.close())
    }
    return phoneContext(browser, baseUrl)
  }

  // What the browser really fetched before the menu showed, measured against the same build.
  await phase(
    'menu load in the browser',
    60_000,
    async () => {
      const ctx = await context()
      try {
        const load = await measureMenuLoad(ctx)
        // The inline boot script ran before the menu too: jsSet counts it with the files fetched.
        const loaded = jsSet(appDir, load.scriptsBeforeReady)
        const floor = staticInitialJs(floorDir)
        figures.push(
          numberFigure(
            'size',
            'JS fetched before the menu showed (gzip)',
            loaded.gzip,
            { max: floor.gzip * TARGETS.sizeRatio },
            kB,
            `ratio ${(loaded.gzip / floor.gzip).toFixed(2)}; menu visible after ${load.readyMs} ms (page clock, no throttling)\n${fileList(loaded)}` +
              (load.scriptsAfterReady.length > 0 ? `\nfetched in the second after: ${load.scriptsAfterReady.join(', ')}` : ''),
          ),
        )
      } finally {
        await ctx.close()
      }
    },
    (reason) => [checkFigure('size', 'JS fetched before the menu showed (gzip)', 'n/a', `≤ ${TARGETS.sizeRatio} × floor`, null, reason)],
  )

  // ---- network: debounced cart pushes, polls that never overlap ----------------------------
  let networkCtx: BrowserContext | null = null
  let burstOk = false
  await phase(
    'network: quantity burst',
    60_000,
    async () => {
      networkCtx = await context()
      const page = await networkCtx.newPage()
      const burst = await quantityBurst(page, baseUrl)
      burstOk = true
      figures.push(
        numberFigure('network', `cart PUTs for ${burst.clicks} quick quantity clicks`, burst.puts, { max: TARGETS.cartPuts }, (n) => String(n)),
        checkFigure(
          'network',
          'server cart equals the cart shown',
          burst.consistent ? 'yes' : 'no',
          'yes',
          burst.consistent,
          `page shows ${burst.shownCount ?? 'nothing'}; server holds ${burst.serverCart.join(', ') || 'an empty cart'}`,
        ),
      )
    },
    (reason) => [
      checkFigure('network', 'cart PUTs for 10 quick quantity clicks', 'n/a', `≤ ${TARGETS.cartPuts}`, null, reason),
      checkFigure('network', 'server cart equals the cart shown', 'n/a', 'yes', null),
    ],
  )
  await phase(
    'network: polling',
    60_000,
    async () => {
      const ctx = networkCtx
      const page = ctx?.pages()[0]
      if (!ctx || !page || !burstOk) throw new Error('needs the cart page from the quantity burst')
      const polling = await pollingOverlap(page, baseUrl)
      figures.push(
        numberFigure(
          'network',
          'session polls in flight at once (3 s answers)',
          polling.polls === 0 ? null : polling.maxInFlight,
          { max: TARGETS.pollsInFlight },
          (n) => String(n),
          `${polling.polls} polls; shortest gap answer→next poll ${orNa(polling.minGapMs, ms)}; payment ${polling.completed ? 'completed' : 'did not complete'}`,
        ),
      )
    },
    (reason) => [checkFigure('network', 'session polls in flight at once (3 s answers)', 'n/a', `≤ ${TARGETS.pollsInFlight}`, null, reason)],
  )
  const usedCtx: BrowserContext | null = networkCtx
  if (usedCtx) await (usedCtx as BrowserContext).close().catch(() => undefined)

  // ---- lighthouse --------------------------------------------------------------------------
  await phase(
    `lighthouse (${lighthouseRuns} run${lighthouseRuns > 1 ? 's' : ''})`,
    lighthouseRuns * 90_000 + 30_000,
    async () => {
      const { runs, median } = await runLighthouse(`${baseUrl}${BENCH_SHOP}`, lighthouseRuns)
      const note = `median of ${runs.length} by score; scores ${runs.map((r) => r.score ?? 'n/a').join(', ')}` +
        (median.fcpMs === null ? '' : `; FCP ${seconds(median.fcpMs)}`) +
        (median.runtimeError ? `; runtime error ${median.runtimeError}` : '') +
        `\nLighthouse benchmarkIndex (this machine's CPU speed) ${runs.map((r) => r.benchmarkIndex ?? 'n/a').join(', ')}`
      figures.push(
        numberFigure('lighthouse', 'performance score (mobile)', median.score, { min: TARGETS.lighthouseScore }, (n) => String(Math.round(n)), note),
        numberFigure('lighthouse', 'LCP', median.lcpMs, { max: TARGETS.lcpMs }, seconds, [eachRunNote(runs, 'lcpMs'), lcpNote(median)].filter(Boolean).join('; ') || undefined),
        numberFigure('lighthouse', 'TBT', median.tbtMs, { max: TARGETS.tbtMs }, ms, eachRunNote(runs, 'tbtMs')),
        numberFigure('lighthouse', 'CLS', median.cls, { max: TARGETS.cls }, (n) => n.toFixed(3)),
      )
    },
    (reason) => [
      checkFigure('lighthouse', 'performance score (mobile)', 'n/a', `≥ ${TARGETS.lighthouseScore}`, null, reason),
      checkFigure('lighthouse', 'LCP', 'n/a', `≤ ${seconds(TARGETS.lcpMs)}`, null),
      checkFigure('lighthouse', 'TBT', 'n/a', `≤ ${ms(TARGETS.tbtMs)}`, null),
      checkFigure('lighthouse', 'CLS', 'n/a', `≤ ${TARGETS.cls}`, null),
    ],
  )

  // The floor app served the same way and run as often: what the stack alone scores on this
  // server and machine (one run of it swung TBT from 55 to 92 ms between two benches).
  await phase(
    `lighthouse on the floor app (${lighthouseRuns} run${lighthouseRuns > 1 ? 's' : ''})`,
    lighthouseRuns * 90_000 + 30_000,
    async () => {
      const floorServer = await startServer({ mode: 'production', distDir: floorDir, port: 0, dataDir: join(work, 'floor-data'), quiet: true })
      try {
        const { runs, median } = await runLighthouse(`${floorServer.url}${BENCH_SHOP}`, lighthouseRuns)
        figures.push(
          checkFigure(
            'lighthouse',
            'floor app, same server (reference)',
            `score ${median.score ?? 'n/a'}`,
            '',
            null,
            `median of ${runs.length} by score: LCP ${orNa(median.lcpMs, seconds)}, TBT ${orNa(median.tbtMs, ms)}, CLS ${orNa(median.cls, (n) => n.toFixed(3))}, FCP ${orNa(median.fcpMs, seconds)}` +
              (runs.length > 1 ? `; TBT each run ${runs.map((r) => orNa(r.tbtMs, ms)).join(', ')}` : ''),
          ),
        )
      } finally {
        await floorServer.close()
      }
    },
    (reason) => [checkFigure('lighthouse', 'floor app, same server (reference)', 'n/a', '', null, reason)],
  )

  // ---- interaction -------------------------------------------------------------------------
  await phase(
    'interaction (CPU 4× slower)',
    60_000 * lighthouseRuns,
    async () => {
      const rounds: InteractionResult[] = []
      for (let round = 0; round < lighthouseRuns; round++) {
        const ctx = await context()
        try {
          rounds.push(await measureInteraction(ctx))
        } finally {
          await ctx.close()
        }
      }
      const each = (pick: (r: InteractionResult) => number | null) => `each round ${rounds.map((r) => orNa(pick(r), ms)).join(', ')}`
      const detail = rounds
        .map((r, i) => `round ${i + 1}: ` + (r.interactions.map((x) => `${x.events.join('/')} ${ms(x.latencyMs)} (${phasesText(x)})`).join('; ') || 'no interaction took 16 ms or more'))
        .join('\n')
      figures.push(
        numberFigure('interaction', 'longest interaction (INP-style)', medianOf(rounds.map((r) => r.inpMs)), { max: TARGETS.inpMs }, ms, `median of ${rounds.length} round${rounds.length > 1 ? 's' : ''}; ${each((r) => r.inpMs)}\n${detail}`),
        numberFigure('interaction', 'open product dialog', medianOf(rounds.map((r) => r.openMs)), { max: TARGETS.inpMs }, ms, each((r) => r.openMs)),
        numberFigure('interaction', 'add to cart', medianOf(rounds.map((r) => r.addMs)), { max: TARGETS.inpMs }, ms, each((r) => r.addMs)),
      )
    },
    (reason) => [checkFigure('interaction', 'longest interaction (INP-style)', 'n/a', `≤ ${ms(TARGETS.inpMs)}`, null, reason)],
  )

  // ---- images ------------------------------------------------------------------------------
  await phase(
    'images',
    60_000,
    async () => {
      const ctx = await context()
      try {
        const r = await checkImages(ctx)
        const frac = (c: { ok: number; total: number }) => `${c.ok}/${c.total}`
        figures.push(
          checkFigure('images', 'width and height attributes set', frac(r.withSize), 'all', r.withSize.ok === r.withSize.total && r.withSize.total > 0),
          checkFigure('images', 'lazy below the fold (412×823)', frac(r.lazyBelowFold), 'all', r.lazyBelowFold.ok === r.lazyBelowFold.total),
          checkFigure('images', 'eager on the first screen', frac(r.eagerAboveFold), 'all', r.eagerAboveFold.ok === r.eagerAboveFold.total, 'a lazy image on the first screen delays LCP'),
          checkFigure('images', 'SMALL_IMAGE cards 150×150', frac(r.small), 'all', r.small.ok === r.small.total && r.small.total > 0, `seen ${r.small.seen}`),
          checkFigure('images', 'popup image 300 px', r.popup.seen, '300 px wide', r.popup.ok),
          checkFigure('images', 'LARGE_IMAGE cards square (kahvila)', frac(r.large), 'all', r.large.ok === r.large.total && r.large.total > 0, `seen ${r.large.seen}`),
          checkFigure('images', 'logo box', r.logo.seen, '≤ 200×100', r.logo.ok),
        )
      } finally {
        await ctx.close()
      }
    },
    (reason) => [checkFigure('images', 'image checks', 'n/a', 'all', null, reason)],
  )

  // ---- caching -----------------------------------------------------------------------------
  await phase(
    'caching headers',
    30_000,
    async () => {
      const r = await checkCaching(baseUrl, appDir)
      figures.push(
        checkFigure(
          'caching',
          'hashed assets immutable for a year',
          `${r.assets.immutable}/${r.assets.total}`,
          'all',
          r.assets.immutable === r.assets.total && r.assets.hashed === r.assets.total,
          `${r.assets.hashed}/${r.assets.total} file names carry a content hash` + (r.assets.bad.length > 0 ? `\n${r.assets.bad.slice(0, 5).join('\n')}` : ''),
        ),
        checkFigure('caching', 'index.html revalidated (no-cache)', `${r.documents.ok}/${r.documents.total}`, 'all', r.documents.ok === r.documents.total, r.documents.seen.join('; ')),
      )
    },
    (reason) => [checkFigure('caching', 'caching headers', 'n/a', 'all', null, reason)],
  )
}

const deadline = setTimeout(() => {
  console.error(`bench: deadline of ${DEADLINE_MS / 1000} s reached; closing everything`)
  console.log(formatFigures(figures))
  void cleanup().finally(() => process.exit(2))
}, DEADLINE_MS)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130))
  })
}

try {
  await main()
} catch (err) {
  log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  figures.push(checkFigure('bench', 'run', 'aborted', 'complete', false, errorText(err)))
} finally {
  await cleanup()
  clearTimeout(deadline)
}
console.log(
  `\nnpm run bench: ${new Date().toISOString()}, ${((Date.now() - t0) / 1000).toFixed(0)} s, Lighthouse runs ${lighthouseRuns}, ` +
    `load average ${loadAtStart} at start, ${loadText()} at end on ${availableParallelism()} CPUs (timings inflate when it exceeds the CPU count)`,
)
console.log(formatFigures(figures))
process.exitCode = allMet(figures) ? 0 : 1
