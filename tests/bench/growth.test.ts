import { describe, expect, it } from 'vitest'
import { articlesText, growthChange, growthSummary, growthText } from '../../bench/growth'

describe('bench: growth from the 500-article menu to the 2,000-article one', () => {
  it('prints both values in the unit of the figure, the unit once', () => {
    expect(growthText(1921, 2024, 's')).toBe('1.92 → 2.02 s')
    expect(growthText(8.4, 24, 'ms')).toBe('8 → 24 ms')
    expect(growthText(99, 93, 'score')).toBe('99 → 93')
    expect(growthText(0, 0.0123, 'cls')).toBe('0.000 → 0.012')
    expect(growthText(null, 72, 'ms')).toBe('n/a → 72 ms')
  })

  it('says how much it grew, signed, with the share of the small menu\'s value', () => {
    expect(growthChange(1920, 2020, 's')).toBe('+0.10 s, +5 %')
    expect(growthChange(48, 72, 'ms')).toBe('+24 ms, +50 %')
    expect(growthChange(99, 93, 'score')).toBe('−6, −6 %')
    expect(growthChange(40, 40.1, 'ms')).toBe('±0 ms, ±0 %')
    // No share of nothing: a TBT of 0 ms on the small menu.
    expect(growthChange(0, 24, 'ms')).toBe('+24 ms')
    expect(growthChange(null, 24, 'ms')).toBeUndefined()
    expect(growthChange(24, Number.NaN, 'ms')).toBeUndefined()
  })

  it('sums every figure up on one line, and names the menus by article count', () => {
    const line = growthSummary([
      { name: 'LCP', small: 1920, large: 2020, unit: 's' },
      { name: 'TBT', small: 8, large: 24, unit: 'ms' },
      { name: 'Add', small: 48, large: null, unit: 'ms' },
    ])
    expect(line).toBe('LCP 1.92 → 2.02 s, TBT 8 → 24 ms, Add 48 → n/a ms')
    expect(articlesText(500, 2000)).toBe('500 → 2,000 articles')
  })
})
