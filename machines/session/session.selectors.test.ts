import { describe, expect, it } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { startAsChild } from '@tests/harness/parent'
import { session } from '@tests/fixtures/session'
import { article } from '@tests/fixtures/shop'
import type { CartItem, Session } from '@/domain/types'
import { sessionMachine } from './session.machine'
import { lineCountCaps } from './session.selectors'

const line = (id: string, productId: string, count: number): CartItem => ({ id, productId, count, deviations: [], description: '' })

describe('lineCountCaps (SPEC §4 "item count capped by remaining stock", §5)', () => {
  it("caps each line at the stock the article's other lines leave, never below its own count", async () => {
    const cart = [line('a', 'bun', 1), line('b', 'bun', 1), line('c', 'latte', 2), line('d', 'pie', 4), line('e', 'gone', 2)]
    const machine = sessionMachine.provide({ actors: { fetchSession: fromPromise<Session, { shopId: string; table: string | null; tabId: string | null }>(async () => session({ cart })) } })
    const { child: actor, parent } = startAsChild(machine, { shopId: 'cafe', table: null, tabId: null })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({
      type: 'shop.loaded',
      articles: {
        bun: article({ id: 'bun', limitStock: true, count: 3 }),
        latte: article({ id: 'latte' }),
        // Stock fell below the line: it keeps its count and can only go down.
        pie: article({ id: 'pie', limitStock: true, count: 2 }),
      },
    })
    // 'latte' has no stock limit; 'gone' is no longer sold, so it cannot grow.
    expect(lineCountCaps(actor.getSnapshot())).toEqual({ a: 2, b: 2, c: Number.POSITIVE_INFINITY, d: 4, e: 2 })
    parent.stop()
  })
})
