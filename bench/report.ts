/**
 * Figures of `npm run bench` (issue 6) and their printing: every figure is shown with its
 * target beside it and a verdict, never asserted as a timed test.
 */

/** One printed figure. `met` null means it could not be measured (the note says why). */
export interface Figure {
  /** Section the figure belongs to, e.g. `size`, `lighthouse`. */
  section: string
  name: string
  /** The measured value, formatted with its unit, or `n/a`. */
  value: string
  /** The target as text, e.g. `≤ 100 ms`. */
  target: string
  met: boolean | null
  note?: string
}

/** A number checked against an upper or lower bound; `null` value: not measured. */
export interface Bound {
  max?: number
  min?: number
}

/** True when `value` lies within `bound` (inclusive). */
function within(value: number, bound: Bound): boolean {
  return (bound.max === undefined || value <= bound.max) && (bound.min === undefined || value >= bound.min)
}

/**
 * Builds a numeric {@link Figure}. `format` renders both the value and the bound (same unit).
 * A null value becomes `n/a` with `met: null`; `note` is kept either way.
 */
export function numberFigure(
  section: string,
  name: string,
  value: number | null,
  bound: Bound,
  format: (n: number) => string,
  note?: string,
): Figure {
  const parts: string[] = []
  if (bound.min !== undefined) parts.push(`≥ ${format(bound.min)}`)
  if (bound.max !== undefined) parts.push(`≤ ${format(bound.max)}`)
  const target = parts.join(', ')
  const base = { section, name, target, ...(note === undefined ? {} : { note }) }
  if (value === null || !Number.isFinite(value)) return { ...base, value: 'n/a', met: null }
  return { ...base, value: format(value), met: within(value, bound) }
}

/** A figure that is a plain pass/fail observation (`value` says what was seen). */
export function checkFigure(section: string, name: string, value: string, target: string, met: boolean | null, note?: string): Figure {
  return { section, name, value, target, met, ...(note === undefined ? {} : { note }) }
}

/** Bytes as kB with one decimal (1 kB = 1000 B, as Vite prints). */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}

/** Milliseconds, rounded. */
export function ms(value: number): string {
  return `${Math.round(value)} ms`
}

/** `format(value)`, or `n/a` for a figure that could not be read (null). */
export function orNa(value: number | null, format: (n: number) => string): string {
  return value === null ? 'n/a' : format(value)
}

/** Seconds with two decimals, from milliseconds. */
export function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(2)} s`
}

function verdict(f: Figure): string {
  if (f.target === '') return '(reference)'
  if (f.met === null) return 'N/A'
  return f.met ? 'ok' : 'MISSED'
}

/**
 * The figures as an aligned table grouped by section, notes on their own indented line,
 * ending with a summary line `N of M targets met[, K not measured]`.
 */
export function formatFigures(figures: readonly Figure[]): string {
  const nameWidth = Math.max(...figures.map((f) => f.name.length), 10)
  const valueWidth = Math.max(...figures.map((f) => f.value.length), 8)
  const targetWidth = Math.max(...figures.map((f) => f.target.length), 8)
  const lines: string[] = []
  let section = ''
  for (const f of figures) {
    if (f.section !== section) {
      section = f.section
      lines.push('', `[${section}]`)
    }
    lines.push(`  ${f.name.padEnd(nameWidth)}  ${f.value.padStart(valueWidth)}   ${f.target === '' ? ' '.repeat(targetWidth + 7) : `target ${f.target.padEnd(targetWidth)}`}  ${verdict(f)}`)
    if (f.note) for (const noteLine of f.note.split('\n')) lines.push(`      ${noteLine}`)
  }
  const targets = figures.filter((f) => f.target !== '')
  const met = targets.filter((f) => f.met === true).length
  const unmeasured = targets.filter((f) => f.met === null).length
  lines.push('', `${met} of ${targets.length} targets met${unmeasured > 0 ? `, ${unmeasured} not measured` : ''}`)
  return lines.join('\n')
}

/** True when every figure with a target was measured and met it. */
export function allMet(figures: readonly Figure[]): boolean {
  return figures.every((f) => f.target === '' || f.met === true)
}
