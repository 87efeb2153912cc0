import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { article, extrasGroup, milkGroup } from '@tests/fixtures/shop'
import { isGroupSatisfied } from '@/domain/deviations'
import { productSelectionMachine, type CommittedLine, type ProductSelectionInput } from './product-selection.machine'
import { productSelectionSamples } from './product-selection.samples'

type Snapshot = SnapshotFrom<typeof productSelectionMachine>

const cappuccino = article({ id: 'cappuccino', title: 'Cappuccino', price: 4500, deviationGroupIds: ['milk', 'extras'] })
const input: ProductSelectionInput = { article: cappuccino, groups: [milkGroup, extrasGroup], maxQuantity: 3, editing: null }

const options: PathSuiteOptions<typeof productSelectionMachine> = {
  input,
  events: productSelectionSamples,
  contextKeys: ['quantity', 'selected', 'description'],
  invariants: {
    '': (s: Snapshot) => {
      expect(s.context.quantity).toBeGreaterThanOrEqual(0)
      expect(s.context.quantity).toBeLessThanOrEqual(s.context.maxQuantity)
      for (const g of s.context.groups) if (g.maxCount !== null) expect(s.context.selected.filter((id) => g.deviationIds.includes(id)).length).toBeLessThanOrEqual(g.maxCount)
    },
    // Add is only taken with every group satisfied (SPEC §5).
    committed: (s: Snapshot) => expect(s.context.groups.every((g) => isGroupSatisfied(g, s.context.selected))).toBe(true),
  },
}

describe('product selection paths', () => {
  const paths = expectAllStatesReachable(productSelectionMachine, options)
  it('replays every path', () => replayPaths(productSelectionMachine, paths, options))
})

describe('product selection behaviour (SPEC §2, §5)', () => {
  function run(overrides: Partial<ProductSelectionInput> = {}) {
    const committed: CommittedLine[] = []
    const actor = createActor(productSelectionMachine.provide({ actions: { commitLine: (_, line) => void committed.push(line) } }), {
      input: { ...input, ...overrides },
    }).start()
    return { actor, committed }
  }

  it('refuses Add until the required milk group is chosen, then adds the line with the note', () => {
    const { actor, committed } = run()
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
    actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' })
    actor.send({ type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' })
    actor.send({ type: 'description.changed', value: ' Nut allergy ' })
    actor.send({ type: 'quantity.set', value: 2 })
    actor.send({ type: 'submit' })
    expect(committed).toEqual([{ kind: 'add', line: { productId: 'cappuccino', count: 2, deviations: ['oat', 'shot'], description: 'Nut allergy' } }])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('caps the quantity at remaining stock, and an out-of-stock article cannot be added', () => {
    const { actor } = run({ groups: [], maxQuantity: 2 })
    actor.send({ type: 'quantity.set', value: 5 })
    expect(actor.getSnapshot().context.quantity).toBe(2)
    const soldOut = run({ groups: [], maxQuantity: 0 })
    expect(soldOut.actor.getSnapshot().context.quantity).toBe(0)
    expect(soldOut.actor.getSnapshot().can({ type: 'submit' })).toBe(false)
  })

  it('editing a line starts from it and Update replaces it; 0 removes it', () => {
    const { actor, committed } = run({ groups: [], editing: { itemId: 'l1', count: 2, deviations: [], description: 'x' } })
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 2, description: 'x' })
    actor.send({ type: 'quantity.set', value: 0 })
    actor.send({ type: 'submit' })
    expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 0, deviations: [], description: 'x' } }])
  })
})
