/**
 * The product popup's choices as a browser model (SPEC §2 "Product popup", §5 deviation and
 * stock rules; CONTRACT.md "Product dialog and product page"): the `productSelection` machine
 * the popup runs on `/cafe`. Its rules live in context, not in states (one `editing` state),
 * so the model covers every sample rather than only every transition, and the page is checked
 * against the context after each step: Add disabled with 'Select all necessary add-ons' while
 * Milk (exactly one) is unmet, the ticks, Extras (at most two) full with its third box
 * disabled, the quantity with 'Only 3 in stock' and '+' disabled at the cap, the note, the
 * total, and once Add / Update is taken the popup gone and the cart summary with the units.
 * Each walk happens on the article where it shows: the choices on Cappuccino, the stepper on
 * Cinnamon bun (3 in stock), the note on a cart line's Edit (Update); Blueberry pie opens sold
 * out. The popup's opening and closing are the dialog's model (product-dialog.model.ts).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { productSelectionInput, productSelectionMachine, type ProductSelectionContext } from '@machines/product-selection/product-selection.machine'
import { canToggleDeviation, unmetGroups } from '@/domain/deviations'
import { unitPrice } from '@/domain/totals'
import type { BrowserModel, Expectation, ModelStart, RunContext } from '@tests/harness/model'
import { all, causes, eventNotInBrowser, sample, sees, shows, user } from './causes'
import { cafeShop, cartSummary, cartWords, clickCard, editedCart, menuWords, money, openEditedCart, openMenu, plain, popupOf } from './product-steps'

const ctx = (s: AnyMachineSnapshot) => s.context as ProductSelectionContext
const NOTE = 'No nuts, please'
/** Cinnamon bun's stock: the stepper's walk goes 0 … 3. */
const CAP = 3
const CHECK_TIMEOUT_MS = 10_000

/** Waits until `read` gives `want` (the page settles after a click). */
async function until<T>(read: () => Promise<T>, want: T, what: string): Promise<void> {
  const end = Date.now() + CHECK_TIMEOUT_MS
  let got = await read()
  while (got !== want && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    got = await read()
  }
  if (got !== want) throw new Error(`${what}: ${String(got)}, not ${String(want)}`)
}

/** Opens a product's popup from the menu. */
function fromMenu(title: string, productId: string): ModelStart {
  return {
    name: title,
    input: productSelectionInput(cafeShop, [], productId),
    open: user(`${menuWords}, click '${title}'`, async (run) => {
      await openMenu(run)
      await clickCard(run.page, title)
    }),
  }
}

const EDIT = 'a Cappuccino line edited'

const starts: ModelStart[] = [
  fromMenu('Cappuccino', 'cappuccino'),
  fromMenu('Cinnamon bun', 'cinnamon-bun'),
  fromMenu('Blueberry pie', 'blueberry-pie'),
  {
    name: EDIT,
    input: productSelectionInput(cafeShop, editedCart, 'cappuccino', 'model-1'),
    open: user(`${cartWords}, click 'Edit'`, async (run) => {
      await openEditedCart(run)
      await run.page.getByRole('button', { name: 'Edit', exact: true }).click()
    }),
  },
]

/** The total the popup shows: unit price with the deviations × quantity. */
const totalOf = (c: ProductSelectionContext) => unitPrice(c.article, c.selected, cafeShop.deviations) * c.quantity

/** Everything the popup shows of a selection being made, compared with the machine's context. */
function editingShows(s: AnyMachineSnapshot): Expectation {
  const c = ctx(s)
  const title = c.article.title
  const button = c.editing ? 'Update' : 'Add'
  const enabled = s.can({ type: 'submit' })
  const unmet = unmetGroups(c.groups, c.selected).length > 0
  const capped = Number.isFinite(c.maxQuantity) && c.maxQuantity > 0
  const atCap = capped && c.quantity >= c.maxQuantity
  const boxes = c.groups.flatMap((group) =>
    group.deviationIds.map((id) => {
      const ticked = c.selected.includes(id)
      return { name: cafeShop.deviations[id]!.name, role: group.maxCount === 1 ? ('radio' as const) : ('checkbox' as const), ticked, disabled: !canToggleDeviation(c.selected, group, id) }
    }),
  )
  const words = [
    `dialog '${title}': ${button} ${enabled ? 'enabled' : 'disabled'}`,
    unmet ? "'Select all necessary add-ons'" : null,
    ...boxes.filter((b) => b.ticked).map((b) => `'${b.name}' ticked`),
    ...boxes.filter((b) => b.disabled).map((b) => `'${b.name}' disabled`),
    `quantity ${c.quantity}`,
    capped ? `'Only ${c.maxQuantity} in stock'` : null,
    atCap ? "'Increase quantity' disabled" : null,
    c.maxQuantity <= 0 ? "'Out of stock'" : null,
    c.description ? `note '${c.description}'` : null,
    `total ${money(totalOf(c))}`,
  ]
  return {
    words: words.filter(Boolean).join(', '),
    check: async (run) => {
      const dialog = popupOf(run.page, title)
      await dialog.getByRole('button', { name: button, exact: true, disabled: !enabled }).waitFor({ timeout: CHECK_TIMEOUT_MS })
      const hint = dialog.getByText('Select all necessary add-ons')
      await hint.waitFor({ state: unmet ? 'visible' : 'hidden', timeout: CHECK_TIMEOUT_MS })
      for (const b of boxes) {
        const box = dialog.getByRole(b.role, { name: b.name })
        await until(() => box.isChecked(), b.ticked, `'${b.name}' checked`)
        await until(() => box.isDisabled(), b.disabled, `'${b.name}' disabled`)
      }
      await until(async () => plain(await dialog.locator('output').textContent()), String(c.quantity), 'the quantity')
      const inc = dialog.getByRole('button', { name: 'Increase quantity', exact: true })
      await until(async () => (await inc.getAttribute('aria-disabled')) === 'true', atCap || c.maxQuantity <= 0, "'Increase quantity' aria-disabled")
      if (capped) await dialog.getByText(`Only ${c.maxQuantity} in stock`).waitFor({ timeout: CHECK_TIMEOUT_MS })
      if (c.maxQuantity <= 0) await dialog.getByText('Out of stock').first().waitFor({ timeout: CHECK_TIMEOUT_MS })
      await until(() => dialog.getByRole('textbox', { name: 'Allergies or requests' }).inputValue(), c.description, 'the note')
      const total = dialog.getByText('Total', { exact: true }).locator('..')
      await until(async () => plain(await total.textContent()), `Total ${money(totalOf(c))}`, 'the total')
    },
  }
}

/**
 * Add / Update taken: the popup is gone and the cart summary counts the units; the cart holds
 * only this line (the menu's cart is empty at first, the Edit's line is the only one). An edited
 * line shows its note on the cart page.
 */
function committedShows(s: AnyMachineSnapshot): Expectation {
  const c = ctx(s)
  const gone: Expectation = { words: `no dialog '${c.article.title}'`, check: ({ page }) => popupOf(page, c.article.title).waitFor({ state: 'hidden', timeout: CHECK_TIMEOUT_MS }) }
  const note = c.editing && c.description ? [sees.text(c.description)] : []
  return all(gone, cartSummary(c.quantity, totalOf(c)), ...note)
}

const ev = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })
const dialog = (run: RunContext) => run.page.getByRole('dialog')
const stockCapped = (s: AnyMachineSnapshot) => Number.isFinite(ctx(s).maxQuantity)

/**
 * The stepper's presses that set `value`: '+' from one less (within the cap), '−' from one
 * more. Walked against a stock cap only (Cinnamon bun): elsewhere the same presses say nothing
 * more, and Cappuccino's quantity is unbounded.
 */
function stepTo(value: number) {
  const press = (name: string) => (run: RunContext) => dialog(run).getByRole('button', { name, exact: true }).click()
  const up = sample(ev('quantity.set', { value }), user("click 'Increase quantity'", press('Increase quantity'), (s) => stockCapped(s) && ctx(s).quantity === value - 1 && value <= ctx(s).maxQuantity))
  const down = sample(ev('quantity.set', { value }), user("click 'Decrease quantity'", press('Decrease quantity'), (s) => stockCapped(s) && ctx(s).quantity === value + 1))
  return [...(value > 0 ? [up] : []), ...(value < CAP ? [down] : [])]
}

/** A tick (and for a checkbox an untick) of a deviation, where its box is enabled. */
function toggles(groupId: string, deviationId: string) {
  const group = cafeShop.deviationGroups[groupId]!
  const name = cafeShop.deviations[deviationId]!.name
  const radio = group.maxCount === 1
  const event = ev('deviation.toggled', { groupId, deviationId })
  const has = (s: AnyMachineSnapshot) => ctx(s).groups.some((g) => g.id === groupId)
  const ticked = (s: AnyMachineSnapshot) => ctx(s).selected.includes(deviationId)
  // The menu's Cappuccino walks the choices; the Edit walks its note.
  const onMenu = (s: AnyMachineSnapshot) => has(s) && ctx(s).editing === null
  const tick = sample(
    event,
    user(`tick '${name}'`, (run) => dialog(run).getByRole(radio ? 'radio' : 'checkbox', { name }).check(), (s) => onMenu(s) && !ticked(s) && canToggleDeviation(ctx(s).selected, group, deviationId)),
  )
  // A radio cannot be unticked: only another choice replaces it.
  if (radio) return [tick]
  return [tick, sample(event, user(`untick '${name}'`, (run) => dialog(run).getByRole('checkbox', { name }).uncheck(), (s) => onMenu(s) && ticked(s)))]
}

export const productSelectionModel: BrowserModel = {
  name: 'productSelection',
  machine: productSelectionMachine,
  contextKeys: ['quantity', 'selected', 'description'],
  coverSamples: true,
  starts,
  events: {
    'quantity.set': causes(...[0, 1, 2, 3].flatMap(stepTo)),
    'deviation.toggled': causes(
      ...['oat', 'whole'].flatMap((id) => toggles('milk', id)),
      ...['extra-shot', 'vanilla', 'caramel'].flatMap((id) => toggles('extras', id)),
    ),
    'group.cleared': eventNotInBrowser(
      "'None' shows only in a single-choice group without a minimum, and /cafe's Milk requires one; product.e2e 'clears an optional single-choice group with None' routes one in",
    ),
    'description.changed': causes(
      sample(
        ev('description.changed', { value: NOTE }),
        user(`type '${NOTE}' in Allergies or requests`, (run) => dialog(run).getByRole('textbox', { name: 'Allergies or requests' }).fill(NOTE), (s) => ctx(s).editing !== null && ctx(s).description !== NOTE),
      ),
    ),
    submit: causes(
      sample(ev('submit'), user("click 'Add'", (run) => dialog(run).getByRole('button', { name: 'Add', exact: true }).click(), (s) => ctx(s).editing === null)),
      sample(ev('submit'), user("click 'Update'", (run) => dialog(run).getByRole('button', { name: 'Update', exact: true }).click(), (s) => ctx(s).editing !== null)),
    ),
    'add.more': eventNotInBrowser("'Add more' is the product page's (LARGE_IMAGE shops), not the popup's; product.e2e 'links a LARGE_IMAGE product to its page' walks it"),
    'cart.changed': eventNotInBrowser(
      "the session's cart changes under an open popup only when its first answer comes late or another tab's change is polled during a payment; faults.e2e 'keeps the platform's units merged into the line being edited' walks a late answer under an open Edit",
    ),
    'cart.held': eventNotInBrowser(
      "the session holds the cart only while a card confirmed with Pay is being charged; payments.e2e 'keeps a card confirmed with Pay from being cancelled' opens the popup then and finds Add disabled, saying why",
    ),
    'cart.released': eventNotInBrowser('the hold ends with the payment (a receipt, or a failed charge): the same card walk as cart.held; the machine tests cover the release'),
  },
  states: {
    editing: shows(editingShows),
    committed: shows(committedShows),
  },
}
