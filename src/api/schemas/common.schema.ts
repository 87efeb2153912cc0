import { z } from 'zod'

/**
 * Building blocks for the wire schemas: the platform's answers are only partly specified,
 * so the boundary is liberal in what it accepts and strict in what it hands on
 * (CONTRACT.md "Wire shapes where the spec is loose").
 */

/** An id may arrive as a string or a number; the app keeps strings. */
export const id = z.union([z.string().min(1), z.number().int()]).transform(String)

/**
 * An optional id: string or number, null/undefined/'' become null. Servers send '' for
 * "no receipt yet" as often as null, and that must not fail a whole session.
 */
export const optionalId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : String(v)))

/** Optional text: null, undefined and '' become null. */
export const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v == null || v === '' ? null : v))

/** Required text that may be missing in practice: missing becomes ''. */
export const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '')

/** Integer minor units. */
export const minorUnits = z.number().int()

/**
 * A collection that may arrive as an array or as a map by id (CONTRACT.md).
 * Returns an array; items in a map without an id take their key as id.
 */
export function arrayOrMap<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
    .nullish()
    .transform((v) => {
      if (v == null) return []
      if (Array.isArray(v)) return v
      return Object.entries(v).map(([key, value]) =>
        value && typeof value === 'object' && !('id' in value) ? { id: key, ...value } : value,
      )
    })
    .pipe(z.array(item))
}

/** A map by id (articles, deviations). Accepts an array too and keys it by id. */
export function mapById<T extends z.ZodType<{ id: string }>>(item: T) {
  // Object.fromEntries defines own properties, so an id such as '__proto__' cannot
  // replace the record's prototype the way `out[id] = entry` would.
  return arrayOrMap(item).transform(
    (list): Record<string, z.output<T>> =>
      Object.fromEntries(list.map((entry) => [(entry as { id: string }).id, entry] as const)),
  )
}
