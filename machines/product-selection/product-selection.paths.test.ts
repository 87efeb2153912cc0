import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { article, extrasGroup, milkGroup, shopData } from '@tests/fixtures/shop'
import type { CartItem } from '@/domain/types'
import { isGroupSatisfied } from '@/domain/deviations'
import {
  cartEventOf,
  productSelectionInput,
  productSelectionMachine,
  type CommittedLine,
  type ProductSelectionInput,
  showsOutOfStock,
  unmetGroupIds,
} from './product-selection.machine'
import { productSelectionSamples } from './product-selection.samples'

type Snapshot = SnapshotFrom<typeof productSelectionMachine>

const cappuccino = article({ id: 'cappuccino', title: 'Cappuccino', price: 4500, deviationGroupIds: ['milk', 'extras'], limitStock: true, count: 3 })
const input: ProductSelectionInput = { article: cappuccino, groups: [milkGroup, extrasGroup], maxQuantity: 3, editing: null, requestedItemId: null }
/** Editing line l1 (1 with oat milk), whose count, deviations or note the samples change or whose line they remove. */
const editingInput: ProductSelectionInput = { ...input, maxQuantity: 3, editing: { itemId: 'l1', count: 1, deviations: ['oat'], description: '' }, requestedItemId: 'l1' }
/** `?item=l1` opened before the session answered: an Add until a sample cart brings line l1. */
const requestedInput: ProductSelectionInput = { ...input, requestedItemId: 'l1' }

const options: PathSuiteOptions<typeof productSelectionMachine> = {
  inputs: [input, editingInput, requestedInput],
  events: productSelectionSamples,
  contextKeys: ['quantity', 'selected', 'description', 'maxQuantity', 'editing', 'quantityTouched', 'selectedTouched', 'descriptionTouched', 'held'],
  invariants: {
    '': (s: Snapshot) => {
      expect(s.context.quantity).toBeGreaterThanOrEqual(0)
      // Once committed the quantity is the line added, and the cap follows the cart without it.
      if (s.matches('editing')) expect(s.context.quantity).toBeLessThanOrEqual(s.context.maxQuantity)
      for (const g of s.context.groups) if (g.maxCount !== null) expect(s.context.selected.filter((id) => g.deviationIds.includes(id)).length).toBeLessThanOrEqual(g.maxCount)
      // An edited line is never left behind: an untouched field shows the line's (the quantity within the cap).
      const { editing } = s.context
      if (editing && !s.context.quantityTouched && s.matches('editing')) expect(s.context.quantity).toBe(Math.min(editing.count, s.context.maxQuantity))
      if (editing && !s.context.selectedTouched) expect([...s.context.selected].sort()).toEqual([...editing.deviations].sort())
      if (editing && !s.context.descriptionTouched) expect(s.context.description).toBe(editing.description)
      // A card payment holds the cart: no Add / Update is taken, so no line is lost (SPEC §4 Card).
      if (s.context.held && s.matches('editing')) expect(s.can({ type: 'submit' })).toBe(false)
      // The groups the view highlights are exactly those out of bounds, and Add waits for them (SPEC §5).
      expect(unmetGroupIds(s)).toEqual(s.context.groups.filter((g) => !isGroupSatisfied(g, s.context.selected)).map((g) => g.id))
      if (unmetGroupIds(s).length > 0) expect(s.can({ type: 'submit' })).toBe(false)
      // A new line the view marks 'Out of stock' cannot be added (SPEC §5).
      if (showsOutOfStock(s) && s.context.editing === null) expect(s.can({ type: 'submit' })).toBe(false)
      // The view disables exactly the ticks the machine refuses: an unticked deviation of a full
      // multi-choice group; every click is taken otherwise while editing (SPEC §5).
      for (const g of s.context.groups) {
        for (const id of g.deviationIds) {
          const full = g.maxCount !== null && g.maxCount > 1 && s.context.selected.filter((d) => g.deviationIds.includes(d)).length >= g.maxCount
          const taken = s.matches('editing') && (s.context.selected.includes(id) || !full)
          expect(s.can({ type: 'deviation.toggled', groupId: g.id, deviationId: id }), `${g.id}/${id}`).toBe(taken)
        }
      }
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
    expect(actor.getSnapshot().value).toBe('committed')
    // A second submit (a double click on Add) commits nothing more.
    actor.send({ type: 'submit' })
    expect(committed).toHaveLength(1)
  })

  it('refuses a third extra while two are ticked, and takes it once one is unticked (SPEC §5)', () => {
    const { actor } = run()
    const caramel = { type: 'deviation.toggled', groupId: 'extras', deviationId: 'caramel' } as const
    actor.send({ type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' })
    actor.send({ type: 'deviation.toggled', groupId: 'extras', deviationId: 'vanilla' })
    // The view disables caramel from this `can`; a click that gets through changes nothing.
    expect(actor.getSnapshot().can(caramel)).toBe(false)
    expect(actor.getSnapshot().can({ type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' })).toBe(true)
    actor.send(caramel)
    expect(actor.getSnapshot().context.selected).toEqual(['shot', 'vanilla'])
    expect(actor.getSnapshot().context.selectedTouched).toBe(true)
    actor.send({ type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' })
    expect(actor.getSnapshot().can(caramel)).toBe(true)
    actor.send(caramel)
    expect(actor.getSnapshot().context.selected).toEqual(['vanilla', 'caramel'])
    // A deviation the group does not have is refused too.
    expect(actor.getSnapshot().can({ type: 'deviation.toggled', groupId: 'extras', deviationId: 'oat' })).toBe(false)
  })

  it('names the groups out of bounds, in order, until each is met (SPEC §5)', () => {
    const { actor } = run()
    // Milk needs exactly one; extras are optional.
    expect(unmetGroupIds(actor.getSnapshot())).toEqual(['milk'])
    actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' })
    expect(unmetGroupIds(actor.getSnapshot())).toEqual([])
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true)
    // An edited line saved with more than a group now allows is out of bounds from the start.
    const over = run({ groups: [milkGroup, { ...extrasGroup, maxCount: 1 }], editing: { itemId: 'l1', count: 1, deviations: ['shot', 'vanilla'], description: '' } })
    expect(unmetGroupIds(over.actor.getSnapshot())).toEqual(['milk', 'extras'])
    expect(over.actor.getSnapshot().can({ type: 'submit' })).toBe(false)
  })

  it('refuses Add at quantity 0: the stepper goes down to 0, a cart choice starts at 1 (SPEC §9)', () => {
    const { actor, committed } = run({ groups: [] })
    actor.send({ type: 'quantity.set', value: 0 })
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
    actor.send({ type: 'submit' })
    expect(committed).toEqual([])
  })

  it('refuses Add and Update while a card payment holds the cart, and takes them once it is released (SPEC §4 Card)', () => {
    const { actor, committed } = run({ groups: [], held: true })
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(committed).toEqual([])
    actor.send({ type: 'cart.released' })
    actor.send({ type: 'cart.held' })
    actor.send({ type: 'submit' })
    expect(committed).toEqual([])
    actor.send({ type: 'cart.released' })
    actor.send({ type: 'submit' })
    expect(committed).toEqual([{ kind: 'add', line: { productId: 'cappuccino', count: 1, deviations: [], description: '' } }])
    // The hold is followed after Add too: 'Add more' on the product page starts held.
    actor.send({ type: 'cart.held' })
    actor.send({ type: 'add.more' })
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
    const editing = run({ groups: [], editing: { itemId: 'l1', count: 1, deviations: [], description: '' } })
    editing.actor.send({ type: 'cart.held' })
    editing.actor.send({ type: 'quantity.set', value: 2 })
    editing.actor.send({ type: 'submit' })
    expect(editing.committed).toEqual([])
  })

  it('clears an optional single-choice group on None, never a required one (SPEC §5)', () => {
    const sauce = { ...milkGroup, id: 'sauce', name: 'Sauce', minCount: 0, deviationIds: ['vanilla', 'caramel'] }
    const { actor } = run({ groups: [milkGroup, sauce] })
    actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' })
    actor.send({ type: 'deviation.toggled', groupId: 'sauce', deviationId: 'vanilla' })
    actor.send({ type: 'group.cleared', groupId: 'sauce' })
    expect(actor.getSnapshot().context.selected).toEqual(['oat'])
    actor.send({ type: 'group.cleared', groupId: 'milk' })
    expect(actor.getSnapshot().context.selected).toEqual(['oat'])
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true)
  })

  it('ignores a tick or a None for a group the article lacks', () => {
    const { actor } = run()
    actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' })
    actor.send({ type: 'deviation.toggled', groupId: 'sauce', deviationId: 'vanilla' })
    actor.send({ type: 'group.cleared', groupId: 'sauce' })
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().context.selected).toEqual(['oat'])
  })

  it("'Add more' starts a fresh selection capped at the stock the cart leaves, and it commits again", () => {
    const { actor, committed } = run({ groups: [], maxQuantity: 3 })
    actor.send({ type: 'quantity.set', value: 2 })
    actor.send({ type: 'description.changed', value: 'Warm' })
    actor.send({ type: 'submit' })
    // The session takes the line: the committed page still shows it, the cap follows the cart.
    const warm = (count: number) => ({ id: 'l1', productId: 'cappuccino', count, deviations: [], description: 'Warm' })
    actor.send({ type: 'cart.changed', cart: [warm(2)] })
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 2, description: 'Warm', maxQuantity: 1 })
    actor.send({ type: 'add.more' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 1, selected: [], description: '', maxQuantity: 1 })
    actor.send({ type: 'quantity.set', value: 5 })
    actor.send({ type: 'submit' })
    expect(committed.map((c) => c.line.count)).toEqual([2, 1])
    // Sold out meanwhile: the fresh selection cannot be added.
    actor.send({ type: 'cart.changed', cart: [warm(3)] })
    actor.send({ type: 'add.more' })
    expect(actor.getSnapshot().context.quantity).toBe(0)
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
  })

  it('caps the quantity at remaining stock, and an out-of-stock article cannot be added', () => {
    const { actor } = run({ groups: [], maxQuantity: 2 })
    actor.send({ type: 'quantity.set', value: 5 })
    expect(actor.getSnapshot().context.quantity).toBe(2)
    const soldOut = run({ groups: [], maxQuantity: 0 })
    expect(soldOut.actor.getSnapshot().context.quantity).toBe(0)
    expect(soldOut.actor.getSnapshot().can({ type: 'submit' })).toBe(false)
  })

  describe('when the cart changes under it (SPEC §4 "Cart", §5 stock)', () => {
    const oat = { deviations: ['oat'], description: '' }
    const line = (id: string, count: number, deviations = ['oat']) => ({ id, productId: 'cappuccino', count, deviations, description: '' })
    const editingL1 = { itemId: 'l1', count: 1, ...oat }

    it('takes the stock cap again and keeps the chosen quantity within it', () => {
      const { actor } = run({ maxQuantity: 3 })
      actor.send({ type: 'quantity.set', value: 3 })
      // Another tab's 2 lattes arrive with a poll: 1 left.
      actor.send({ type: 'cart.changed', cart: [line('l9', 2, ['whole'])] })
      expect(actor.getSnapshot().context).toMatchObject({ maxQuantity: 1, quantity: 1, cartNotice: null })
      actor.send({ type: 'quantity.set', value: 3 })
      expect(actor.getSnapshot().context.quantity).toBe(1)
    })

    it('sold out under it: quantity 0 and Add refused; stock back: an untouched quantity is 1 again', () => {
      const { actor } = run({ maxQuantity: 3 })
      actor.send({ type: 'cart.changed', cart: [line('l9', 3, ['whole'])] })
      expect(actor.getSnapshot().context).toMatchObject({ maxQuantity: 0, quantity: 0 })
      actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' })
      expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
      actor.send({ type: 'cart.changed', cart: [] })
      expect(actor.getSnapshot().context).toMatchObject({ maxQuantity: 3, quantity: 1 })
      expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true)
    })

    it('an untouched edited count follows the line merged in elsewhere, so Update keeps those units', () => {
      const { actor, committed } = run({ maxQuantity: 3, editing: editingL1 })
      // The late first session answer joins the platform's 2 to this line: 3, under its id.
      actor.send({ type: 'cart.changed', cart: [line('l1', 3)] })
      expect(actor.getSnapshot().context).toMatchObject({ quantity: 3, maxQuantity: 3, editing: { count: 3 }, cartNotice: { kind: 'lineChanged', count: 3 } })
      actor.send({ type: 'submit' })
      expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 3, ...oat } }])
    })

    it("keeps a quantity the customer set, within the cap, and says the line's count changed", () => {
      const { actor } = run({ maxQuantity: 3, editing: editingL1 })
      actor.send({ type: 'quantity.set', value: 2 })
      actor.send({ type: 'cart.changed', cart: [line('l1', 3)] })
      expect(actor.getSnapshot().context).toMatchObject({ quantity: 2, cartNotice: { kind: 'lineChanged', count: 3 } })
      // Another line takes 2 of the 3: the edited line may hold 1.
      actor.send({ type: 'cart.changed', cart: [line('l1', 3), line('l2', 2, ['whole'])] })
      expect(actor.getSnapshot().context).toMatchObject({ quantity: 1, maxQuantity: 1, cartNotice: { kind: 'lineChanged', count: 3 } })
    })

    it('an unchanged edited line only takes the cap again and raises no notice', () => {
      const { actor } = run({ maxQuantity: 3, editing: editingL1 })
      actor.send({ type: 'cart.changed', cart: [line('l1', 1), line('l2', 1, ['whole'])] })
      expect(actor.getSnapshot().context).toMatchObject({ quantity: 1, maxQuantity: 2, cartNotice: null })
    })

    it('a vanished edited line turns the selection into an Add of a new line, with the choices kept', () => {
      const { actor, committed } = run({ maxQuantity: 3, editing: { ...editingL1, count: 2, description: 'Hot' } })
      actor.send({ type: 'quantity.set', value: 2 })
      actor.send({ type: 'cart.changed', cart: [line('l2', 2, ['whole'])] })
      expect(actor.getSnapshot().context).toMatchObject({ editing: null, quantity: 1, maxQuantity: 1, selected: ['oat'], description: 'Hot', cartNotice: { kind: 'lineRemoved' } })
      actor.send({ type: 'submit' })
      expect(committed).toEqual([{ kind: 'add', line: { productId: 'cappuccino', count: 1, deviations: ['oat'], description: 'Hot' } }])
    })

    it("untouched add-ons and note follow the edited line changed elsewhere, with the notice, so Update keeps them", () => {
      const { actor, committed } = run({ maxQuantity: 3, editing: editingL1 })
      // Another tab makes the line whole milk with an extra shot, served hot.
      actor.send({ type: 'cart.changed', cart: [{ ...line('l1', 1, ['whole', 'shot']), description: 'Hot' }] })
      expect(actor.getSnapshot().context).toMatchObject({ quantity: 1, selected: ['whole', 'shot'], description: 'Hot', cartNotice: { kind: 'lineChanged', count: 1 } })
      actor.send({ type: 'submit' })
      expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 1, deviations: ['whole', 'shot'], description: 'Hot' } }])
    })

    it('add-ons or a note the customer changed stay theirs while the untouched fields follow the line', () => {
      const { actor } = run({ maxQuantity: 3, editing: editingL1 })
      actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'whole' })
      actor.send({ type: 'cart.changed', cart: [{ ...line('l1', 2, ['oat', 'shot']), description: 'Hot' }] })
      expect(actor.getSnapshot().context).toMatchObject({ quantity: 2, selected: ['whole'], description: 'Hot', cartNotice: { kind: 'lineChanged', count: 2 } })
      actor.send({ type: 'description.changed', value: 'Cold' })
      actor.send({ type: 'cart.changed', cart: [{ ...line('l1', 2, ['oat']), description: 'Warm' }] })
      expect(actor.getSnapshot().context).toMatchObject({ selected: ['whole'], description: 'Cold', editing: { deviations: ['oat'], description: 'Warm' } })
    })

    it('an add-on removed from the edited line elsewhere is a change: untouched add-ons follow it', () => {
      const { actor } = run({ maxQuantity: 3, editing: { ...editingL1, deviations: ['oat', 'shot'] } })
      actor.send({ type: 'cart.changed', cart: [line('l1', 1, ['oat'])] })
      expect(actor.getSnapshot().context).toMatchObject({ selected: ['oat'], cartNotice: { kind: 'lineChanged', count: 1 } })
    })

    it('the same add-ons in another order are no change', () => {
      const { actor } = run({ maxQuantity: 3, editing: { ...editingL1, deviations: ['oat', 'shot'] } })
      actor.send({ type: 'cart.changed', cart: [line('l1', 1, ['shot', 'oat'])] })
      expect(actor.getSnapshot().context.cartNotice).toBeNull()
    })

    describe('the line ?item= asked for, not in the cart when opened (the session had not answered)', () => {
      const asked = { maxQuantity: 3, editing: null, requestedItemId: 'l1' }
      const answered = [{ ...line('l1', 2), description: 'Hot' }]

      it('untouched, the Add becomes the Edit of that line once it arrives, and Update sets its count', () => {
        const { actor, committed } = run(asked)
        expect(actor.getSnapshot().context).toMatchObject({ editing: null, quantity: 1 })
        actor.send({ type: 'cart.changed', cart: answered })
        expect(actor.getSnapshot().context).toMatchObject({
          editing: { itemId: 'l1', count: 2, deviations: ['oat'], description: 'Hot' },
          quantity: 2,
          maxQuantity: 3,
          selected: ['oat'],
          description: 'Hot',
          cartNotice: null,
        })
        actor.send({ type: 'quantity.set', value: 1 })
        actor.send({ type: 'submit' })
        expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 1, deviations: ['oat'], description: 'Hot' } }])
      })

      it("with choices made, it becomes that line's Update keeping them, and says the cart holds the line", () => {
        const { actor, committed } = run(asked)
        actor.send({ type: 'deviation.toggled', groupId: 'milk', deviationId: 'whole' })
        actor.send({ type: 'quantity.set', value: 3 })
        actor.send({ type: 'cart.changed', cart: answered })
        // The untouched note is the line's; the cap leaves the line's own 2 out.
        expect(actor.getSnapshot().context).toMatchObject({
          editing: { itemId: 'l1', count: 2 },
          quantity: 3,
          selected: ['whole'],
          description: 'Hot',
          cartNotice: { kind: 'lineFound', count: 2 },
        })
        actor.send({ type: 'submit' })
        expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 3, deviations: ['whole'], description: 'Hot' } }])
      })

      it('stays an Add for other lines, and for the id on another product', () => {
        const { actor } = run(asked)
        actor.send({ type: 'cart.changed', cart: [line('l2', 1), { ...line('l1', 1), productId: 'bun' }] })
        expect(actor.getSnapshot().context).toMatchObject({ editing: null, maxQuantity: 2, quantity: 1, cartNotice: null })
      })

      it("after Add, 'Add more' forgets the asked line: arriving then, it is not taken for an Edit", () => {
        const { actor, committed } = run({ ...asked, groups: [] })
        actor.send({ type: 'submit' })
        actor.send({ type: 'add.more' })
        actor.send({ type: 'cart.changed', cart: answered })
        expect(actor.getSnapshot().context).toMatchObject({ editing: null, quantity: 1, description: '', cartNotice: null })
        actor.send({ type: 'submit' })
        expect(committed.map((c) => c.kind)).toEqual(['add', 'add'])
      })

      it('an edited line that went and comes back is edited again, with the notice', () => {
        const { actor } = run({ ...asked, editing: editingL1 })
        actor.send({ type: 'cart.changed', cart: [] })
        expect(actor.getSnapshot().context).toMatchObject({ editing: null, cartNotice: { kind: 'lineRemoved' } })
        actor.send({ type: 'cart.changed', cart: answered })
        expect(actor.getSnapshot().context).toMatchObject({ editing: { itemId: 'l1' }, quantity: 2, cartNotice: { kind: 'lineFound', count: 2 } })
      })
    })

    it("leaves the committed line alone, follows only the cap; 'Add more' starts without a notice", () => {
      const { actor } = run({ groups: [], maxQuantity: 3, editing: editingL1 })
      actor.send({ type: 'cart.changed', cart: [line('l1', 2)] })
      actor.send({ type: 'submit' })
      actor.send({ type: 'cart.changed', cart: [line('l2', 2)] })
      expect(actor.getSnapshot().context).toMatchObject({ editing: { count: 2 }, quantity: 2, maxQuantity: 1 })
      actor.send({ type: 'add.more' })
      expect(actor.getSnapshot().context).toMatchObject({ editing: null, quantity: 1, quantityTouched: false, cartNotice: null })
    })
  })

  it('editing a line drops add-ons no group of the article lists any more, here and when the line changes elsewhere', () => {
    const { actor, committed } = run({ editing: { itemId: 'l1', count: 1, deviations: ['whole', 'gone'], description: '' } })
    expect(actor.getSnapshot().context.selected).toEqual(['whole'])
    actor.send({ type: 'cart.changed', cart: [{ id: 'l1', productId: 'cappuccino', count: 1, deviations: ['oat', 'gone'], description: '' }] })
    expect(actor.getSnapshot().context.selected).toEqual(['oat'])
    actor.send({ type: 'submit' })
    expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 1, deviations: ['oat'], description: '' } }])
  })

  it('editing a line starts from it and Update replaces it; 0 removes it', () => {
    const { actor, committed } = run({ groups: [], editing: { itemId: 'l1', count: 2, deviations: [], description: 'x' } })
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 2, description: 'x' })
    actor.send({ type: 'quantity.set', value: 0 })
    actor.send({ type: 'submit' })
    expect(committed).toEqual([{ kind: 'update', itemId: 'l1', line: { productId: 'cappuccino', count: 0, deviations: [], description: 'x' } }])
  })
})

describe('cartEventOf', () => {
  const line = { productId: 'bun', count: 1, deviations: [], description: '' }
  it('adds a new line and replaces an edited one (SPEC §4 "Cart")', () => {
    expect(cartEventOf({ kind: 'add', line })).toEqual({ type: 'cart.add', line })
    expect(cartEventOf({ kind: 'update', itemId: 'l1', line })).toEqual({ type: 'cart.replace', itemId: 'l1', line })
  })
})

describe('productSelectionInput', () => {
  const shop = shopData()
  const cart: CartItem[] = [{ id: 'line-1', productId: 'bun', count: 2, deviations: [], description: 'Warm' }]

  it('gives the article, its groups in order and the remaining stock', () => {
    const bun = productSelectionInput(shop, cart, 'bun')
    expect(bun).toMatchObject({ article: { id: 'bun' }, groups: [], maxQuantity: 1, editing: null })
    expect(productSelectionInput(shop, [], 'cappuccino')?.groups.map((g) => g.id)).toEqual(['milk', 'extras'])
    expect(productSelectionInput(shop, [], 'cappuccino')?.maxQuantity).toBe(Infinity)
  })

  it('edits a cart line: its choices, and a cap that leaves the line itself out', () => {
    expect(productSelectionInput(shop, cart, 'bun', 'line-1')).toMatchObject({
      maxQuantity: 3,
      editing: { itemId: 'line-1', count: 2, deviations: [], description: 'Warm' },
      requestedItemId: 'line-1',
    })
  })

  it('opens a new line for an item id that is not in the cart or belongs to another product, remembering the id', () => {
    expect(productSelectionInput(shop, cart, 'bun', 'gone')).toMatchObject({ editing: null, requestedItemId: 'gone' })
    expect(productSelectionInput(shop, cart, 'cappuccino', 'line-1')?.editing).toBeNull()
    expect(productSelectionInput(shop, cart, 'bun')?.requestedItemId).toBeNull()
  })

  it('gives 0 for a new line of an article marked out of stock', () => {
    expect(productSelectionInput(shop, [], 'pie')?.maxQuantity).toBe(0)
  })

  it('gives 0 for a new line of an article marked out of stock even with units counted (SPEC §5: Add disabled)', () => {
    const tart = article({ id: 'tart', count: 3, limitStock: true, outOfStock: true })
    expect(productSelectionInput({ ...shop, articles: { ...shop.articles, tart } }, [], 'tart')?.maxQuantity).toBe(0)
  })

  it('edits a line of an article marked out of stock within its stock, not at 0: Update must not empty it (SPEC §5 refuses adding only)', () => {
    // Marked out of stock while 3 are still counted (the flag and the count disagree).
    const tart = article({ id: 'tart', count: 3, limitStock: true, outOfStock: true })
    const tarts: CartItem[] = [{ id: 't1', productId: 'tart', count: 2, deviations: [], description: '' }]
    expect(productSelectionInput({ ...shop, articles: { ...shop.articles, tart } }, tarts, 'tart', 't1')?.maxQuantity).toBe(3)
  })

  it('is null for an unknown id, including inherited property names', () => {
    expect(productSelectionInput(shop, [], 'nope')).toBeNull()
    expect(productSelectionInput(shop, [], '__proto__')).toBeNull()
    expect(productSelectionInput(shop, [], 'toString')).toBeNull()
  })
})
