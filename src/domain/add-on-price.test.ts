import { describe, expect, it } from 'vitest'
import { addOnPrice } from './add-on-price'

describe('addOnPrice', () => {
  it("writes '+' above 0, '−' and the size below 0, nothing at 0 (SPEC §3)", () => {
    expect(addOnPrice(800)).toEqual({ sign: '+', amount: 800 })
    expect(addOnPrice(-500)).toEqual({ sign: '−', amount: 500 })
    expect(addOnPrice(0)).toBeNull()
  })
})
