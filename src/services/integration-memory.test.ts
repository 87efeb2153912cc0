import { beforeEach, describe, expect, it } from 'vitest'
import { createIntegrationMemory } from './integration-memory'

describe('createIntegrationMemory', () => {
  beforeEach(() => sessionStorage.clear())
  const memory = createIntegrationMemory(() => sessionStorage)

  it("knows the last code linked per provider, and no other", () => {
    expect(memory.linked('fortnox', 'c1')).toBe(false)
    memory.remember('fortnox', 'c1')
    expect(memory.linked('fortnox', 'c1')).toBe(true)
    expect(memory.linked('visma', 'c1')).toBe(false)
    memory.remember('fortnox', 'c2')
    expect(memory.linked('fortnox', 'c1')).toBe(false)
    expect(memory.linked('fortnox', 'c2')).toBe(true)
  })

  it('a storage that throws knows nothing and never throws', () => {
    const broken = createIntegrationMemory(() => {
      throw new Error('SecurityError')
    })
    expect(() => broken.remember('visma', 'c1')).not.toThrow()
    expect(broken.linked('visma', 'c1')).toBe(false)
  })
})
