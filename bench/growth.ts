/**
 * How each bench figure grows from the 500-article menu to the 2,000-article one: printed by
 * `npm run bench` beside the figures themselves (`LCP 1.92 → 2.02 s`), as a reference, not a
 * target (each menu's figures have their own targets).
 */

/** The unit of a figure: seconds (from ms), milliseconds, a Lighthouse score, or CLS. */
export type GrowthUnit = 's' | 'ms' | 'score' | 'cls'

const digits: Record<GrowthUnit, (n: number) => string> = {
  s: (ms) => (ms / 1000).toFixed(2),
  ms: (ms) => String(Math.round(ms)),
  score: (n) => String(Math.round(n)),
  cls: (n) => n.toFixed(3),
}
const suffix: Record<GrowthUnit, string> = { s: ' s', ms: ' ms', score: '', cls: '' }

/** One figure on both menus (null: not measured on that menu). */
export interface Growth {
  name: string
  small: number | null
  large: number | null
  unit: GrowthUnit
}

/** `1.92 → 2.02 s`: both values in the unit's precision, the unit once; `n/a` for a missing one. */
export function growthText(small: number | null, large: number | null, unit: GrowthUnit): string {
  const show = (n: number | null) => (n === null || !Number.isFinite(n) ? 'n/a' : digits[unit](n))
  return `${show(small)} → ${show(large)}${suffix[unit]}`
}

/**
 * The change as `+0.10 s, +5 %` (signed, in the unit's precision; the share of the small
 * menu's value left out when that is 0); undefined when either value is missing.
 */
export function growthChange(small: number | null, large: number | null, unit: GrowthUnit): string | undefined {
  if (small === null || large === null || !Number.isFinite(small) || !Number.isFinite(large)) return undefined
  const delta = large - small
  const shown = digits[unit](Math.abs(delta))
  const sign = Number(shown) === 0 ? '±' : delta > 0 ? '+' : '−'
  const parts = [`${sign}${shown}${suffix[unit]}`]
  if (small !== 0) {
    const percent = Math.round((delta / Math.abs(small)) * 100)
    parts.push(`${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)} %`)
  }
  return parts.join(', ')
}

/** One line of every figure's growth: `LCP 1.92 → 2.02 s, TBT 8 → 24 ms, Add 48 → 72 ms`. */
export function growthSummary(list: readonly Growth[]): string {
  return list.map((g) => `${g.name} ${growthText(g.small, g.large, g.unit)}`).join(', ')
}

/** `500 → 2,000 articles` (English thousands separators). */
export function articlesText(small: number, large: number): string {
  return `${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} articles`
}
