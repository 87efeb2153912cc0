import { describe, expect, it } from 'vitest'
import { createCustomerMemory } from './customer-memory'

describe('customer memory', () => {
  it('round-trips the form per shop and drops anything that is not a known text field', () => {
    window.sessionStorage.clear()
    const memory = createCustomerMemory(() => window.sessionStorage)
    memory.remember('cafe', { name: 'Anna', email: 'anna@example.se' })
    window.sessionStorage.setItem('storefront.customer.deli', JSON.stringify({ name: 7, evil: 'x', city: 'Umeå' }))
    expect(memory.recall('cafe')).toEqual({ name: 'Anna', email: 'anna@example.se' })
    expect(memory.recall('deli')).toEqual({ city: 'Umeå' })
    expect(memory.recall('bar')).toBeNull()
  })

  it('survives broken or unavailable storage', () => {
    window.sessionStorage.setItem('storefront.customer.cafe', '{not json')
    expect(createCustomerMemory(() => window.sessionStorage).recall('cafe')).toBeNull()
    const throwing = createCustomerMemory(() => {
      throw new Error('SecurityError')
    })
    expect(() => throwing.remember('cafe', { name: 'A' })).not.toThrow()
    expect(throwing.recall('cafe')).toBeNull()
  })
})
