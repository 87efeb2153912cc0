import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useActorRef, useSelector } from '@xstate/react'
import { createActor, fromCallback } from 'xstate'
import {
  productSelectionMachine,
  type CommittedLine,
  type ProductSelectionEvent,
  type ProductSelectionInput,
} from '@machines/product-selection/product-selection.machine'
import type { Article, CartItem, DeviationGroup } from '@/domain/types'
import { extrasGroup, milkGroup, shopData } from '@tests/fixtures/shop'
import { TestProvider } from '@tests/test-provider'
import { ProductSelectionView, type ProductSelectionViewProps } from './product-selection.view'
import { ProductNotFoundView, ProductPageView } from './product-page.view'

const shop = shopData({ tags: { vegan: { id: 'vegan', tag: 'Vegan', color: '#000000' } } })
const cappuccino = shop.articles.cappuccino as Article
const bun = shop.articles.bun as Article

/** Money as formatMoney prints it: sv-SE puts a no-break space before the currency. */
const nb = (text: string) => text.replace(/ (kr|€)/g, '\u00a0$1')

function input(overrides: Partial<ProductSelectionInput> = {}): ProductSelectionInput {
  return { article: cappuccino, groups: [milkGroup, extrasGroup], maxQuantity: Infinity, editing: null, requestedItemId: null, ...overrides }
}

/**
 * A real selection: the machine started with `init` and fed `events`, standing there. Its
 * `send` is then a spy that records what the view sends and drops it.
 */
function selectionAfter(init: ProductSelectionInput, events: ProductSelectionEvent[] = []) {
  const actor = createActor(productSelectionMachine, { input: init }).start()
  for (const event of events) actor.send(event)
  return Object.assign(actor, { send: vi.fn<(event: ProductSelectionEvent) => void>() })
}

function renderView(props: Partial<ProductSelectionViewProps> & { selection: ReturnType<typeof selectionAfter> }) {
  render(<ProductSelectionView deviations={shop.deviations} tags={shop.tags} currency="SEK" {...props} />, {
    wrapper: TestProvider,
  })
  return props.selection.send
}

describe('ProductSelectionView: deviation groups', () => {
  it('renders a single-choice group as radios and a multi-choice group as checkboxes, priced options with "+ price"', () => {
    renderView({ selection: selectionAfter(input()) })
    const milk = screen.getByRole('group', { name: 'Milk' })
    expect(within(milk).getAllByRole('radio')).toHaveLength(2)
    expect(within(milk).queryByRole('checkbox')).toBeNull()
    expect(within(milk).getByRole('radio', { name: nb('Oat milk + 5,00 kr') })).not.toBeChecked()
    // A free deviation is named by its name alone.
    expect(within(milk).getByRole('radio', { name: 'Whole milk' })).toBeInTheDocument()

    const extras = screen.getByRole('group', { name: 'Extras' })
    expect(within(extras).getAllByRole('checkbox')).toHaveLength(3)
    expect(within(extras).queryByRole('radio')).toBeNull()
    expect(within(extras).getByRole('checkbox', { name: nb('Extra shot + 8,00 kr') })).toBeInTheDocument()
  })

  it('shows each group hint as the group description', () => {
    renderView({ selection: selectionAfter(input()) })
    expect(screen.getByRole('group', { name: 'Milk' })).toHaveAccessibleDescription('Choose exactly 1')
    expect(screen.getByRole('group', { name: 'Extras' })).toHaveAccessibleDescription('Choose at most 2')
  })

  it.each<[string, Pick<DeviationGroup, 'minCount' | 'maxCount'>, string | null]>([
    ['range', { minCount: 1, maxCount: 3 }, 'Choose 1–3'],
    ['min only', { minCount: 2, maxCount: null }, 'Choose at least 2'],
    ['exact', { minCount: 2, maxCount: 2 }, 'Choose exactly 2'],
    ['no bounds', { minCount: null, maxCount: null }, null],
  ])('hint for %s', (_, bounds, expected) => {
    const group: DeviationGroup = { ...extrasGroup, ...bounds }
    renderView({ selection: selectionAfter(input({ groups: [group] })) })
    const fieldset = screen.getByRole('group', { name: 'Extras' })
    if (expected === null) {
      expect(fieldset).not.toHaveAttribute('aria-describedby')
      expect(within(fieldset).queryByText(/^Choose/)).toBeNull()
    } else {
      expect(fieldset).toHaveAccessibleDescription(expected)
    }
  })

  it('disables Add and says why while a required group is unmet, and highlights only that group', () => {
    renderView({ selection: selectionAfter(input()) })
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    expect(screen.getByText('Select all necessary add-ons')).toBeInTheDocument()
    expect(add).toHaveAccessibleDescription('Select all necessary add-ons')
    expect(screen.getByRole('group', { name: 'Milk' })).toHaveAttribute('data-invalid', 'true')
    expect(screen.getByRole('group', { name: 'Extras' })).not.toHaveAttribute('data-invalid')
  })

  it('enables Add once every group is satisfied, with the total of price and deviations × quantity', () => {
    const selection = selectionAfter(input(), [
      { type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' },
      { type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' },
      { type: 'quantity.set', value: 2 },
    ])
    renderView({ selection })
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled()
    expect(screen.queryByText('Select all necessary add-ons')).toBeNull()
    expect(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: nb('Extra shot + 8,00 kr') })).toBeChecked()
    // (45,00 + 5,00 + 8,00) × 2
    expect(screen.getByText('Total').parentElement).toHaveTextContent('Total 116,00 kr')
    expect(screen.getByRole('group', { name: 'Milk' })).not.toHaveAttribute('data-invalid')
  })

  it('waits with Add while a card payment is being completed, and says why (SPEC §4 Card)', async () => {
    const selection = selectionAfter(input(), [{ type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' }, { type: 'cart.held' }])
    renderView({ selection })
    const before = selection.getSnapshot().value
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    expect(add).toHaveAccessibleDescription('Your card payment is being completed. You can change your order once it is done.')
    // Announced: the hold may begin with the popup open.
    expect(screen.getByText('Your card payment is being completed. You can change your order once it is done.')).toHaveAttribute('role', 'status')
    // Enter in the note submits the form: the machine commits nothing while held.
    await userEvent.type(screen.getByRole('textbox', { name: /allergies/i }), 'warm{Enter}')
    expect(selection.getSnapshot().value).toEqual(before)
  })

  it('highlights a group over its maximum', () => {
    const over: DeviationGroup = { ...extrasGroup, maxCount: 1, minCount: null, id: 'extras' }
    // Editing a line saved with more than the group now allows: out of bounds from the start.
    const selection = selectionAfter(input({ groups: [over], editing: { itemId: 'l1', count: 1, deviations: ['shot', 'vanilla'], description: '' } }))
    renderView({ selection })
    expect(screen.getByRole('group', { name: 'Extras' })).toHaveAttribute('data-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled()
    expect(screen.getByText('Select all necessary add-ons')).toBeInTheDocument()
  })

  it("offers 'None' in a single-choice group without a minimum, and it clears the choice", async () => {
    const user = userEvent.setup()
    const sauce: DeviationGroup = { ...milkGroup, id: 'sauce', name: 'Sauce', minCount: 0, deviationIds: ['vanilla', 'caramel'] }
    // The real machine, so the view shows what the rules make of each press.
    const selection = createActor(productSelectionMachine, { input: input({ groups: [milkGroup, sauce] }) }).start()
    render(<ProductSelectionView selection={selection} deviations={shop.deviations} tags={shop.tags} currency="SEK" />, { wrapper: TestProvider })
    const sauceGroup = screen.getByRole('group', { name: 'Sauce' })
    const none = within(sauceGroup).getByRole('radio', { name: 'None' })
    expect(none).toBeChecked()
    const vanilla = within(sauceGroup).getByRole('radio', { name: /Vanilla syrup/ })
    await user.click(vanilla)
    expect(none).not.toBeChecked()
    await user.click(none)
    expect(vanilla).not.toBeChecked()
    expect(none).toBeChecked()
    expect(selection.getSnapshot().context.selected).toEqual([])
    // By keyboard: the arrow keys move between the radios, 'None' included.
    await user.click(vanilla)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(none).toBeChecked()
    expect(selection.getSnapshot().context.selected).toEqual([])

    // A required group has no 'None': its choice cannot be taken back below the minimum.
    expect(within(screen.getByRole('group', { name: 'Milk' })).queryByRole('radio', { name: 'None' })).toBeNull()
  })

  it('sends deviation.toggled with the group and deviation ids', async () => {
    const user = userEvent.setup()
    const send = renderView({ selection: selectionAfter(input()) })
    await user.click(screen.getByRole('checkbox', { name: /Vanilla syrup/ }))
    await user.click(screen.getByRole('radio', { name: 'Whole milk' }))
    expect(send.mock.calls.map(([e]) => e)).toEqual([
      { type: 'deviation.toggled', groupId: 'extras', deviationId: 'vanilla' },
      { type: 'deviation.toggled', groupId: 'milk', deviationId: 'whole' },
    ])
  })
})

describe('ProductSelectionView: quantity, note and submit', () => {
  it('sends quantity.set, description.changed and submit', async () => {
    const user = userEvent.setup()
    const selection = selectionAfter(input({ article: bun, groups: [], maxQuantity: 3 }))
    const send = renderView({ selection })
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'quantity.set', value: 2 })
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'quantity.set', value: 0 })
    await user.type(screen.getByRole('textbox', { name: 'Allergies or requests' }), 'N')
    expect(send).toHaveBeenLastCalledWith({ type: 'description.changed', value: 'N' })
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'submit' })
  })

  it('caps the stepper at the remaining stock and says "Only N in stock"', () => {
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 3 }), [{ type: 'quantity.set', value: 3 }]) })
    expect(screen.getByText('Only 3 in stock')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('3')
  })

  it('says "Only N in stock" for a large stock too, with N grouped as sv-SE writes numbers (SPEC §9)', () => {
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 20 })) })
    expect(screen.getByText('Only 20 in stock')).toBeInTheDocument()
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 12000 })) })
    expect(screen.getByText(/^Only 12.000 in stock$/).textContent).toBe('Only 12\u00a0000 in stock')
  })

  it('says nothing about stock without a stock limit', () => {
    const maxQuantity = Infinity
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity })) })
    expect(screen.queryByText(/in stock/)).toBeNull()
    expect(screen.queryByText('Out of stock')).toBeNull()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'false')
  })

  it('marks an article without stock "Out of stock" and disables Add without the add-ons message', () => {
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 0 })) })
    expect(screen.getByText('Out of stock')).toBeInTheDocument()
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    expect(add).toHaveAccessibleDescription('Out of stock')
    expect(screen.queryByText('Select all necessary add-ons')).toBeNull()
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('0')
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('says Update when editing a line and starts from its choices and note', () => {
    const editing = { itemId: 'line-1', count: 2, deviations: ['whole', 'vanilla'], description: 'Extra hot' }
    renderView({ selection: selectionAfter(input({ editing })) })
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull()
    expect(screen.getByRole('radio', { name: 'Whole milk' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /Vanilla syrup/ })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Allergies or requests' })).toHaveValue('Extra hot')
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2')
  })

  it('says what the cart holds when the edited line changed or went under it (SPEC §4 "Cart")', () => {
    const editing = { itemId: 'line-1', count: 1, deviations: [], description: '' }
    const grown = { id: 'line-1', productId: 'bun', count: 3, deviations: [], description: '' }
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 3, editing }), [{ type: 'cart.changed', cart: [grown] }]) })
    const text = 'Your cart changed meanwhile: it now holds 3 of this item.'
    expect(screen.getAllByRole('status').filter((s) => s.textContent === text)).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Update' })).toHaveAccessibleDescription(text)
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('3')
  })

  it('turns Add into Update, saying so, when the line ?item= asked for turns up after the customer chose', () => {
    const found = { id: 'line-1', productId: 'bun', count: 2, deviations: [], description: '' }
    const events: ProductSelectionEvent[] = [{ type: 'quantity.set', value: 3 }, { type: 'cart.changed', cart: [found] }]
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 3, requestedItemId: 'line-1' }), events) })
    const text = 'This item is already in your cart (2). Update replaces it with your choices.'
    expect(screen.getByRole('button', { name: 'Update' })).toHaveAccessibleDescription(text)
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('3')
  })

  it('turns Update into Add, saying so, when the edited line is gone', () => {
    const editing = { itemId: 'line-1', count: 1, deviations: [], description: '' }
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 3, editing }), [{ type: 'cart.changed', cart: [] }]) })
    expect(screen.getByText('This item was removed from your cart meanwhile. Add puts it back.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull()
  })

  it('shows image with alt text and size, price, tags and description', () => {
    const article: Article = { ...cappuccino, image: '/img/cap.jpg', tags: ['vegan', 'unknown'], description: 'Double shot' }
    renderView({ selection: selectionAfter(input({ article })) })
    const img = screen.getByRole('img', { name: 'Cappuccino' })
    expect(img).toHaveAttribute('width', '300')
    expect(img).toHaveAttribute('height', '300')
    // The price, and the total of one.
    expect(screen.getAllByText('45,00 kr')).toHaveLength(2)
    expect(screen.getByText('Vegan')).toBeInTheDocument()
    expect(screen.getByText('Double shot')).toBeInTheDocument()
    // The popup's title is the dialog's; the view adds no heading of its own.
    expect(screen.queryByRole('heading')).toBeNull()
  })
})

describe('ProductSelectionView: page variant', () => {
  it('without deviation groups is a simple stepper, the note and Add, under the title and category', () => {
    renderView({ selection: selectionAfter(input({ article: bun, groups: [], maxQuantity: 3 })), variant: 'page', categoryName: 'Bakery' })
    expect(screen.getByRole('heading', { level: 2, name: 'Cinnamon bun' })).toBeInTheDocument()
    expect(screen.getByText('Bakery')).toBeInTheDocument()
    // CONTRACT.md "Words and roles": the product page has the Allergies textbox too.
    expect(screen.getAllByRole('textbox')).toHaveLength(1)
    expect(screen.getByRole('textbox', { name: 'Allergies or requests' })).toBeInTheDocument()
    expect(screen.queryByText('Total')).toBeNull()
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled()
    expect(screen.getByText('Only 3 in stock')).toBeInTheDocument()
  })

  it('with deviation groups has the groups, note, total and the unmet message', () => {
    renderView({ selection: selectionAfter(input()), variant: 'page' })
    expect(screen.getByRole('group', { name: 'Milk' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Allergies or requests' })).toBeInTheDocument()
    expect(screen.getByText('Total')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
    expect(screen.getByText('Select all necessary add-ons')).toBeInTheDocument()
  })
})

/** The view driven by a live machine, as the containers do. */
function Live({ init, onCommit }: { init: ProductSelectionInput; onCommit: (line: CommittedLine) => void }) {
  const [machine] = useState(() => productSelectionMachine.provide({ actions: { commitLine: (_, line: CommittedLine) => onCommit(line) } }))
  const selection = useActorRef(machine, { input: init })
  return <ProductSelectionView selection={selection} deviations={shop.deviations} tags={shop.tags} currency="SEK" />
}

describe('ProductSelectionView with the machine', () => {
  it('a required choice enables Add; Add commits the chosen line', async () => {
    const user = userEvent.setup()
    const onCommit = vi.fn()
    render(<Live init={input()} onCommit={onCommit} />, { wrapper: TestProvider })
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toBeDisabled()
    await user.click(screen.getByRole('radio', { name: nb('Oat milk + 5,00 kr') }))
    await user.click(screen.getByRole('checkbox', { name: /Extra shot/ }))
    await user.click(screen.getByRole('checkbox', { name: /Vanilla syrup/ }))
    // At most 2 extras: the third is disabled, and refused.
    expect(screen.getByRole('checkbox', { name: /Caramel syrup/ })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: /Caramel syrup/ }))
    expect(screen.getByRole('checkbox', { name: /Caramel syrup/ })).not.toBeChecked()
    // Unticking one makes room again.
    await user.click(screen.getByRole('checkbox', { name: /Vanilla syrup/ }))
    expect(screen.getByRole('checkbox', { name: /Caramel syrup/ })).toBeEnabled()
    await user.click(screen.getByRole('checkbox', { name: /Vanilla syrup/ }))
    await user.type(screen.getByRole('textbox', { name: 'Allergies or requests' }), ' No nuts ')
    expect(screen.getByText('Total').parentElement).toHaveTextContent('Total 63,00 kr')
    expect(add).toBeEnabled()
    await user.click(add)
    expect(onCommit).toHaveBeenCalledWith({
      kind: 'add',
      line: { productId: 'cappuccino', count: 1, deviations: ['oat', 'shot', 'vanilla'], description: 'No nuts' },
    })
  })
})

describe('ProductPageView', () => {
  it('confirms a committed Add with a cart link, and Add more sends add.more', async () => {
    const user = userEvent.setup()
    const selection = selectionAfter(input({ article: bun, groups: [], maxQuantity: 3 }), [{ type: 'submit' }])
    render(
      <ProductPageView
        selection={selection}
        deviations={shop.deviations}
        tags={shop.tags}
        currency="SEK"
        renderCartLink={(label) => <a href="/cafe/cart">{label}</a>}
      />,
      { wrapper: TestProvider },
    )
    expect(screen.getByRole('status')).toHaveTextContent('Added to cart')
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cafe/cart')
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add more' }))
    expect(selection.send).toHaveBeenCalledExactlyOnceWith({ type: 'add.more' })
  })

  it('Add, then Add more, on a running machine: a fresh form capped at the stock the cart leaves', async () => {
    const user = userEvent.setup()
    const committed: CommittedLine[] = []
    // A session stand-in: each committed line joins the cart, which the selection follows.
    let tellCart: (cart: CartItem[]) => void = () => {}
    const followCart = fromCallback<{ type: string }, void>(({ sendBack }) => {
      tellCart = (cart) => sendBack({ type: 'cart.changed', cart })
    })
    function Page() {
      const machine = productSelectionMachine.provide({
        actors: { followCart },
        actions: {
          commitLine: (_, line) => {
            committed.push(line)
            tellCart(committed.map((c, i) => ({ id: `l${i}`, ...c.line })))
          },
        },
      })
      const selection = useActorRef(machine, { input: input({ article: bun, groups: [], maxQuantity: 3 }) })
      useSelector(selection, (s) => s.value)
      return (
        <ProductPageView
          selection={selection}
          deviations={shop.deviations}
          tags={shop.tags}
          currency="SEK"
          renderCartLink={(label) => <a href="/cafe/cart">{label}</a>}
        />
      )
    }
    render(<Page />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('status')).toHaveTextContent('Added to cart')
    await user.click(screen.getByRole('button', { name: 'Add more' }))
    expect(screen.getByText('Only 1 in stock')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(committed.map((c) => c.line.count)).toEqual([2, 1])
  })

  /** The running page of a bun (no groups) in the layout's <main>, with a control outside it. */
  function RunningPage() {
    const selection = useActorRef(productSelectionMachine.provide({ actions: { commitLine: () => {} } }), { input: input({ article: bun, groups: [] }) })
    useSelector(selection, (s) => s.value)
    return (
      <>
        <button type="button" onClick={() => selection.send({ type: 'submit' })}>
          Elsewhere
        </button>
        <main>
          <ProductPageView
            selection={selection}
            deviations={shop.deviations}
            tags={shop.tags}
            currency="SEK"
            renderCartLink={(label) => <a href="/cafe/cart">{label}</a>}
          />
        </main>
      </>
    )
  }

  it("keeps focus on the page when Add and 'Add more' go away: the confirmation, then the title (WCAG 2.4.3)", async () => {
    const user = userEvent.setup()
    render(<RunningPage />, { wrapper: TestProvider })
    screen.getByRole('button', { name: 'Add' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByText('Added to cart')).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Add more' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: 'Cinnamon bun' })).toHaveFocus()
  })

  it('takes no focus when the selection commits while focus is elsewhere', async () => {
    const user = userEvent.setup()
    render(<RunningPage />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.getByText('Added to cart')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus()
  })

  it('before Add shows the selection with the title as heading', () => {
    render(
      <ProductPageView
        selection={selectionAfter(input())}
        deviations={shop.deviations}
        tags={shop.tags}
        currency="EUR"
        categoryName="Coffee"
        renderCartLink={(label) => <a href="/cart">{label}</a>}
      />,
      { wrapper: TestProvider },
    )
    expect(screen.getByRole('heading', { name: 'Cappuccino' })).toBeInTheDocument()
    expect(screen.getAllByText('45,00 €')).toHaveLength(2)
    expect(screen.queryByText('Added to cart')).toBeNull()
  })

  it('not found: a message and a link back to the menu', () => {
    render(<ProductNotFoundView renderMenuLink={(label) => <a href="/cafe">{label}</a>} />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { name: 'Product not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/cafe')
  })
})
