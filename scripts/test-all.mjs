#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, in order, each with a header and its wall time
 * (DESIGN.md "Testing pyramid", STYLE.md §8):
 *   build → typecheck → lint (layer rules, dead code) → unit/component tests → browser tests
 *   (Chromium, three processes at once, each with its own server and sandbox: the e2e files, the
 *   fault tests with a few short files, and the machines' generated model paths) → bundle size.
 * Every step runs even when an earlier one failed, so one run shows everything that is wrong.
 * Ends with one line per suite and, as the very last line, `N passed, M failed` (the sum over
 * suites; a failed non-test step counts as 1 failed). Exit code 1 when anything failed.
 */
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const resultsDir = join(root, '.test-results')
const vitestBin = join('node_modules', 'vitest', 'vitest.mjs')
const oxlintBin = join('node_modules', 'oxlint', 'bin', 'oxlint')
const knipBin = join('node_modules', 'knip', 'bin', 'knip.js')
/**
 * Browser test files run in the second process, beside the others: the fault tests, which mostly
 * wait out the app's retry timers, and short files that bring the two processes to about the
 * same length (on a 2-core machine: about 800 s each, with the model paths beside them).
 */
export const E2E_BESIDE_FILES = [
  'tests/e2e/faults.e2e.test.ts',
  'tests/e2e/checkout-rules.e2e.test.ts',
  'tests/e2e/owner-payment.e2e.test.ts',
  'tests/e2e/spec-rules.e2e.test.ts',
  'tests/e2e/smoke.e2e.test.ts',
  'tests/e2e/menu-rules.e2e.test.ts',
  'tests/e2e/gate.e2e.test.ts',
  'tests/e2e/nginx.e2e.test.ts',
  'tests/e2e/owner.e2e.test.ts',
]

/**
 * @typedef {{ name: string, args: string[], json: string, log: string }} Beside
 * @typedef {{ name: string, title: string, args: string[], more?: string[][], beside?: Beside[], json?: string, clean?: string[] }} Step
 * `args`: the step's `node` arguments; `more`: further commands of the same step, run even when an
 * earlier one failed (the step fails when any does); `beside`: test suites run at the same time as
 * `args`, each with its own output kept in `log` and printed after, its own vitest report `json`
 * and its own summary line `name`; `json`: vitest JSON report written by the step (makes it a
 * test suite); `clean`: paths removed first.
 */

/** @type {Step[]} */
export const STEPS = [
  // Removing dist first so a failed build cannot leave an old bundle for e2e and size-check to pass on.
  { name: 'build', title: 'vite build', args: [join('node_modules', 'vite', 'bin', 'vite.js'), 'build'], clean: ['dist'] },
  // TypeScript 7's bin is a JS launcher for the native compiler; run after the build, which generates routeTree.gen.ts.
  { name: 'typecheck', title: 'tsc -p .', args: [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'] },
  // The same checks as `npm run lint` after its tsc: DESIGN.md's layer rules and cycles
  // (.oxlintrc.json), then unused files, exports and dependencies (knip.json).
  {
    name: 'lint',
    title: 'layer rules and dead code (oxlint, knip, knip --production)',
    args: [oxlintBin, '--tsconfig', 'tsconfig.json'],
    more: [[knipBin, '--no-progress'], [knipBin, '--no-progress', '--production']],
  },
  {
    name: 'unit',
    title: 'unit and component tests (vitest)',
    args: [vitestBin, 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/unit.json'],
    json: '.test-results/unit.json',
  },
  {
    // Three processes, each with its own server and sandbox, so a fault or reset in one cannot
    // reach the others; the browser tests are mostly Chromium's CPU, which one process leaves half idle.
    name: 'e2e',
    title: "browser tests and the machines' generated model paths (vitest + playwright-core + chromium)",
    args: [vitestBin, 'run', '--config', 'vitest.e2e.config.ts', ...E2E_BESIDE_FILES.flatMap((f) => ['--exclude', f]), '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/e2e.json'],
    beside: [
      {
        name: 'e2e-beside',
        args: [vitestBin, 'run', '--config', 'vitest.e2e.config.ts', ...E2E_BESIDE_FILES, '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/e2e-beside.json'],
        json: '.test-results/e2e-beside.json',
        log: '.test-results/e2e-beside.log',
      },
      {
        name: 'model',
        args: [vitestBin, 'run', '--config', 'vitest.model.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/model.json'],
        json: '.test-results/model.json',
        log: '.test-results/model.log',
      },
    ],
    json: '.test-results/e2e.json',
  },
  { name: 'size', title: 'bundle size budget (/$shopId)', args: [join('scripts', 'size-check.mjs')] },
]

/**
 * Runs `node ...args` in the repo root, with inherited stdio or its output written to `logFile`.
 * @param {string[]} args
 * @param {string} [logFile] absolute path
 * @returns {Promise<number>} exit code (1 when killed by a signal or failed to start)
 */
function runNode(args, logFile) {
  return new Promise((resolvePromise) => {
    const out = logFile ? openSync(logFile, 'w') : 'inherit'
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', out, out], env: process.env })
    if (typeof out === 'number') closeSync(out)
    child.on('error', (err) => {
      console.error(`could not start: ${err.message}`)
      resolvePromise(1)
    })
    child.on('close', (code, signal) => resolvePromise(signal ? 1 : (code ?? 1)))
  })
}

/**
 * Counts of one suite from its exit code and (for test steps) its vitest JSON report.
 * A failure the report does not show as a failed test (collection error, global setup,
 * missing report) counts as at least 1 failed, so a red step is never summarised as green.
 * @param {{ exitCode: number, report?: unknown, isTestSuite: boolean }} r
 * @returns {{ passed: number, failed: number, skipped: number }}
 */
export function suiteCounts({ exitCode, report, isTestSuite }) {
  if (!isTestSuite) return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 }
  const rep = /** @type {Record<string, unknown>} */ (report && typeof report === 'object' ? report : {})
  const num = (k) => (typeof rep[k] === 'number' ? /** @type {number} */ (rep[k]) : 0)
  const passed = num('numPassedTests')
  let failed = num('numFailedTests')
  const skipped = num('numPendingTests') + num('numTodoTests')
  if (failed === 0 && (exitCode !== 0 || !report)) failed = Math.max(1, num('numFailedTestSuites'))
  return { passed, failed, skipped }
}

/**
 * The summary line of one suite, e.g. `unit: 120 passed, 0 failed` or `build: ok`.
 * @param {string} name
 * @param {{ passed: number, failed: number, skipped: number }} c
 * @param {boolean} isTestSuite
 */
export function suiteLine(name, c, isTestSuite) {
  if (!isTestSuite && c.failed === 0) return `${name}: ok`
  return `${name}: ${c.passed} passed, ${c.failed} failed${c.skipped > 0 ? `, ${c.skipped} skipped` : ''}`
}

/** The last line of the run: `N passed, M failed`. @param {{ passed: number, failed: number }[]} all */
export function totalLine(all) {
  const passed = all.reduce((s, c) => s + c.passed, 0)
  const failed = all.reduce((s, c) => s + c.failed, 0)
  return `${passed} passed, ${failed} failed`
}

function readReport(rel) {
  const path = join(root, rel)
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

async function main() {
  mkdirSync(resultsDir, { recursive: true })
  const started = Date.now()
  /** @type {{ name: string, line: string, counts: { passed: number, failed: number, skipped: number } }[]} */
  const results = []

  for (const [i, step] of STEPS.entries()) {
    const beside = step.beside ?? []
    for (const p of step.clean ?? []) rmSync(join(root, p), { recursive: true, force: true })
    for (const p of [step.json, ...beside.map((b) => b.json)]) if (p) rmSync(join(root, p), { force: true })
    console.log(`\n=== [${i + 1}/${STEPS.length}] ${step.name}: ${step.title} ===`)
    const t0 = Date.now()
    const besideRuns = beside.map((b) => {
      console.log(`$ node ${b.args.join(' ')} > ${b.log} (at the same time)`)
      const started = Date.now()
      return runNode(b.args, join(root, b.log)).then((code) => ({ code, secs: ((Date.now() - started) / 1000).toFixed(1) }))
    })
    let exitCode = 0
    for (const args of [step.args, ...(step.more ?? [])]) {
      console.log(`$ node ${args.join(' ')}`)
      const code = await runNode(args)
      if (exitCode === 0) exitCode = code
    }
    const isTestSuite = Boolean(step.json)
    const counts = suiteCounts({ exitCode, report: step.json ? readReport(step.json) : undefined, isTestSuite })
    const secs = ((Date.now() - t0) / 1000).toFixed(1)
    console.log(`=== ${step.name}: ${exitCode === 0 ? 'passed' : `FAILED (exit ${exitCode})`} in ${secs} s ===`)
    results.push({ name: step.name, line: `${suiteLine(step.name, counts, isTestSuite)} (${secs} s)`, counts })
    for (const [j, b] of beside.entries()) {
      const run = await besideRuns[j]
      console.log(`\n--- ${b.log}`)
      console.log(existsSync(join(root, b.log)) ? readFileSync(join(root, b.log), 'utf8') : '(no output)')
      const besideCounts = suiteCounts({ exitCode: run.code, report: readReport(b.json), isTestSuite: true })
      console.log(`=== ${b.name}: ${run.code === 0 ? 'passed' : `FAILED (exit ${run.code})`} in ${run.secs} s ===`)
      results.push({ name: b.name, line: `${suiteLine(b.name, besideCounts, true)} (${run.secs} s, beside ${step.name})`, counts: besideCounts })
    }
  }

  console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(1)} s) ===`)
  for (const r of results) console.log(r.line)
  const all = results.map((r) => r.counts)
  console.log(totalLine(all))
  process.exitCode = all.some((c) => c.failed > 0) ? 1 : 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main()
}
