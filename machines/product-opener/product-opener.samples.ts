/** Sample events for path tests of the product opener (SPEC §2 "Menu page" → "Product popup"). */
export const productOpenerSamples = {
  'card.pressed': [
    { type: 'card.pressed', productId: 'cappuccino' },
    { type: 'card.pressed', productId: 'bun' },
  ],
  'xstate.done.actor.nextPaint': [{ type: 'xstate.done.actor.nextPaint', output: undefined }],
}
