import fc from 'fast-check'
import { createPlatformApi, type PlatformApi } from '../client'
import { fakeFetch, jsonResponse } from './fake-fetch'

/**
 * Broken platform answers for property tests: valid wire samples with a
 * few values dropped or replaced by wrong types, huge strings, negative amounts or unknown enum
 * values. Shared by the api layer's boundary test and the machines' robustness test.
 */

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Path = (string | number)[]

const DROP = Symbol('drop')
type Replacement = Json | typeof DROP

/** Every path to a value inside `value`, the root excluded. */
function paths(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return []
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)
  return entries.flatMap(([key, child]) => [[...prefix, key], ...paths(child, [...prefix, key])])
}

/** Replaces (or removes) the value at `path` in place; a path that no longer exists is skipped. */
function put(root: Json, path: Path, to: Replacement): void {
  let node: Json | undefined = root
  for (const key of path.slice(0, -1)) {
    if (node === null || node === undefined || typeof node !== 'object') return
    node = Array.isArray(node) ? node[Number(key)] : node[String(key)]
  }
  const last = path[path.length - 1]
  if (last === undefined || node === null || node === undefined || typeof node !== 'object') return
  if (Array.isArray(node)) {
    if (to === DROP) node.splice(Number(last), 1)
    else node[Number(last)] = to
  } else if (to === DROP) delete node[String(last)]
  else node[String(last)] = to
}

/** Missing fields, wrong types, huge strings, negative amounts and unknown enum values. */
const replacement: fc.Arbitrary<Replacement> = fc.oneof(
  fc.constant<Replacement>(DROP),
  fc.constant<Replacement>(null),
  fc.boolean(),
  fc.string(),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant<Replacement>('x'.repeat(50_000)),
  fc.constantFrom<Replacement>('UNKNOWN_ENUM', 'LARGE_CAROUSEL', 'USD', 'PENDING', 'REFUNDED', ''),
  fc.constant<Replacement>([]),
  fc.constant<Replacement>({}),
  fc.jsonValue({ maxDepth: 2 }).map((v) => v as Json),
)

/** A fresh copy of `base()` with 1–4 mutations at random places. */
export function mutatedAnswer(base: () => unknown): fc.Arbitrary<Json> {
  return fc.array(fc.record({ at: fc.nat(), to: replacement }), { minLength: 1, maxLength: 4 }).map((steps) => {
    const copy = structuredClone(base()) as Json
    for (const step of steps) {
      const all = paths(copy)
      const path = all[step.at % Math.max(all.length, 1)]
      if (path) put(copy, path, step.to)
    }
    return copy
  })
}

/** The real platform api over a fake fetch that answers every call with `body` (status 200). */
export function apiAnswering(body: Json): PlatformApi {
  return createPlatformApi({ baseUrl: 'https://api.test', fetch: fakeFetch(() => jsonResponse(body)).fetch })
}
