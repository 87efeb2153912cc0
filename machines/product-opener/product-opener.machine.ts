import { assign, setup } from 'xstate'
import { promiseNotProvided } from '../shared/not-provided'

/** Context of {@link productOpenerMachine}. */
export interface ProductOpenerContext {
  /** The product whose card was pressed, while waiting for the paint; null when idle. */
  productId: string | null
}

export type ProductOpenerEvent = { type: 'card.pressed'; productId: string }

/** The pressed product; only called while waiting, where the press set it. */
function pressedProduct(context: ProductOpenerContext): string {
  if (context.productId === null) throw new Error('productOpener: waiting for a paint without a pressed product')
  return context.productId
}

/**
 * Opening a product from the menu (SPEC §2 "Menu page" → "Product popup"). A press on a
 * NO_IMAGE or SMALL_IMAGE card is answered by the browser painting the pressed card first; only
 * then does the route put `?product=` in the URL, which opens the popup (the URL re-renders
 * every route, work that would otherwise delay that first paint). A second press while waiting
 * opens nothing more, so one Back still closes the popup.
 *
 * States: `idle` → (card.pressed) → `waitingForPaint` → (nextPaint done) → `idle`.
 * Events: card.pressed {productId}.
 * Actors: `nextPaint` (void → void): resolves once the next frame has painted.
 * Actions: `openProduct` ({productId}): the route pushes `?product={productId}`.
 */
export const productOpenerMachine = setup({
  types: {
    context: {} as ProductOpenerContext,
    events: {} as ProductOpenerEvent,
  },
  actors: {
    nextPaint: promiseNotProvided<void, void>('nextPaint'),
  },
  actions: {
    openProduct: (_: unknown, _params: { productId: string }) => {},
  },
}).createMachine({
  id: 'productOpener',
  context: { productId: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'card.pressed': { target: 'waitingForPaint', actions: assign({ productId: ({ event }) => event.productId }) },
      },
    },
    waitingForPaint: {
      invoke: {
        id: 'nextPaint',
        src: 'nextPaint',
        onDone: {
          target: 'idle',
          actions: [{ type: 'openProduct', params: ({ context }) => ({ productId: pressedProduct(context) }) }, assign({ productId: null })],
        },
      },
    },
  },
})
