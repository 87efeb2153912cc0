import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  clearGroup,
  countSelectedInGroup,
  groupHint,
  groupsOf,
  isGroupSatisfied,
  isOptionalSingleChoice,
  isSingleChoice,
  toggleDeviation,
  canToggleDeviation,
  unmetGroups,
} from './deviations'
import type { Article, Deviation, DeviationGroup } from './types'

const group = (id: string, minCount: number | null, maxCount: number | null, deviationIds = ['a', 'b', 'c', 'd']): DeviationGroup => ({
  id,
  name: id,
  minCount,
  maxCount,
  deviationIds,
})

/** The add-ons the shop has: a to d. */
const deviations: Record<string, Deviation> = Object.fromEntries(['a', 'b', 'c', 'd'].map((id) => [id, { id, name: id, price: 0 }]))

describe('groupHint', () => {
  it('names exact, range, min-only, max-only and none', () => {
    expect(groupHint(group('g', 2, 2))).toEqual({ kind: 'exact', count: 2 })
    expect(groupHint(group('g', 1, 3))).toEqual({ kind: 'range', min: 1, max: 3 })
    expect(groupHint(group('g', 1, null))).toEqual({ kind: 'min', min: 1 })
    expect(groupHint(group('g', null, 2))).toEqual({ kind: 'max', max: 2 })
    expect(groupHint(group('g', 0, 2))).toEqual({ kind: 'max', max: 2 })
    expect(groupHint(group('g', null, null))).toEqual({ kind: 'none' })
    expect(groupHint(group('g', 0, 0))).toEqual({ kind: 'none' })
  })
})

describe('group bounds', () => {
  it('counts only the group’s own ids, with repeats', () => {
    expect(countSelectedInGroup(group('g', null, null, ['a', 'b']), ['a', 'a', 'b', 'z'])).toBe(3)
  })

  it('checks min and max where set', () => {
    const g = group('g', 1, 2)
    expect(isGroupSatisfied(g, [])).toBe(false)
    expect(isGroupSatisfied(g, ['a'])).toBe(true)
    expect(isGroupSatisfied(g, ['a', 'b'])).toBe(true)
    expect(isGroupSatisfied(g, ['a', 'b', 'c'])).toBe(false)
    expect(isGroupSatisfied(group('g', null, null), [])).toBe(true)
    expect(isGroupSatisfied(group('g', 2, null), ['a', 'b', 'c', 'd'])).toBe(true)
  })

  it('lists the unmet groups in order', () => {
    const sauce = group('sauce', 1, 1, ['ketchup', 'mayo'])
    const extras = group('extras', null, 2, ['cheese', 'bacon', 'egg'])
    const sides = group('sides', 1, null, ['fries', 'salad'])
    expect(unmetGroups([sauce, extras, sides], [])).toEqual(['sauce', 'sides'])
    expect(unmetGroups([sauce, extras, sides], ['mayo', 'cheese', 'bacon', 'egg', 'fries'])).toEqual(['extras'])
    expect(unmetGroups([sauce, extras, sides], ['mayo', 'salad'])).toEqual([])
  })
})

describe('canToggleDeviation (SPEC §5)', () => {
  it("refuses only a new tick in a full multi-choice group, and a deviation the group lacks", () => {
    const g = group('g', null, 2)
    expect(canToggleDeviation(['a'], g, 'b')).toBe(true)
    expect(canToggleDeviation(['a', 'b'], g, 'c')).toBe(false)
    expect(canToggleDeviation(['a', 'b'], g, 'a')).toBe(true)
    expect(canToggleDeviation([], g, 'notInGroup')).toBe(false)
    // A single choice replaces, so it is never full.
    const single = group('s', 1, 1, ['a', 'b'])
    expect(canToggleDeviation(['a'], single, 'b')).toBe(true)
  })
})

describe('toggleDeviation', () => {
  it('replaces the choice in a single-choice group and leaves other groups alone', () => {
    const g = group('g', 1, 1, ['a', 'b'])
    expect(isSingleChoice(g)).toBe(true)
    expect(toggleDeviation(['x', 'a'], g, 'b')).toEqual(['x', 'b'])
    expect(toggleDeviation(['b'], g, 'b')).toEqual(['b'])
  })

  it('toggles in a multi-choice group and refuses to pass maxCount', () => {
    const g = group('g', null, 2)
    expect(isSingleChoice(g)).toBe(false)
    let s = toggleDeviation([], g, 'a')
    s = toggleDeviation(s, g, 'b')
    expect(s).toEqual(['a', 'b'])
    expect(toggleDeviation(s, g, 'c')).toEqual(['a', 'b'])
    expect(toggleDeviation(s, g, 'a')).toEqual(['b'])
    expect(toggleDeviation(s, g, 'notInGroup')).toEqual(['a', 'b'])
  })

  it('refuses a new tick at maxCount only: no maximum, or a single choice (which replaces), never refuses one', () => {
    const g = group('g', null, 2)
    expect(canToggleDeviation(['a'], g, 'c')).toBe(true)
    expect(canToggleDeviation(['a', 'b'], g, 'c')).toBe(false)
    expect(toggleDeviation(['a', 'b'], g, 'c')).toEqual(['a', 'b'])
    expect(canToggleDeviation(['a', 'b', 'c'], group('n', 1, null), 'd')).toBe(true)
    expect(canToggleDeviation(['a'], group('s', 1, 1), 'b')).toBe(true)
  })

  it('never exceeds maxCount from a valid selection, for any clicks', () => {
    const ids = ['a', 'b', 'c', 'd', 'e']
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        fc.array(fc.constantFrom(...ids, 'other'), { maxLength: 30 }),
        (max, clicks) => {
          const g = group('g', null, max, ids)
          const other = group('o', null, null, ['other'])
          let selected: string[] = []
          for (const id of clicks) {
            selected = toggleDeviation(selected, ids.includes(id) ? g : other, id)
            if (max !== null) expect(countSelectedInGroup(g, selected)).toBeLessThanOrEqual(max)
          }
          if (max === 1) expect(countSelectedInGroup(g, selected)).toBeLessThanOrEqual(1)
        },
      ),
    )
  })
})

describe('clearing a group', () => {
  it('offers None only for a single-choice group without a minimum', () => {
    expect(isOptionalSingleChoice(group('g', null, 1))).toBe(true)
    expect(isOptionalSingleChoice(group('g', 0, 1))).toBe(true)
    expect(isOptionalSingleChoice(group('g', 1, 1))).toBe(false)
    expect(isOptionalSingleChoice(group('g', null, 2))).toBe(false)
  })

  it('takes out the group’s choices when it has no minimum, and leaves other groups alone', () => {
    const optional = group('g', null, 1, ['a', 'b'])
    expect(clearGroup(['x', 'a'], optional)).toEqual(['x'])
    expect(clearGroup(['x'], optional)).toEqual(['x'])
    // A line saved with more than the maximum: all of the group's choices go.
    expect(clearGroup(['a', 'b', 'a'], optional)).toEqual([])
  })

  it('never clears a group below its minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(fc.constantFrom('a', 'b', 'c', 'x'), { maxLength: 8 }), (min, selected) => {
        const g = group('g', min, 1, ['a', 'b', 'c'])
        expect(clearGroup(selected, g)).toEqual(selected)
      }),
    )
  })
})

describe('groupsOf', () => {
  it('returns the known groups in the article’s order', () => {
    const art = { deviationGroupIds: ['g2', 'missing', 'g1'] } as Pick<Article, 'deviationGroupIds'> as Article
    const g1 = group('g1', null, null)
    const g2 = group('g2', 1, 1)
    expect(groupsOf(art, { deviationGroups: { g1, g2 }, deviations })).toEqual([g2, g1])
  })

  it('lists only the add-ons the shop has and asks for no more than those; a group with none is left out', () => {
    const art = { deviationGroupIds: ['wrap', 'bowl', 'extras'] } as Pick<Article, 'deviationGroupIds'> as Article
    // Choose 3–5 over two add-ons; a required choice among deleted ones; an optional group.
    const wrap = group('wrap', 3, 5, ['a', 'b'])
    const bowl = group('bowl', 1, 1, ['deleted-1', 'deleted-2'])
    const extras = group('extras', 0, 2, ['c', 'deleted-3', 'd'])
    expect(groupsOf(art, { deviationGroups: { wrap, bowl, extras }, deviations })).toEqual([
      { ...wrap, minCount: 2, maxCount: 2 },
      { ...extras, deviationIds: ['c', 'd'] },
    ])
  })

  it("finds no group for an id like 'constructor' or 'toString' (own keys only)", () => {
    const art = { deviationGroupIds: ['g1', 'constructor', '__proto__', 'toString'] } as Pick<Article, 'deviationGroupIds'> as Article
    const g1 = group('g1', null, null)
    expect(groupsOf(art, { deviationGroups: { g1 }, deviations })).toEqual([g1])
  })
})
