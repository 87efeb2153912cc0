/** Sample events for path tests of product selection (SPEC §2 popup, §5 deviation rules). */
export const productSelectionSamples = {
  'quantity.set': [0, 1, 2, 99].map((value) => ({ type: 'quantity.set', value })),
  'deviation.toggled': [
    { type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' },
    { type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' },
  ],
  // Extras has no minimum (cleared); Milk has one (kept).
  'group.cleared': [
    { type: 'group.cleared', groupId: 'extras' },
    { type: 'group.cleared', groupId: 'milk' },
  ],
  'description.changed': [{ type: 'description.changed', value: 'Nut allergy' }],
  submit: [{ type: 'submit' }],
  'add.more': [{ type: 'add.more' }],
  // A card payment starts and ends holding the session's cart (SPEC §4 Card).
  'cart.held': [{ type: 'cart.held' }],
  'cart.released': [{ type: 'cart.released' }],
  // The cart under the selection (Cappuccino, stock 3; line l1 is the one edited, or asked for
  // by `?item=`): emptied (the line gone), the line grown by a merge (or turned up), its deviations
  // and note changed in another tab, and sold out by another line.
  'cart.changed': [
    { type: 'cart.changed', cart: [] },
    { type: 'cart.changed', cart: [{ id: 'l1', productId: 'cappuccino', count: 2, deviations: ['oat'], description: '' }] },
    { type: 'cart.changed', cart: [{ id: 'l1', productId: 'cappuccino', count: 1, deviations: ['whole', 'shot'], description: 'Hot' }] },
    { type: 'cart.changed', cart: [{ id: 'l2', productId: 'cappuccino', count: 3, deviations: ['whole'], description: '' }] },
  ],
}
