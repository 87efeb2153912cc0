import { describe, expect, it } from 'vitest'
import { createCartMemory } from './cart-memory'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

const line = { id: 'l1', productId: 'bun', count: 2, deviations: ['d1'], description: 'no nuts' }

describe('cart memory (sessionStorage, per shop)', () => {
  it('keeps, recalls and forgets a shop’s unsynced cart', () => {
    const storage = memoryStorage()
    const memory = createCartMemory(() => storage)
    expect(memory.recall('cafe')).toBeNull()
    memory.keep('cafe', { cart: [line], tabItems: [{ id: 't1', count: 1 }], merge: false })
    expect(memory.recall('cafe')).toEqual({ cart: [line], tabItems: [{ id: 't1', count: 1 }], merge: false })
    expect(memory.recall('deli')).toBeNull()
    memory.forget('cafe')
    expect(memory.recall('cafe')).toBeNull()
  })

  it('does not take up a cart older than 30 minutes', () => {
    const storage = memoryStorage()
    let now = 1_000_000
    const memory = createCartMemory(() => storage, () => now)
    memory.keep('cafe', { cart: [line], tabItems: [], merge: true })
    now += 30 * 60 * 1000
    expect(memory.recall('cafe')).toEqual({ cart: [line], tabItems: [], merge: true })
    now += 1
    expect(memory.recall('cafe')).toBeNull()
  })

  it.each(['not json', '{"savedAt":1,"cart":[{"id":1}],"tabItems":[]}', '{"cart":[],"tabItems":[]}', 'null'])('ignores a stored value it cannot read: %s', (stored) => {
    const storage = memoryStorage()
    storage.setItem('storefront.unsyncedCart.cafe', stored)
    expect(createCartMemory(() => storage, () => 1).recall('cafe')).toBeNull()
  })

  it('never throws when storage is missing or refuses', () => {
    const refusing = { ...memoryStorage(), getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('quota') }, removeItem: () => { throw new Error('denied') } }
    for (const memory of [createCartMemory(() => undefined), createCartMemory(() => refusing as Storage)]) {
      expect(() => memory.keep('cafe', { cart: [line], tabItems: [], merge: false })).not.toThrow()
      expect(memory.recall('cafe')).toBeNull()
      expect(() => memory.forget('cafe')).not.toThrow()
    }
  })
})
