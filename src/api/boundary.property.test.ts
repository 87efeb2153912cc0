import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { PlatformApi } from './client'
import { isApiError } from './errors'
import { apiAnswering, mutatedAnswer, type Json } from './testing/wire-mutations'
import { receiptWire, sessionWire, shopWire } from './testing/wire-samples'

/**
 * Whatever a server answers with status 200, a call either resolves with domain data or
 * rejects with ApiError kind 'badResponse' (CONTRACT: "a missing required field is a typed
 * error ..., never an exception").
 */

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
    const seen = { parsed: 0, rejected: 0 }
    await fc.assert(
      fc.asyncProperty(mutatedAnswer(wire), async (body) => {
        seen[await parsesOrBadResponse(call(apiAnswering(body)))]++
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
