/**
 * Global setup of the e2e suite that prints the resilience summary (issue 5): creates the log
 * file the tests append to (`report.ts`), provides its path as `inject('resilienceLog')`, and on
 * teardown prints one line each for faults injected, bad inputs tried and accessibility checks
 * run, with how many held and the count per test file. A global setup (not a vitest reporter)
 * because `npm test` passes `--reporter` on the command line, which replaces configured reporters.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { ResilienceKind, ResilienceRecord } from './report'

const TITLES: Record<ResilienceKind, string> = {
  fault: 'faults injected',
  badInput: 'bad inputs tried',
  a11y: 'accessibility checks run',
}

function isRecord(value: unknown): value is ResilienceRecord {
  if (value === null || typeof value !== 'object') return false
  const r = value as Record<string, unknown>
  return (r.kind === 'fault' || r.kind === 'badInput' || r.kind === 'a11y') && typeof r.label === 'string' && typeof r.held === 'boolean' && typeof r.file === 'string'
}

/** Parses the JSON-lines log; lines that are not records are skipped. */
export function parseLog(text: string): ResilienceRecord[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line)
        return isRecord(value) ? [value] : []
      } catch {
        return []
      }
    })
}

/**
 * The three summary lines, e.g.
 * `resilience: faults injected: 14, held 14, failed 0 (faults.e2e.test.ts 14)` and
 * `resilience: accessibility checks run: 32, clean 32, violations 0 (a11y.e2e.test.ts 28, keyboard.e2e.test.ts 4)`.
 */
export function summaryLines(records: readonly ResilienceRecord[]): string[] {
  return (Object.keys(TITLES) as ResilienceKind[]).map((kind) => {
    const mine = records.filter((r) => r.kind === kind)
    const held = mine.filter((r) => r.held).length
    const perFile = new Map<string, number>()
    for (const r of mine) perFile.set(r.file, (perFile.get(r.file) ?? 0) + 1)
    const files = [...perFile].map(([file, n]) => `${file} ${n}`).join(', ')
    const outcome =
      kind === 'a11y'
        ? `clean ${held}, violations ${mine.reduce((n, r) => n + (r.violations ?? 0), 0)}`
        : `held ${held}, failed ${mine.length - held}`
    return `resilience: ${TITLES[kind]}: ${mine.length}, ${outcome}${files ? ` (${files})` : ''}`
  })
}

/** Creates the log and provides its path; the returned teardown prints the summary and removes it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-resilience-'))
  const log = join(dir, 'records.jsonl')
  await writeFile(log, '')
  project.provide('resilienceLog', log)
  return async () => {
    const records = parseLog(await readFile(log, 'utf8').catch(() => ''))
    console.log(['', ...summaryLines(records)].join('\n'))
    await rm(dir, { recursive: true, force: true })
  }
}
