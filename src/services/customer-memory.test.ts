import { describe, expect, it } from 'vitest'
import { createCustomerMemory, HANDOFF_MS } from './customer-memory'

const tabAndDevice = (now: () => number = Date.now) => createCustomerMemory(() => window.sessionStorage, () => window.localStorage, now)

describe('customer memory', () => {
  it('round-trips the form per shop and drops anything that is not a known text field', () => {
    const memory = tabAndDevice()
    memory.remember('cafe', { name: 'Anna', email: 'anna@example.se' })
    window.sessionStorage.setItem('storefront.customer.deli', JSON.stringify({ name: 7, evil: 'x', city: 'Umeå' }))
    expect(memory.recall('cafe')).toEqual({ name: 'Anna', email: 'anna@example.se' })
    expect(memory.recall('deli')).toEqual({ city: 'Umeå' })
    expect(memory.recall('bar')).toBeNull()
    // Nothing of it is kept beyond the tab until a handoff.
    expect(window.localStorage.length).toBe(0)
  })

  it('survives broken or unavailable storage', () => {
    window.sessionStorage.setItem('storefront.customer.cafe', '{not json')
    expect(tabAndDevice().recall('cafe')).toBeNull()
    const throwing = createCustomerMemory(
      () => {
        throw new Error('SecurityError')
      },
      () => window.localStorage,
    )
    expect(() => throwing.remember('cafe', { name: 'A' })).not.toThrow()
    expect(() => throwing.handOff('cafe')).not.toThrow()
    expect(throwing.recall('cafe')).toBeNull()
  })

  it("hands the form to the next tab of the shop (the Swish callback's), once, within the handoff time", () => {
    let now = 1_000_000
    const memory = tabAndDevice(() => now)
    memory.remember('cafe', { name: 'Anna', email: 'anna@example.se' })
    memory.handOff('cafe')
    // The tab the Swish app opens: its own storage is empty.
    window.sessionStorage.clear()
    now += HANDOFF_MS
    expect(memory.recall('cafe')).toEqual({ name: 'Anna', email: 'anna@example.se' })
    expect(memory.recall('cafe')).toBeNull()
    expect(window.localStorage.length).toBe(0)
    // Too late, or another shop: nothing.
    memory.remember('cafe', { name: 'Anna' })
    memory.handOff('cafe')
    window.sessionStorage.clear()
    now += HANDOFF_MS + 1
    expect(memory.recall('cafe')).toBeNull()
    expect(memory.recall('deli')).toBeNull()
    expect(window.localStorage.length).toBe(0)
  })

  it("prefers the tab's own form to a handoff", () => {
    const memory = tabAndDevice()
    memory.remember('cafe', { name: 'Anna' })
    memory.handOff('cafe')
    memory.remember('cafe', { name: 'Anna Berg' })
    expect(memory.recall('cafe')).toEqual({ name: 'Anna Berg' })
  })
})
