import * as v from 'valibot'

/**
 * Building blocks for the wire schemas (valibot): the platform's answers are only partly
 * specified, so the boundary is liberal in what it accepts and strict in what it hands on
 * (CONTRACT.md "Wire shapes where the spec is loose").
 *
 * A valibot object runs an entry's schema for a missing key only when that schema (or the
 * first schema of its pipe) is `nullish`/`optional` with a default. Entries that must turn
 * "missing" into a value ('' , [], null) therefore carry a default rather than a transform of
 * `undefined`, which would never run.
 *
 * The schema builders here are marked `@__NO_SIDE_EFFECTS__` as valibot's own are: a schema
 * module's unused schemas then drop out of a bundle (the boot script imports one small schema
 * from the shop's module).
 */

/** A schema with any input and output (valibot's generic synchronous schema). */
export type AnySchema = v.GenericSchema<unknown, unknown>

/**
 * `schema`, refusing arrays first. valibot's `object`, `looseObject` and `record` take any
 * non-null object, arrays included, so `[]` would parse as `{}` wherever every key may be
 * missing: a session answer `[]` would read as an empty cart instead of a bad answer.
 */
// @__NO_SIDE_EFFECTS__
export function notArray<T extends v.GenericSchema>(schema: T) {
  return v.pipe(
    v.custom<v.InferInput<T>>((input) => !Array.isArray(input), 'Invalid type: Expected Object but received Array'),
    schema,
  )
}

/** An id may arrive as a string or a number; the app keeps strings. */
export const id = v.pipe(v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.safeInteger())]), v.transform(String))

/**
 * An optional id: string or number, null/undefined/'' become null. Servers send '' for
 * "no receipt yet" as often as null, and that must not fail a whole session.
 */
export const optionalId = v.pipe(
  v.nullish(v.union([v.string(), v.number()]), null),
  v.transform((value): string | null => (value == null || value === '' ? null : String(value))),
)

/** Optional text: null, undefined and '' become null. */
export const optionalText = v.pipe(
  v.nullish(v.string(), null),
  v.transform((value): string | null => (value == null || value === '' ? null : value)),
)

/** Required text that may be missing in practice: missing (or null) becomes ''. */
export const text = v.pipe(
  v.nullish(v.string(), ''),
  v.transform((value): string => value ?? ''),
)

/** Integer minor units. */
export const minorUnits = v.pipe(v.number(), v.safeInteger())

/** A list that may be missing (or null) on the wire: then it is empty. */
// @__NO_SIDE_EFFECTS__
export function listOf<T extends AnySchema>(item: T) {
  return v.pipe(
    v.nullish(v.array(item), () => []),
    v.transform((list): v.InferOutput<T>[] => list ?? []),
  )
}

/** A value that may be missing (or null) on the wire: then it is `fallback`. */
// @__NO_SIDE_EFFECTS__
export function orElse<T extends AnySchema, const F>(schema: T, fallback: F) {
  return v.pipe(
    v.nullish(schema, null),
    v.transform((value): v.InferOutput<T> | F => value ?? fallback),
  )
}

/** Input of one item of a map by id: the id may be left out, the key stands in for it. */
type MapItemInput<T extends AnySchema> = v.InferInput<T> extends { id: unknown }
  ? Omit<v.InferInput<T>, 'id'> & { id?: v.InferInput<T>['id'] | null }
  : v.InferInput<T>

/** Wire input of {@link arrayOrMap}: an array of items, a map by id, or nothing. */
export type ArrayOrMapInput<T extends AnySchema> = v.InferInput<T>[] | Record<string, MapItemInput<T>> | null | undefined

/**
 * An array or another object (a map by id), checked without copying it: valibot's `union` of
 * `array` and `record` copied every entry of a 2,000-article map before the items were even
 * checked. Its issue reads as that union's did.
 */
const arrayOrObject = v.custom<unknown[] | Record<string, unknown>>(
  (input) => typeof input === 'object' && input !== null,
  (issue) => `Invalid type: Expected (Array | Object) but received ${issue.received}`,
)

/**
 * A collection that may arrive as an array or as a map by id (CONTRACT.md).
 * Returns an array (map entries in key order); items in a map without an id take their key as id.
 */
// @__NO_SIDE_EFFECTS__
export function arrayOrMap<T extends AnySchema>(item: T): v.GenericSchema<ArrayOrMapInput<T>, v.InferOutput<T>[]> {
  const schema = v.pipe(
    v.nullish(arrayOrObject, null),
    v.transform((value): unknown[] => {
      if (value == null) return []
      if (Array.isArray(value)) return value
      return Object.entries(value).map(([key, entry]) =>
        entry && typeof entry === 'object' && (entry as { id?: unknown }).id == null ? { ...entry, id: key } : entry,
      )
    }),
    v.array(item),
  )
  // Runtime accepts any array or object and lets the item schema judge; the declared input
  // type is the narrower shape that can succeed, so fixtures typed with it are checked.
  return schema as unknown as v.GenericSchema<ArrayOrMapInput<T>, v.InferOutput<T>[]>
}

/** A map by id (articles, deviations). Accepts an array too and keys it by id. */
// @__NO_SIDE_EFFECTS__
export function mapById<T extends v.GenericSchema<unknown, { id: string }>>(item: T) {
  return v.pipe(arrayOrMap(item), v.transform(byId))
}

/**
 * Items keyed by their id, a later item replacing an earlier one with the same id.
 * Object.fromEntries defines own properties, so an id such as '__proto__' cannot replace the
 * record's prototype the way `out[id] = entry` would.
 */
function byId<T extends { id: string }>(list: readonly T[]): Record<string, T> {
  return Object.fromEntries(list.map((entry) => [entry.id, entry] as const))
}
