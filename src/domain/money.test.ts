import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DEFAULT_CURRENCY, formatMoney } from './money'
import { currencies } from './types'

/** Reads a formatted amount back into minor units (sv-SE: space groups, comma decimals). */
function parseBack(s: string): number {
  const negative = s.includes('\u2212') || s.includes('-')
  const digits = s.replace(/[^0-9]/g, '')
  const n = Number(digits)
  return negative ? -n : n
}

const norm = (s: string) => s.replace(/\u00a0|\u202f/g, ' ').replace('\u2212', '-')

describe('formatMoney', () => {
  it('formats SEK and EUR in sv-SE with two decimals', () => {
    expect(norm(formatMoney(123450, 'SEK'))).toBe('1 234,50 kr')
    expect(norm(formatMoney(1250, 'EUR'))).toBe('12,50 €')
    expect(norm(formatMoney(0, 'SEK'))).toBe('0,00 kr')
    expect(norm(formatMoney(5, 'EUR'))).toBe('0,05 €')
    expect(norm(formatMoney(100, 'SEK'))).toBe('1,00 kr')
  })

  it('formats negative amounts with a minus sign and never shows -0', () => {
    expect(norm(formatMoney(-1250, 'SEK'))).toBe('-12,50 kr')
    expect(norm(formatMoney(-0, 'SEK'))).toBe('0,00 kr')
  })

  it('throws RangeError for non-finite amounts', () => {
    expect(() => formatMoney(Number.NaN, 'SEK')).toThrow(RangeError)
    expect(() => formatMoney(Number.POSITIVE_INFINITY, 'EUR')).toThrow(RangeError)
  })

  it('defaults to SEK', () => {
    expect(DEFAULT_CURRENCY).toBe('SEK')
  })

  it('round-trips: the digits shown are the minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...currencies), (amount, currency) => {
        const s = formatMoney(amount, currency)
        expect(parseBack(s)).toBe(amount)
        // always exactly two decimals after the comma
        expect(s).toMatch(/,\d{2}\s/u)
        expect(s.endsWith(currency === 'SEK' ? 'kr' : '€')).toBe(true)
      }),
    )
  })
})
