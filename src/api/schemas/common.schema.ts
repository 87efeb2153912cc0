import { z } from '../zod'

/**
 * Building blocks for the wire schemas: the platform's answers are only partly specified,
 * so the boundary is liberal in what it accepts and strict in what it hands on
 * (CONTRACT.md "Wire shapes where the spec is loose").
 */

/** An id may arrive as a string or a number; the app keeps strings. */
export const id = z.pipe(z.union([z.string().check(z.minLength(1)), z.number().check(z.int())]), z.transform(String))

/**
 * An optional id: string or number, null/undefined/'' become null. Servers send '' for
 * "no receipt yet" as often as null, and that must not fail a whole session.
 */
export const optionalId = z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((v) => (v == null || v === '' ? null : String(v))),
)

/** Optional text: null, undefined and '' become null. */
export const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => (v == null || v === '' ? null : v)),
)

/** Required text that may be missing in practice: missing becomes ''. */
export const text = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? ''),
)

/** Integer minor units. */
export const minorUnits = z.number().check(z.int())

/** Input of one item of a map by id: the id may be left out, the key stands in for it. */
export type MapItemInput<T extends z.ZodMiniType> = z.input<T> extends { id: unknown }
  ? Omit<z.input<T>, 'id'> & { id?: z.input<T>['id'] | null }
  : z.input<T>

/** Wire input of {@link arrayOrMap}: an array of items, a map by id, or nothing. */
export type ArrayOrMapInput<T extends z.ZodMiniType> = z.input<T>[] | Record<string, MapItemInput<T>> | null | undefined

/**
 * A collection that may arrive as an array or as a map by id (CONTRACT.md).
 * Returns an array (map entries in key order); items in a map without an id take their key as id.
 */
export function arrayOrMap<T extends z.ZodMiniType>(item: T): z.ZodMiniType<z.output<T>[], ArrayOrMapInput<T>> {
  const schema = z.pipe(
    z.pipe(
      z.nullish(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
      z.transform((v) => {
        if (v == null) return []
        if (Array.isArray(v)) return v
        return Object.entries(v).map(([key, value]) =>
          value && typeof value === 'object' && (value as { id?: unknown }).id == null ? { ...value, id: key } : value,
        )
      }),
    ),
    z.array(item),
  )
  // Runtime accepts any array or object and lets the item schema judge; the declared input
  // type is the narrower shape that can succeed, so fixtures typed with it are checked.
  return schema as unknown as z.ZodMiniType<z.output<T>[], ArrayOrMapInput<T>>
}

/** A map by id (articles, deviations). Accepts an array too and keys it by id. */
export function mapById<T extends z.ZodMiniType<{ id: string }>>(item: T) {
  // Object.fromEntries defines own properties, so an id such as '__proto__' cannot
  // replace the record's prototype the way `out[id] = entry` would.
  return z.pipe(
    arrayOrMap(item),
    z.transform(
      (list): Record<string, z.output<T>> => Object.fromEntries(list.map((entry) => [entry.id, entry] as const)),
    ),
  )
}
