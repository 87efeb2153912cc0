/** Sample events for path tests of the receipt e-mail machine. */
export const receiptEmailSamples = {
  'email.changed': [{ type: 'email.changed', value: 'anna@example.se' }],
  submit: [{ type: 'submit' }],
  'xstate.done.actor.sendReceipt': [{ type: 'xstate.done.actor.sendReceipt', output: undefined }],
  'xstate.error.actor.sendReceipt': [{ type: 'xstate.error.actor.sendReceipt', error: { kind: 'server', status: 500 } }],
}
