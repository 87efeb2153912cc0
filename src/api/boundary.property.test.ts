import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createPlatformApi } from './client'
import type { PlatformApi } from './client'
import { isApiError } from './errors'
import { fakeFetch, jsonResponse } from './testing/fake-fetch'
import { receiptWire, sessionWire, shopWire } from './testing/wire-samples'

/**
 * Whatever a server answers with status 200, a call either resolves with domain data or
 * rejects with ApiError kind 'badResponse' (CONTRACT: "a missing required field is a typed
 * error ..., never an exception").
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Path = (string | number)[]

/** Every path to a value inside `value`, the root excluded. */
function paths(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return []
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)
  return entries.flatMap(([key, child]) => [[...prefix, key], ...paths(child, [...prefix, key])])
}

const DROP = Symbol('drop')
type Replacement = Json | typeof DROP

/** Replaces (or removes) the value at `path` in place; a path that no longer exists is skipped. */
function mutate(root: Json, path: Path, replacement: Replacement): void {
  let node: Json = root
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return
    const next: Json | undefined = Array.isArray(node) ? node[Number(key)] : node[String(key)]
    if (next === undefined) return
    node = next
  }
  const last = path[path.length - 1]
  if (last === undefined || node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    const i = Number(last)
    if (replacement === DROP) node.splice(i, 1)
    else node[i] = replacement
  } else if (replacement === DROP) {
    delete node[String(last)]
  } else {
    node[String(last)] = replacement
  }
}

const replacement: fc.Arbitrary<Replacement> = fc.oneof(
  fc.constant<Replacement>(DROP),
  fc.constant<Replacement>(null),
  fc.boolean(),
  fc.string(),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant<Replacement>('x'.repeat(20_000)),
  fc.constantFrom<Replacement>('UNKNOWN_ENUM', 'LARGE_CAROUSEL', 'USD', 'PENDING', ''),
  fc.constant<Replacement>([]),
  fc.constant<Replacement>({}),
  fc.jsonValue({ maxDepth: 2 }).map((v) => v as Json),
)

const mutations = fc.array(fc.record({ at: fc.nat(), to: replacement }), { minLength: 1, maxLength: 4 })

function mutated(base: Json, steps: { at: number; to: Replacement }[]): Json {
  const copy = structuredClone(base)
  for (const step of steps) {
    const all = paths(copy)
    const path = all[step.at % Math.max(all.length, 1)]
    if (path) mutate(copy, path, step.to)
  }
  return copy
}

function apiAnswering(body: Json): PlatformApi {
  return createPlatformApi({ baseUrl: 'https://api.test', fetch: fakeFetch(() => jsonResponse(body)).fetch })
}

async function parsesOrBadResponse(call: Promise<unknown>): Promise<'parsed' | 'rejected'> {
  try {
    await call
    return 'parsed'
  } catch (e) {
    expect(isApiError(e) && e.kind).toBe('badResponse')
    return 'rejected'
  }
}

const cases: [string, () => Json, (api: PlatformApi) => Promise<unknown>][] = [
  ['shop', () => shopWire() as Json, (api) => api.getShop('s1')],
  ['session', () => sessionWire() as Json, (api) => api.getSession('s1', { table: null, tabId: null })],
  ['receipt', () => receiptWire() as Json, (api) => api.getReceipt('s1', 'r1')],
]

describe('mutated answers parse or fail as badResponse', () => {
  it.each(cases)('%s', async (_name, wire, call) => {
    const base = wire()
    const seen = { parsed: 0, rejected: 0 }
    await fc.assert(
      fc.asyncProperty(mutations, async (steps) => {
        seen[await parsesOrBadResponse(call(apiAnswering(mutated(base, steps))))]++
      }),
      { numRuns: 300 },
    )
    // Both outcomes occur, so the property exercises the schema rather than one branch.
    expect(seen.parsed).toBeGreaterThan(0)
    expect(seen.rejected).toBeGreaterThan(0)
  })

  it.each(cases)('%s: any JSON value at the root', async (_name, _wire, call) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (body) => {
        await parsesOrBadResponse(call(apiAnswering(body as Json)))
      }),
      { numRuns: 200 },
    )
  })

  it('the unmutated samples parse', async () => {
    for (const [, wire, call] of cases) await expect(call(apiAnswering(wire()))).resolves.toBeDefined()
  })
})
