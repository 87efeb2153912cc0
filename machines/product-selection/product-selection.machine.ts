import { assign, setup } from 'xstate'
import type { Article, CartItem, DeviationGroup } from '../../src/domain/types'
import { toggleDeviation, unmetGroups } from '../../src/domain/deviations'

/** Editing an existing cart line (the popup opened with a cart item id, SPEC §2). */
export interface EditedLine {
  itemId: string
  count: number
  deviations: string[]
  description: string
}

export interface ProductSelectionInput {
  article: Article
  /** The article's deviation groups, in order. */
  groups: DeviationGroup[]
  /** Remaining stock for this selection (Infinity when stock is not limited). */
  maxQuantity: number
  editing: EditedLine | null
}

export interface ProductSelectionContext extends ProductSelectionInput {
  quantity: number
  selected: string[]
  description: string
}

export type ProductSelectionEvent =
  | { type: 'quantity.set'; value: number }
  | { type: 'deviation.toggled'; groupId: string; deviationId: string }
  | { type: 'description.changed'; value: string }
  | { type: 'submit' }

/** The line a submitted selection adds (or replaces, when editing). */
export type CommittedLine = { kind: 'add'; line: Omit<CartItem, 'id'> } | { kind: 'update'; itemId: string; line: Omit<CartItem, 'id'> }

function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.max(0, Math.min(Math.trunc(value), max))
}

/**
 * One product popup or product page (SPEC §2 "Product popup", §5 deviation and stock rules):
 * quantity (default 1, min 0, max remaining stock), deviation choices within each group's
 * bounds, the free-text note, and Add (or Update when editing a cart line). Submitting is
 * refused while a group is unmet, when out of stock, or with quantity 0 on a new line; on an
 * edited line quantity 0 removes it.
 *
 * Actions: `commitLine` (CommittedLine) — the route sends it to the session and closes the
 * popup. Final state `committed`.
 */
export const productSelectionMachine = setup({
  types: {
    context: {} as ProductSelectionContext,
    events: {} as ProductSelectionEvent,
    input: {} as ProductSelectionInput,
  },
  actions: {
    commitLine: (_: unknown, _line: CommittedLine) => {},
  },
  guards: {
    canSubmit: ({ context }) =>
      unmetGroups(context.groups, context.selected).length === 0 &&
      (context.editing !== null || (context.quantity > 0 && context.maxQuantity > 0)),
  },
}).createMachine({
  id: 'productSelection',
  context: ({ input }) => ({
    ...input,
    quantity: input.editing ? clampQuantity(input.editing.count, input.maxQuantity) : Math.min(1, Math.max(0, input.maxQuantity)),
    selected: input.editing ? [...input.editing.deviations] : [],
    description: input.editing?.description ?? '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'quantity.set': { actions: assign({ quantity: ({ context, event }) => clampQuantity(event.value, context.maxQuantity) }) },
        'deviation.toggled': {
          actions: assign({
            selected: ({ context, event }) => {
              const group = context.groups.find((g) => g.id === event.groupId)
              return group ? toggleDeviation(context.selected, group, event.deviationId) : context.selected
            },
          }),
        },
        'description.changed': { actions: assign({ description: ({ event }) => event.value }) },
        submit: {
          guard: 'canSubmit',
          target: 'committed',
          actions: {
            type: 'commitLine',
            params: ({ context }): CommittedLine => {
              const line = {
                productId: context.article.id,
                count: context.quantity,
                deviations: context.selected,
                description: context.description.trim(),
              }
              return context.editing ? { kind: 'update', itemId: context.editing.itemId, line } : { kind: 'add', line }
            },
          },
        },
      },
    },
    committed: { type: 'final' },
  },
})
