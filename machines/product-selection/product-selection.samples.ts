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
  'add.more': [{ type: 'add.more', maxQuantity: 2 }],
}
