import { assign, setup, type ActorRefFrom } from 'xstate'
import { promiseNotProvided } from '../shared/not-provided'

/** The receipt to send (SPEC §2 "Receipt page"): its shop and id. */
export interface ReceiptEmailInput {
  shopId: string
  receiptId: string
}

/**
 * Sending the receipt by e-mail (SPEC §2 "Receipt page", §4 "Receipt e-mail"): idle, sending,
 * sent, error. No client-side format check (SPEC §5), but a blank address is not sent
 * (`hasAddress`): it would only be told 'Receipt sent' for nobody. A second Send while sending is ignored, and
 * so is Send once sent, until the address changes: the last click of a triple click can land after
 * the answer, and must not send the receipt again.
 * Events: `email.changed` {value} (back to idle, except while sending), `submit`.
 * Guards: `hasAddress` on `submit`. Actors: `sendReceipt` ({shopId, receiptId, email} → void).
 * Tags: `busy` while sending.
 */
export const receiptEmailMachine = setup({
  types: {
    context: {} as ReceiptEmailInput & { email: string },
    events: {} as { type: 'email.changed'; value: string } | { type: 'submit' },
    input: {} as ReceiptEmailInput,
  },
  actors: {
    sendReceipt: promiseNotProvided<void, { shopId: string; receiptId: string; email: string }>('sendReceipt'),
  },
  guards: {
    hasAddress: ({ context }) => context.email.trim() !== '',
  },
}).createMachine({
  id: 'receiptEmail',
  context: ({ input }) => ({ ...input, email: '' }),
  initial: 'idle',
  on: {
    'email.changed': { target: '.idle', actions: assign({ email: ({ event }) => event.value }) },
  },
  states: {
    idle: { on: { submit: { guard: 'hasAddress', target: 'sending' } } },
    sending: {
      tags: ['busy'],
      on: { 'email.changed': { actions: assign({ email: ({ event }) => event.value }) } },
      invoke: {
        id: 'sendReceipt',
        src: 'sendReceipt',
        input: ({ context }) => ({ shopId: context.shopId, receiptId: context.receiptId, email: context.email.trim() }),
        onDone: 'sent',
        onError: 'error',
      },
    },
    // No submit here: only `email.changed` (idle) allows another send.
    sent: {},
    error: { on: { submit: { guard: 'hasAddress', target: 'sending' } } },
  },
})

/** A running receipt e-mail form, as the receipt view takes it. */
export type ReceiptEmailActor = ActorRefFrom<typeof receiptEmailMachine>
