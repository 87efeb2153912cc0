/**
 * The product popup's opening and closing as a browser model (SPEC §2 "Product popup"; CONTRACT.md
 * "Menu": a `dialog` named by the product title): the `productDialog` machine on `/cafe` and on
 * its cart page. The URL's `?product=&item=` is the source of truth: a menu card or a cart
 * line's Edit pushes it and opens the popup (Add, or Update for the line), Back closes it, and
 * Escape, the close button, Add and Update close it and then replace it away. Both ways to
 * dismiss are walked (Escape on the menu, the close button on the cart page): the model covers
 * every sample. What is chosen inside the popup, and Update, are the selection's model
 * (product-selection.model.ts).
 */
import type { AnyMachineSnapshot } from 'xstate'
import { productDialogMachine, type ProductDialogContext } from '@machines/product-dialog/product-dialog.machine'
import type { BrowserModel, Expectation, ModelStart } from '@tests/harness/model'
import { all, back, causes, click, eventNotInBrowser, platform, sample, sees, shows, user } from './causes'
import { cafeShop, cartWords, editedCart, menuWords, openEditedCart, openMenu, popupOf, urlShows } from './product-steps'

const ctx = (s: AnyMachineSnapshot) => s.context as ProductDialogContext
const MENU = 'the menu'
const CART = 'the cart page'
const startedAs = (name: string) => (_: AnyMachineSnapshot, start: ModelStart) => start.name === name
const both =
  (...whens: Array<(s: AnyMachineSnapshot, start: ModelStart) => boolean>) =>
  (s: AnyMachineSnapshot, start: ModelStart) =>
    whens.every((w) => w(s, start))
const at = (value: string) => (s: AnyMachineSnapshot) => s.matches(value)

const starts: ModelStart[] = [
  { name: MENU, input: { shop: cafeShop }, open: user(menuWords, openMenu) },
  { name: CART, input: { shop: cafeShop }, open: user(cartWords, openEditedCart) },
]

const ev = (type: string, rest: Record<string, unknown> = {}) => ({ type, ...rest })
/** The URL without `?product=`: the cart it carries is not read then. */
const away = ev('url.changed', { productId: null, itemId: null, cart: [] })

const noDialog: Expectation = { words: 'no dialog', check: ({ page }) => page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 10_000 }) }

/** No popup, the page under it, and once the URL has followed, no `?product=` in it. */
function closedShows(s: AnyMachineSnapshot, start: ModelStart): Expectation {
  const page = start.name === MENU ? sees.heading('Coffee') : sees.heading('Your cart')
  // A URL still naming the product is replaced away at once (the next step): not checked.
  return all(noDialog, page, ...(ctx(s).url === null ? [urlShows(null)] : []))
}

/** The popup named by the product, with Add (Update for a cart line), and its URL. */
function openShows(s: AnyMachineSnapshot): Expectation {
  const opened = ctx(s).opened!
  const title = cafeShop.articles[opened.productId]!.title
  const button = opened.itemId ? 'Update' : 'Add'
  return all(
    { words: `dialog '${title}' with button '${button}'`, check: ({ page }) => popupOf(page, title).getByRole('button', { name: button, exact: true }).waitFor({ timeout: 10_000 }) },
    urlShows(opened.productId, opened.itemId),
  )
}

export const productDialogModel: BrowserModel = {
  name: 'productDialog',
  machine: productDialogMachine,
  contextKeys: ['url', 'opened', 'committed', 'added'],
  coverSamples: true,
  starts,
  events: {
    'url.changed': causes(
      sample(ev('url.changed', { productId: 'cappuccino', itemId: null, cart: [] }), click('button', 'Cappuccino', both(at('closed'), startedAs(MENU)))),
      sample(ev('url.changed', { productId: 'cappuccino', itemId: 'model-1', cart: editedCart }), click('button', 'Edit', both(at('closed'), startedAs(CART)))),
      sample(away, { ...back(), when: at('open') }),
      // Escape, the close button, Add and Update: the route replaces `?product=` once the popup has hidden.
      sample(away, platform('the page replaces ?product= away', (s) => s.matches('closed') && ctx(s).url !== null, { releases: null })),
    ),
    dismiss: causes(
      sample(ev('dismiss'), user('press Escape', ({ page }) => page.keyboard.press('Escape'), startedAs(MENU))),
      sample(ev('dismiss'), click('button', 'Close', startedAs(CART))),
    ),
    // Update takes the same transition: the selection's model walks it (an Edit, a note, Update), one page load less.
    'line.committed': causes(
      sample(
        ev('line.committed', { line: { kind: 'add', line: { productId: 'cappuccino', count: 1, deviations: ['whole'], description: '' } } }),
        user("tick 'Whole milk', click 'Add'", async ({ page }) => {
          const dialog = page.getByRole('dialog')
          await dialog.getByRole('radio', { name: 'Whole milk' }).check()
          await dialog.getByRole('button', { name: 'Add', exact: true }).click()
        }, startedAs(MENU)),
      ),
    ),
    'xstate.done.actor.nextPaint': causes(
      sample(ev('xstate.done.actor.nextPaint', { output: undefined }), platform('the popup has hidden (the next frame painted)', at('closing'), { releases: null })),
      sample(ev('xstate.done.actor.nextPaint', { output: undefined }), platform('the page is released (the next frame painted)', at('closed.releasing'), { releases: null })),
    ),
    'cart.changed': eventNotInBrowser(
      "relayed to the open selection (product-selection.model.ts: a cart change under an open popup comes only from a late first answer or a poll during a payment); closed or closing, it is dropped",
    ),
    'cart.held': eventNotInBrowser(
      "kept for the next opening and relayed to the open selection (product-selection.model.ts): a hold comes only from a card confirmed with Pay; payments.e2e 'keeps a card confirmed with Pay from being cancelled' walks it",
    ),
    'cart.released': eventNotInBrowser('the hold ends with the card payment: kept and relayed as cart.held is (product-selection.model.ts)'),
  },
  states: {
    // The page is released; what Add put in the cart is told a frame later.
    'closed.releasing': shows((s, via) => closedShows(s, via.start)),
    'closed.settled': shows((s, via) => {
      const added = ctx(s).added
      const told = added ? [sees.status(`Added to cart: ${added.quantity} × ${added.title}`)] : []
      return all(closedShows(s, via.start), ...told)
    }),
    open: shows(openShows),
    // Hidden in the frame of the tap; the cart changes and the URL follows once it has painted.
    closing: shows(noDialog),
  },
  transitionsNotInBrowser: {
    'open on url.changed #0 [asksForOpenedProduct] → (stays)': 'the route tells only changes of ?product=&item=, and the open popup is the one its URL names',
    'open on url.changed #1 [asksForKnownProduct] → open':
      'the popup is modal and links to no other product, and its history entry is replaced away as it closes: no Back or Forward goes from one open product to another',
    'closing on url.changed #0 [asksForOpenedProduct] → (stays)': 'closing lasts one frame: no step lands in it',
    'closing on url.changed #1 [asksForKnownProduct] → open': 'closing lasts one frame: no step lands in it',
    'closing on url.changed #2 → (stays)': 'closing lasts one frame: no step lands in it',
  },
}
