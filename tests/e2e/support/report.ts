/**
 * The resilience collector of the e2e suite (issue 5 "Done when the suite prints a line each for
 * faults injected, bad inputs tried and accessibility checks run"). Test files record what they
 * tried and whether it held; the records go as JSON lines into one log file that the global
 * setup in `resilience-reporter.ts` creates (`inject('resilienceLog')`) and summarises after the
 * run. Appending one short line per record keeps writes from parallel workers whole.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import { expect, inject } from 'vitest'
import type { Page } from 'playwright-core'
import { checkA11y, formatA11y, type A11yOptions } from './browser'

declare module 'vitest' {
  interface ProvidedContext {
    /** Absolute path of the JSON-lines file the resilience records go to. */
    resilienceLog: string
  }
}

/** What was tried: a fault injected, a bad input fed in, or an axe run. */
export type ResilienceKind = 'fault' | 'badInput' | 'a11y'

/** One record: `held` = the app behaved as the spec says (for `a11y`: zero axe violations). */
export interface ResilienceRecord {
  kind: ResilienceKind
  /** Short description, e.g. 'shop GET 500 ×4 → Try again'. */
  label: string
  held: boolean
  /** Test file name (no folder), for the per-file counts. */
  file: string
  /** For `a11y`: axe violations found (nodes). */
  violations?: number
}

/** The test file currently running (vitest's worker state), or 'unknown'. */
function currentFile(): string {
  const path = expect.getState().testPath
  return path ? basename(path) : 'unknown'
}

/**
 * Appends one record to the run's log. Without the global setup (a file run on its own with
 * another config) there is no log and nothing is written.
 */
function record(entry: Omit<ResilienceRecord, 'file'>): void {
  let log: string | undefined
  try {
    log = inject('resilienceLog')
  } catch {
    log = undefined
  }
  if (!log) return
  appendFileSync(log, `${JSON.stringify({ ...entry, file: currentFile() } satisfies ResilienceRecord)}\n`)
}

/**
 * Runs `body` and records it as `kind`/`label`: held when it resolves, not held when it throws
 * (the error is rethrown, so the test still fails).
 */
export async function tried<T>(kind: ResilienceKind, label: string, body: () => Promise<T>): Promise<T> {
  try {
    const result = await body()
    record({ kind, label, held: true })
    return result
  } catch (error) {
    record({ kind, label, held: false })
    throw error
  }
}

// The app's CSP has no 'unsafe-inline', which blocks checkA11y's addScriptTag; evaluating the
// source over the DevTools protocol is not subject to the page's CSP.
let axeSource: string | undefined
function axe(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  return axeSource
}

/**
 * Runs axe-core on `page` (see `checkA11y`), records the run as an accessibility check named
 * `label`, and returns its violations, one line per node (empty = clean).
 */
export async function a11yChecked(page: Page, label: string, opts: A11yOptions = {}): Promise<string[]> {
  await page.evaluate(axe())
  const lines = formatA11y(await checkA11y(page, opts))
  record({ kind: 'a11y', label, held: lines.length === 0, violations: lines.length })
  return lines
}
