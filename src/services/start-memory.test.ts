import { beforeEach, describe, expect, it } from 'vitest'
import { createStartMemory } from './start-memory'

describe('createStartMemory', () => {
  beforeEach(() => localStorage.clear())
  const memory = createStartMemory(() => localStorage)

  it('a start sent is pending until answered, per shop', () => {
    expect(memory.pending('cafe')).toBe(false)
    memory.sent('cafe')
    expect(memory.pending('cafe')).toBe(true)
    expect(memory.pending('bar')).toBe(false)
    memory.answered('cafe')
    expect(memory.pending('cafe')).toBe(false)
  })

  it('a storage that throws knows no start, and nothing throws', () => {
    const broken = createStartMemory(() => {
      throw new Error('SecurityError')
    })
    expect(() => broken.sent('cafe')).not.toThrow()
    expect(() => broken.answered('cafe')).not.toThrow()
    expect(broken.pending('cafe')).toBe(false)
  })
})
