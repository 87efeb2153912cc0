import { beforeEach, describe, expect, it } from 'vitest'
import { createReceiptMemory } from './receipt-memory'

describe('createReceiptMemory', () => {
  beforeEach(() => localStorage.clear())
  const memory = createReceiptMemory(() => localStorage)

  it('keeps the receipts opened per shop, each once, the last 20', () => {
    memory.remember('cafe', 'r1')
    memory.remember('cafe', 'r2')
    memory.remember('cafe', 'r1')
    memory.remember('bar', 'r9')
    expect(memory.shown('cafe')).toEqual(['r2', 'r1'])
    expect(memory.shown('bar')).toEqual(['r9'])
    for (let i = 0; i < 25; i++) memory.remember('deli', `d${i}`)
    expect(memory.shown('deli')).toHaveLength(20)
    expect(memory.shown('deli')[0]).toBe('d5')
  })

  it('reads nothing from a damaged entry or a storage that throws, and never throws', () => {
    localStorage.setItem('storefront.receipts.cafe', '{not json')
    expect(memory.shown('cafe')).toEqual([])
    localStorage.setItem('storefront.receipts.cafe', JSON.stringify(['r1', 7, null]))
    expect(memory.shown('cafe')).toEqual(['r1'])
    const broken = createReceiptMemory(() => {
      throw new Error('SecurityError')
    })
    expect(broken.shown('cafe')).toEqual([])
    expect(() => broken.remember('cafe', 'r1')).not.toThrow()
  })
})
