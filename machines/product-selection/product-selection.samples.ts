/** Sample events for path tests of product selection (SPEC §2 popup, §5 deviation rules). */
export const productSelectionSamples = {
  'quantity.set': [0, 1, 2, 99].map((value) => ({ type: 'quantity.set', value })),
  'deviation.toggled': [
    { type: 'deviation.toggled', groupId: 'milk', deviationId: 'oat' },
    { type: 'deviation.toggled', groupId: 'extras', deviationId: 'shot' },
  ],
  'description.changed': [{ type: 'description.changed', value: 'Nut allergy' }],
  submit: [{ type: 'submit' }],
  'add.more': [{ type: 'add.more', maxQuantity: 2 }],
}
