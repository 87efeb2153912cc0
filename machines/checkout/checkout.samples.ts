import { session } from '../../tests/fixtures/session'

/** Sample events for path tests of the checkout machine (SPEC §4 payment states). */
export const checkoutSamples = {
  'customer.changed': [{ type: 'customer.changed', field: 'email', value: 'anna@example.se' }],
  'customer.blurred': [{ type: 'customer.blurred', field: 'email' }],
  'method.selected': [
    { type: 'method.selected', methodId: 'swish' },
    { type: 'method.selected', methodId: 'card' },
    { type: 'method.selected', methodId: 'viva' },
  ],
  'swish.phoneChanged': [{ type: 'swish.phoneChanged', value: '0701234567' }],
  'payment.start': [{ type: 'payment.start' }],
  'payment.retry': [{ type: 'payment.retry' }],
  'cart.changed': [{ type: 'cart.changed', count: 2 }],
  'session.updated': [
    ...(['COMPLETED', 'FAILED', 'ERROR', 'CANCELLED'] as const).map((paymentStatus) => ({
      type: 'session.updated',
      cartCount: paymentStatus === 'COMPLETED' ? 0 : 1,
      session: session({ paymentStatus, paymentId: 'tok', receiptId: paymentStatus === 'COMPLETED' ? 'r1' : null, message: 'Declined' }),
    })),
    // COMPLETED before the platform has made the receipt.
    { type: 'session.updated', cartCount: 0, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok', receiptId: null }) },
  ],
  'xstate.done.actor.startPayment': [{ type: 'xstate.done.actor.startPayment', output: { paymentId: 'tok' } }],
  'xstate.error.actor.startPayment': [
    { type: 'xstate.error.actor.startPayment', error: { kind: 'outOfStock', status: 400, serverMessage: null, stock: { bun: 1 } } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'badRequest', status: 400, serverMessage: 'Swish is not enrolled' } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'network', status: null, serverMessage: null } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'server', status: 500, serverMessage: '{"name":"Provider down"}', serverName: 'Provider down' } },
  ],
  'xstate.done.actor.cancelPayment': [{ type: 'xstate.done.actor.cancelPayment', output: undefined }],
  'xstate.done.actor.cancelBeforeSwitch': [{ type: 'xstate.done.actor.cancelBeforeSwitch', output: undefined }],
  'xstate.done.actor.cancelPaymentOnChange': [{ type: 'xstate.done.actor.cancelPaymentOnChange', output: undefined }],
  'xstate.error.actor.cancelPaymentOnChange': [{ type: 'xstate.error.actor.cancelPaymentOnChange', error: { kind: 'network', status: null } }],
}
