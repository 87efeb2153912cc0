import { afterEach, describe, expect, it, vi } from 'vitest'
import { byId, newId } from './ids'

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('newId', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('gives distinct UUIDs', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newId()))
    expect(ids.size).toBe(500)
    for (const id of ids) expect(id).toMatch(uuidV4)
  })

  it('falls back to getRandomValues without randomUUID (insecure context)', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) })
    const a = newId()
    const b = newId()
    expect(a).toMatch(uuidV4)
    expect(a).not.toBe(b)
  })

  it('falls back to Math.random without any crypto', () => {
    vi.stubGlobal('crypto', undefined)
    const a = newId()
    expect(a).toMatch(uuidV4)
    expect(newId()).not.toBe(a)
  })
})

describe('byId', () => {
  it("finds only the record's own entries: an id such as constructor or toString finds nothing", () => {
    const articles: Record<string, number> = { latte: 1 }
    expect(byId(articles, 'latte')).toBe(1)
    expect(byId(articles, 'constructor')).toBeUndefined()
    expect(byId(articles, 'toString')).toBeUndefined()
    expect(byId(articles, 'mocha')).toBeUndefined()
  })
})
