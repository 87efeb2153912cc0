import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, withTimeout } from './browser'
import { ms, orNa, seconds } from './report'

/** The figures of one Lighthouse run. Times in milliseconds; `score` 0–100. */
export interface LighthouseRun {
  score: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  fcpMs: number | null
  /** The LCP element as Lighthouse names it (its label and snippet), when it found one. */
  lcpElement: string | null
  /** Lighthouse's LCP phases (TTFB, load delay, load time, render delay) in milliseconds. */
  lcpPhases: { phase: string; ms: number }[]
  /** Lighthouse's runtime error code, if the run failed inside Lighthouse. */
  runtimeError: string | null
  /**
   * Lighthouse's measure of this machine's CPU speed for the run (`environment.benchmarkIndex`,
   * higher is faster): the simulated 4× slowdown is calibrated for a desktop machine of about
   * 1000 or more, and the same page scores differently across machines and loads.
   */
  benchmarkIndex: number | null
}

/** Lighthouse result of {@link runLighthouse}: every run plus the median one by score. */
export interface LighthouseResult {
  runs: LighthouseRun[]
  median: LighthouseRun
}

/**
 * The run whose score is the median of `runs` (lower middle for an even count); runs
 * without a score sort first, so a failed run is chosen only when most failed.
 * @throws when `runs` is empty
 */
function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  if (runs.length === 0) throw new Error('medianRun: no runs')
  const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1))
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!mid) throw new Error('medianRun: no runs')
  return mid
}

/**
 * Runs Lighthouse `runs` times (performance only, default mobile preset: Moto G Power
 * screen, simulated slow 4G and 4× CPU slowdown) on `url` with Debian's Chromium started by
 * chrome-launcher (TOOLCHAIN.md item 7), and always kills that Chromium. Each run starts with
 * cleared storage and cache, as Lighthouse does by default.
 * @throws when Chromium does not start or a run exceeds `timeoutMs`
 */
export async function runLighthouse(url: string, runs: number, timeoutMs = 90_000): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  })
  try {
    const results: LighthouseRun[] = []
    for (let i = 0; i < runs; i++) {
      const result = await withTimeout(
        lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' }),
        timeoutMs,
        `lighthouse run ${i + 1}`,
      )
      if (!result) throw new Error('lighthouse returned no result')
      const { lhr } = result
      const numeric = (id: string): number | null => {
        const value = lhr.audits[id]?.numericValue
        return typeof value === 'number' ? value : null
      }
      const score = lhr.categories['performance']?.score
      results.push({
        score: typeof score === 'number' ? Math.round(score * 100) : null,
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        fcpMs: numeric('first-contentful-paint'),
        ...lcpDetails(lhr.audits['largest-contentful-paint-element']?.details),
        runtimeError: lhr.runtimeError?.code ?? null,
        benchmarkIndex: typeof lhr.environment?.benchmarkIndex === 'number' ? Math.round(lhr.environment.benchmarkIndex) : null,
      })
    }
    return { runs: results, median: medianRun(results) }
  } finally {
    chrome.kill()
  }
}

/**
 * Reads the `largest-contentful-paint-element` audit's details (Lighthouse 12: a list of an
 * element table and a phase table) into the element's name and the LCP phases. Tolerates any
 * other shape by answering nothing.
 */
export function lcpDetails(details: unknown): Pick<LighthouseRun, 'lcpElement' | 'lcpPhases'> {
  const tables = isRecord(details) && Array.isArray(details['items']) ? (details['items'] as unknown[]) : []
  let lcpElement: string | null = null
  const lcpPhases: { phase: string; ms: number }[] = []
  for (const table of tables) {
    const rows = isRecord(table) && Array.isArray(table['items']) ? (table['items'] as unknown[]) : []
    for (const row of rows) {
      if (!isRecord(row)) continue
      const node = row['node']
      if (isRecord(node) && lcpElement === null) {
        const label = typeof node['nodeLabel'] === 'string' ? node['nodeLabel'] : ''
        const snippet = typeof node['snippet'] === 'string' ? node['snippet'] : ''
        lcpElement = [label, snippet].filter(Boolean).join(' ') || null
      }
      if (typeof row['phase'] === 'string' && typeof row['timing'] === 'number') lcpPhases.push({ phase: row['phase'], ms: row['timing'] })
    }
  }
  return { lcpElement, lcpPhases }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** One line on a run's LCP: which element, and the time in each phase (for the bench's note). */
export function lcpNote(run: Pick<LighthouseRun, 'lcpElement' | 'lcpPhases'>): string | undefined {
  const parts: string[] = []
  if (run.lcpElement) parts.push(`element ${run.lcpElement.length > 110 ? `${run.lcpElement.slice(0, 109)}…` : run.lcpElement}`)
  if (run.lcpPhases.length > 0) parts.push(run.lcpPhases.map((p) => `${p.phase} ${seconds(p.ms)}`).join(', '))
  return parts.length > 0 ? parts.join('; ') : undefined
}

/**
 * Each run's value of one figure, in run order (`each run 1.92 s, 2.09 s, 1.93 s`), so the
 * bench shows how far the median's runs spread; undefined for a single run. A run without the
 * figure shows 'n/a'.
 */
export function eachRunNote(runs: readonly LighthouseRun[], figure: 'lcpMs' | 'tbtMs'): string | undefined {
  if (runs.length < 2) return undefined
  const format = figure === 'lcpMs' ? seconds : ms
  return `each run ${runs.map((run) => orNa(run[figure], format)).join(', ')}`
}
