/**
 * Deviation-group rules (SPEC §5 "Deviation groups"): how many deviations of a group may or
 * must be chosen. A selection is a list of deviation ids in which an id may repeat.
 *
 * A minCount ≤ 0 is treated as "no minimum" (it constrains nothing) and a maxCount ≤ 0 as
 * "no maximum": a group that allows none of its own deviations would make every product
 * carrying it unbuyable, so the platform's 0 is read as "unset".
 */
import type { Article, DeviationGroup, ShopData } from './types'
import { byId } from './ids'

/** The hint shown under a group's name (SPEC §5: choose exactly N, at least N, at most N). */
export type GroupHint =
  | { kind: 'exact'; count: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number }
  | { kind: 'none' }

function minOf(group: DeviationGroup): number | null {
  return group.minCount !== null && group.minCount > 0 ? group.minCount : null
}

function maxOf(group: DeviationGroup): number | null {
  return group.maxCount !== null && group.maxCount > 0 ? group.maxCount : null
}

/**
 * The group's bounds as a hint: min === max → exact; both → range; only a minimum → min; only
 * a maximum → max; neither → none. SPEC §5.
 */
export function groupHint(group: DeviationGroup): GroupHint {
  const min = minOf(group)
  const max = maxOf(group)
  if (min !== null && max !== null) return min === max ? { kind: 'exact', count: min } : { kind: 'range', min, max }
  if (min !== null) return { kind: 'min', min }
  if (max !== null) return { kind: 'max', max }
  return { kind: 'none' }
}

/** How many of the selected ids belong to the group, counting repeats (SPEC §5). */
export function countSelectedInGroup(group: DeviationGroup, selected: readonly string[]): number {
  const members = new Set(group.deviationIds)
  return selected.reduce((n, id) => (members.has(id) ? n + 1 : n), 0)
}

/**
 * Whether the group's selected count is within [minCount, maxCount] where set (SPEC §5).
 * @internal exported for its tests (knip --production)
 */
export function isGroupSatisfied(group: DeviationGroup, selected: readonly string[]): boolean {
  const n = countSelectedInGroup(group, selected)
  const min = minOf(group)
  const max = maxOf(group)
  return (min === null || n >= min) && (max === null || n <= max)
}

/**
 * Ids of the groups whose selection is out of bounds, in the given order; Add/Update stays
 * disabled while this is non-empty (SPEC §5 "Select all necessary add-ons").
 */
export function unmetGroups(groups: readonly DeviationGroup[], selected: readonly string[]): string[] {
  return groups.filter((g) => !isGroupSatisfied(g, selected)).map((g) => g.id)
}

/** Whether the group allows exactly one choice at most, so it renders as radios (CONTRACT). */
export function isSingleChoice(group: DeviationGroup): boolean {
  return group.maxCount === 1
}

/**
 * The selection after the user clicks `deviationId` of `group`. Single choice: the group's
 * selection becomes just that id (other groups untouched). Otherwise: a selected id is removed
 * (every repeat of it); an unselected one is added unless the group already holds maxCount, in
 * which case the selection is returned unchanged. Ids not in the group change nothing. SPEC §5.
 */
export function toggleDeviation(selected: readonly string[], group: DeviationGroup, deviationId: string): string[] {
  if (!canToggleDeviation(selected, group, deviationId)) return [...selected]
  if (isSingleChoice(group)) {
    const members = new Set(group.deviationIds)
    return [...selected.filter((id) => !members.has(id)), deviationId]
  }
  if (selected.includes(deviationId)) return selected.filter((id) => id !== deviationId)
  return [...selected, deviationId]
}

/**
 * Whether a click on `deviationId` of `group` is taken (SPEC §5): the deviation is one of the
 * group's, and it is not an unticked one of a multi-choice group that already holds its
 * maxCount (a ticked one can always be unticked; a single choice always replaces).
 */
export function canToggleDeviation(selected: readonly string[], group: DeviationGroup, deviationId: string): boolean {
  return group.deviationIds.includes(deviationId) && (selected.includes(deviationId) || !isGroupFull(group, selected))
}

/**
 * Whether a single-choice group may be left empty (no minimum), so it is offered with a "None"
 * choice: its radios alone could never be unticked again once one is chosen. SPEC §3
 * "Deviation group", §5.
 */
export function isOptionalSingleChoice(group: DeviationGroup): boolean {
  return isSingleChoice(group) && minOf(group) === null
}

/**
 * The selection without the group's deviations when the group has no minimum (other groups
 * untouched); a group with a minimum keeps its choices, so it is never cleared below it. SPEC §5.
 */
export function clearGroup(selected: readonly string[], group: DeviationGroup): string[] {
  if (minOf(group) !== null) return [...selected]
  const members = new Set(group.deviationIds)
  return selected.filter((id) => !members.has(id))
}

/**
 * Whether a multi-choice group has its maxCount chosen (SPEC §5): its other deviations cannot
 * be ticked until one is unticked. A single-choice group is never full (a choice replaces).
 */
function isGroupFull(group: DeviationGroup, selected: readonly string[]): boolean {
  const max = maxOf(group)
  return !isSingleChoice(group) && max !== null && countSelectedInGroup(group, selected) >= max
}

/**
 * The article's deviation groups that the shop knows, in the article's order (SPEC §3), each with
 * only the deviations the shop has and asking no more choices than those (a group set up with
 * minCount 3 over 2 add-ons, or with add-ons since deleted, would keep Add disabled for good); a
 * group left with none is left out.
 */
export function groupsOf(article: Article, shop: Pick<ShopData, 'deviationGroups' | 'deviations'>): DeviationGroup[] {
  return article.deviationGroupIds.flatMap((id) => {
    const group = byId(shop.deviationGroups, id)
    const deviationIds = group?.deviationIds.filter((deviationId) => byId(shop.deviations, deviationId)) ?? []
    const offered = deviationIds.length
    const atMost = (bound: number | null) => (bound === null ? null : Math.min(bound, offered))
    return group === undefined || offered === 0 ? [] : [{ ...group, deviationIds, minCount: atMost(group.minCount), maxCount: atMost(group.maxCount) }]
  })
}
