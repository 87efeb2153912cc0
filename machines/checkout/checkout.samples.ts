import type { PaymentStatus } from '../../src/domain/types'
import { session } from '../../tests/fixtures/session'
import { shopData } from '../../tests/fixtures/shop'
import type { CheckoutInput } from './checkout.machine'

/** A checkout input for the demo café's three methods (`swish`, `card`, `viva`); override what a test needs. */
export function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    shopId: 'cafe',
    paymentMethods: shopData().paymentMethods,
    customerInputs: null,
    isMobile: false,
    primaryColor: '#1f6f50',
    orderReference: null,
    payableUnits: 1,
    resume: null,
    customerValues: null,
    ...overrides,
  }
}

/** A session as the page loads it after a reload (or Back from Viva) with a payment of `methodId` in `status`. */
function resumed(status: PaymentStatus, methodId: string | null, more: { receiptId?: string | null; message?: string | null } = {}) {
  return session({ paymentStatus: status, paymentId: 'tok', paymentMethodId: methodId, receiptId: null, message: null, ...more })
}

/**
 * Inputs of a checkout started on a page that loaded with a payment under way or ended (SPEC §4:
 * a reload resumes from the session), one per branch of `resuming`.
 */
export const checkoutResumeInputs: Record<string, CheckoutInput> = {
  'STARTED Swish': checkoutInput({ resume: resumed('STARTED', 'swish') }),
  'COMPLETED with a receipt': checkoutInput({ payableUnits: 0, resume: resumed('COMPLETED', 'card', { receiptId: 'r1' }) }),
  'COMPLETED before the receipt exists': checkoutInput({ payableUnits: 0, resume: resumed('COMPLETED', 'card') }),
  'FAILED card': checkoutInput({ resume: resumed('FAILED', 'card', { message: 'Declined' }) }),
  'ERROR Viva': checkoutInput({ resume: resumed('ERROR', 'viva', { message: 'Provider error' }) }),
  'CANCELLED Swish': checkoutInput({ resume: resumed('CANCELLED', 'swish') }),
  // The shop no longer lists the method the running payment was started with.
  'STARTED with a method the shop no longer has': checkoutInput({ resume: resumed('STARTED', 'gone') }),
  // A session that names no method (the wire allows it): the payment still runs and must be cancellable.
  'STARTED without a method id': checkoutInput({ resume: resumed('STARTED', null) }),
  // The cart was emptied elsewhere: after the old payment is cancelled there is nothing to pay.
  'FAILED card, cart emptied': checkoutInput({ payableUnits: 0, resume: resumed('FAILED', 'card', { message: 'Declined' }) }),
}

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
  'cart.changed': [{ type: 'cart.changed', units: 2 }],
  'cart.sync': [
    { type: 'cart.sync', synced: false },
    { type: 'cart.sync', synced: true },
  ],
  'cart.left': [{ type: 'cart.left' }],
  'cart.entered': [{ type: 'cart.entered' }],
  'provider.charging': [{ type: 'provider.charging' }],
  'provider.notCharged': [
    { type: 'provider.notCharged' },
    // Pay's confirmation failed (declined): other methods may be chosen.
    { type: 'provider.notCharged', failed: true, message: 'Your card was declined.' },
  ],
  'orderReference.changed': [{ type: 'orderReference.changed', orderReference: null }],
  'session.updated': [
    ...(['COMPLETED', 'FAILED', 'ERROR', 'CANCELLED'] as const).map((paymentStatus) => ({
      type: 'session.updated',
      payableUnits: paymentStatus === 'COMPLETED' ? 0 : 1,
      session: session({ paymentStatus, paymentId: 'tok', receiptId: paymentStatus === 'COMPLETED' ? 'r1' : null, message: 'Declined' }),
    })),
    // COMPLETED before the platform has made the receipt.
    { type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok', receiptId: null }) },
    // Still STARTED, for an order another tab changed.
    { type: 'session.updated', payableUnits: 3, cartChangedElsewhere: true, session: session({ paymentStatus: 'STARTED', paymentId: 'tok' }) },
    // No payment at all, the cart unchanged: the platform dropped the payment.
    { type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: null, paymentId: null }) },
    // Still STARTED for this order, restarted in another tab under a new id.
    { type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-2' }) },
  ],
  'xstate.done.actor.startPayment': [{ type: 'xstate.done.actor.startPayment', output: { paymentId: 'tok' } }],
  'xstate.error.actor.startPayment': [
    { type: 'xstate.error.actor.startPayment', error: { kind: 'outOfStock', status: 400, serverMessage: null, stock: { bun: 1 } } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'badRequest', status: 400, serverMessage: 'Swish is not enrolled' } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'network', status: null, serverMessage: null } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'server', status: 500, serverMessage: '{"name":"Provider down"}', serverName: 'Provider down' } },
    { type: 'xstate.error.actor.startPayment', error: { kind: 'badResponse', status: 200, serverMessage: null } },
  ],
  'xstate.done.actor.cancelPayment': [{ type: 'xstate.done.actor.cancelPayment', output: undefined }],
  'xstate.error.actor.cancelPayment': [{ type: 'xstate.error.actor.cancelPayment', error: { kind: 'network', status: null } }],
  'xstate.done.actor.cancelBeforeSwitch': [
    { type: 'xstate.done.actor.cancelBeforeSwitch', output: 'cancelled' },
    // 409: the payment completed meanwhile; nothing new starts.
    { type: 'xstate.done.actor.cancelBeforeSwitch', output: 'ended' },
  ],
  'xstate.error.actor.cancelBeforeSwitch': [{ type: 'xstate.error.actor.cancelBeforeSwitch', error: { kind: 'server', status: 500 } }],
  'xstate.done.actor.cancelPaymentOnChange': [
    { type: 'xstate.done.actor.cancelPaymentOnChange', output: 'cancelled' },
    // 409: the payment had ended (completed off the cart page), nothing to cancel.
    { type: 'xstate.done.actor.cancelPaymentOnChange', output: 'ended' },
  ],
  'xstate.error.actor.cancelPaymentOnChange': [{ type: 'xstate.error.actor.cancelPaymentOnChange', error: { kind: 'network', status: null } }],
}
