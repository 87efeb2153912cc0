import { describe, expect, it } from 'vitest'
import { formatCount } from './count'

describe('formatCount', () => {
  it('groups thousands and writes decimals and signs as sv-SE does (SPEC §9)', () => {
    expect(formatCount(12000)).toBe('12\u00a0000')
    expect(formatCount(1.5)).toBe('1,5')
    expect(formatCount(-1)).toBe('\u22121')
    expect(formatCount(3)).toBe('3')
  })
})
