import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseSearch, stringifySearch } from './search-params'

describe('parseSearch', () => {
  it('keeps every value as the text of the URL', () => {
    expect(parseSearch('?table=01&tabId=123&inspect=true&x=null&y=1e3')).toEqual({ table: '01', tabId: '123', inspect: 'true', x: 'null', y: '1e3' })
  })

  it('does not decode JSON arrays or objects', () => {
    expect(parseSearch('?product=%5B1%2C2%5D&item=%7B%22a%22%3A1%7D&s=%22quoted%22')).toEqual({ product: '[1,2]', item: '{"a":1}', s: '"quoted"' })
  })

  it('reads a repeated key as its texts in order, and a bare key as empty text', () => {
    expect(parseSearch('table=1&table=2&inspect')).toEqual({ table: ['1', '2'], inspect: '' })
  })

  it('keeps a __proto__ key as a plain key', () => {
    const parsed = parseSearch('?__proto__=x&lang=sv')
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.entries(parsed)).toEqual([['__proto__', 'x'], ['lang', 'sv']])
  })

  it('decodes escapes and plus signs, and never throws on a malformed escape', () => {
    // As URLSearchParams reads it: invalid UTF-8 becomes U+FFFD, an incomplete escape stays text.
    expect(parseSearch('?q=a+b%20c&bad=%E0%A4%A')).toEqual({ q: 'a b c', bad: '\uFFFD%A' })
    expect(parseSearch('?pct=100%')).toEqual({ pct: '100%' })
  })
})

describe('stringifySearch', () => {
  it('writes text as it is, numbers and booleans as text, and leaves out undefined and null', () => {
    expect(stringifySearch({ table: '01', tabId: 123, inspect: true, product: undefined, item: null })).toBe('?table=01&tabId=123&inspect=true')
    expect(stringifySearch({})).toBe('')
    expect(stringifySearch({ product: undefined })).toBe('')
  })

  it('writes an array as the key repeated', () => {
    expect(stringifySearch({ table: ['1', '2'] })).toBe('?table=1&table=2')
  })

  it('does not quote text that looks like JSON', () => {
    expect(stringifySearch({ tabId: '123', x: 'true', y: '[1]' })).toBe('?tabId=123&x=true&y=%5B1%5D')
  })
})

describe('round trips', () => {
  it.each(['?table=01', '?tabId=123', '?product=%5B1%5D&item=%7B%7D', '?table=1&table=2', '?lang=sv&inspect=', '?q=a+b'])('%s survives parse then stringify', (query) => {
    expect(stringifySearch(parseSearch(query))).toBe(query)
  })

  it('gives back any text values written', () => {
    const values = fc.dictionary(
      fc.string({ minLength: 1 }).filter((key) => key !== '__proto__'),
      fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 2, maxLength: 3 })),
    )
    fc.assert(
      fc.property(values, (search) => {
        expect(parseSearch(stringifySearch(search))).toEqual(search)
      }),
    )
  })
})
