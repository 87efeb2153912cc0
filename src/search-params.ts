/**
 * The router's one reading and writing of the query string (DESIGN.md "src/routes", STYLE.md
 * §6): every value stays the text the URL carries, and each route's valibot schema decides what
 * it accepts. TanStack's default reads values as JSON (`?tabId=123` became the number 123,
 * `?x=[1]` an array), which every schema then had to turn back into text.
 */

/** A parsed query: each key's text, or its texts in order when the key is repeated. */
export type SearchValues = Record<string, string | string[]>

/**
 * Parses a query string (with or without its `?`) into text values: `?table=01&tabId=123`
 * gives `{ table: '01', tabId: '123' }`; a key given twice gives an array of its texts; a key
 * without a value gives ''. Never throws: a malformed escape is read as URLSearchParams reads it.
 */
export function parseSearch(searchStr: string): SearchValues {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const values = new Map<string, string | string[]>()
  for (const [key, value] of params) {
    const previous = values.get(key)
    values.set(key, previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value])
  }
  // fromEntries defines own properties, so a `__proto__` key stays a plain key.
  return Object.fromEntries(values)
}

/** One value as query text; null for a value that is left out (undefined, null). */
function searchText(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? null
}

/**
 * Writes search values as a query string, `''` when there are none, else `?key=value&…`.
 * Text is written as it is (so `parseSearch` gives back exactly the same values), numbers and
 * booleans as their text, an array as the key repeated, undefined and null not at all; the
 * routes never put other objects in the URL, and one would be written as JSON text.
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      const text = searchText(item)
      if (text !== null) params.append(key, text)
    }
  }
  const query = params.toString()
  return query === '' ? '' : `?${query}`
}
