import { describe, expect, it, vi } from 'vitest'
import { fromPromise, waitFor } from 'xstate'
import { shopData } from '@tests/fixtures/shop'
import { session } from '@tests/fixtures/session'
import { reportsOf, startAsChild } from '@tests/harness/parent'
import { canChoosePayment, checkoutMachine, RECEIPT_WAIT_MS, type CheckoutInput, type CheckoutReport } from './checkout.machine'
import { fieldErrors, sameEntries, showsStockAlert, stockShort } from './checkout.selectors'
import { checkoutInput } from './checkout.samples'
import { cardPaymentMachine, type CardIntentAnswer } from '../payment/providers/card.machine'
import { swishPaymentMachine } from '../payment/providers/swish.machine'
import { vivaPaymentMachine } from '../payment/providers/viva.machine'

type Completed = Extract<CheckoutReport, { type: 'payment.completed' }>

/** A checkout run as the child of a recording parent: its reports stand in for the gate. */
function setup(
  overrides: Partial<CheckoutInput> = {},
  impl: { start?: () => Promise<{ paymentId: string }>; cancel?: () => Promise<'cancelled' | 'none' | 'ended'>; intent?: () => Promise<CardIntentAnswer> } = {},
) {
  const calls = { start: [] as unknown[], cancel: 0, intent: 0 }
  const machine = checkoutMachine.provide({
    actors: {
      cardPayment: cardPaymentMachine.provide({
        actors: {
          retrieveCardIntent: fromPromise(async () => {
            calls.intent += 1
            if (!impl.intent) throw new Error('The intent cannot be read')
            return impl.intent()
          }),
        },
      }),
      startPayment: fromPromise(async ({ input }) => {
        calls.start.push(input)
        return impl.start ? impl.start() : { paymentId: 'tok-1' }
      }),
      cancelPayment: fromPromise(async () => {
        calls.cancel += 1
        return impl.cancel ? impl.cancel() : 'cancelled'
      }),
    },
  })
  const { child: actor, reports } = startAsChild(machine, {
    shopId: 'cafe',
    paymentMethods: shopData().paymentMethods,
    customerInputs: {
      nameInput: { active: true, required: true },
      emailInput: { active: true, required: true },
      phoneInput: { active: true, required: false },
      addressInput: { active: false, required: false },
      extraInfoInput: { active: true, required: false },
    },
    isMobile: false,
    primaryColor: null,
    orderReference: '12',
    payableUnits: 2,
    resume: null,
    customerValues: null,
    ...overrides,
  })
  const completed = () => reportsOf<Completed>(reports, 'payment.completed')
  return { actor, calls, reports, completed }
}

function fillForm(actor: ReturnType<typeof setup>['actor']) {
  actor.send({ type: 'customer.changed', field: 'name', value: 'Anna' })
  actor.send({ type: 'customer.changed', field: 'email', value: 'anna@example.se' })
}

describe('checkout behaviour (SPEC §4, §5)', () => {
  it('does not start a payment while the form is invalid', () => {
    const { actor, calls } = setup()
    actor.send({ type: 'method.selected', methodId: 'card' })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(calls.start).toEqual([])
  })

  it('ignores a method the shop does not offer: nothing is selected or started (SPEC §1)', async () => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'ghost' })
    await Promise.resolve()
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    expect(calls.start).toEqual([])
  })

  it('Swish on a desktop asks for a phone number before starting', () => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'swish' })
    actor.send({ type: 'payment.start' })
    expect(actor.getSnapshot().context.phoneError).toBe('phoneRequired')
    // Only spaces is no number either (SPEC §5).
    actor.send({ type: 'swish.phoneChanged', value: '   ' })
    actor.send({ type: 'payment.start' })
    expect(actor.getSnapshot().context.phoneError).toBe('phoneRequired')
    expect(calls.start).toEqual([])
    actor.send({ type: 'swish.phoneChanged', value: ' 0701234567 ' })
    expect(actor.getSnapshot().context.phoneError).toBeNull()
    actor.send({ type: 'payment.start' })
    actor.send({ type: 'payment.start' }) // a double click sends one request
    expect(calls.start).toHaveLength(1)
    expect(calls.start[0]).toMatchObject({
      shopId: 'cafe',
      paymentMethodId: 'swish',
      orderReference: '12',
      customerInfo: { name: 'Anna', email: 'anna@example.se', phone: '0701234567', isMobile: false },
    })
  })

  it.each(['cart.changed', 'customer.changed'] as const)('a new order after COMPLETED (%s) has no method chosen: one press starts it (SPEC §2 "clears the payment state")', async (change) => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: 'card' }))
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r-9' }) })
    expect(actor.getSnapshot().matches('completed')).toBe(true)
    actor.send(change === 'cart.changed' ? { type: 'cart.changed', units: 1 } : { type: 'customer.changed', field: 'name', value: 'Anna B' })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    if (change === 'customer.changed') actor.send({ type: 'cart.changed', units: 1 })
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: 'card' }))
    expect(calls.start).toHaveLength(2)
  })

  it('a new order after a desktop Swish payment has no method chosen either, the number kept for the next press (SPEC §2)', async () => {
    const { actor } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'swish' })
    actor.send({ type: 'swish.phoneChanged', value: '0701234567' })
    actor.send({ type: 'payment.start' })
    await waitFor(actor, (s) => s.matches({ started: 'swish' }))
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r-9' }) })
    actor.send({ type: 'cart.changed', units: 1 })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ selectedMethodId: null, swishPhone: '0701234567' })
  })

  it('sends the info trimmed, as it was validated (SPEC §5: an e-mail without spaces)', () => {
    const { actor, calls } = setup()
    actor.send({ type: 'customer.changed', field: 'name', value: '  Anna Berg ' })
    actor.send({ type: 'customer.changed', field: 'email', value: ' anna@example.se\t' })
    actor.send({ type: 'customer.changed', field: 'extraInfo', value: 'Door code 1234 \n' })
    actor.send({ type: 'method.selected', methodId: 'card' })
    expect(calls.start[0]).toMatchObject({ customerInfo: { name: 'Anna Berg', email: 'anna@example.se', extraInfo: 'Door code 1234', phone: '' } })
    // What the customer typed stays on screen as typed.
    expect(actor.getSnapshot().context.values.email).toBe(' anna@example.se\t')
  })

  it('goes STARTED, then COMPLETED from the polled session, and reports the receipt', async () => {
    const { actor, reports, completed } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: 'card' }))
    expect(actor.getSnapshot().context.paymentId).toBe('tok-1')
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
    expect(actor.getSnapshot().matches('started')).toBe(true)
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', receiptId: 'r-9' }) })
    expect(actor.getSnapshot().matches('completed')).toBe(true)
    expect(completed()).toEqual([{ type: 'payment.completed', receiptId: 'r-9', resumed: false }])
    // Polling was asked for while started and released on completion.
    expect(reports.map((r) => r.type)).toEqual(['payment.started', 'payment.settled', 'payment.completed'])
  })

  it('a cart change while a payment exists cancels it and resets to NOT_STARTED', async () => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'cart.changed', units: 3 })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls.cancel).toBe(1)
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: null, payableUnits: 3, selectedMethodId: null })
    // One press starts the method again.
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
  })

  it('a cart emptied while the cancel is in flight leaves nothing to pay once it is answered (SPEC §4, §5)', async () => {
    let answer: (value: 'cancelled') => void = () => {}
    const { actor, calls } = setup({}, { cancel: () => new Promise((resolve) => (answer = resolve)) })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'cart.changed', units: 3 })
    expect(actor.getSnapshot().matches('cancelling')).toBe(true)
    actor.send({ type: 'cart.changed', units: 0 })
    answer('cancelled')
    await waitFor(actor, (s) => s.matches('notStarted'))
    // The one cancel covered both changes; the methods stay hidden for the empty cart.
    expect(calls.cancel).toBe(1)
    expect(canChoosePayment(actor.getSnapshot())).toBe(false)
  })

  it('a cancel that did not get through is tried again before the next start, never leaving two payments', async () => {
    let cancels = 0
    const { actor, calls } = setup({}, {
      cancel: async () => {
        cancels += 1
        if (cancels === 1) throw new Error('503')
        return 'cancelled'
      },
    })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'cart.changed', units: 3 })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: null, startUnconfirmed: true })
    // Viva was deselected by the change; choosing it again starts, after a second cancel.
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(2)
    expect(calls.start).toHaveLength(2)
    expect(actor.getSnapshot().context.startUnconfirmed).toBe(false)
  })

  /** A Viva payment whose cancel on a cart change was answered 409: the checkout awaits the session's outcome. */
  async function awaitingOutcome(change: 'cart' | 'deselect' = 'cart') {
    const { actor, reports } = setup({}, { cancel: async () => 'ended' })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    if (change === 'cart') actor.send({ type: 'cart.changed', units: 2 })
    else actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('awaitingOutcome'))
    return Object.assign(actor, { reports })
  }

  it.each(['cart', 'deselect'] as const)("while a 409's outcome is awaited (after a %s change) the session is polled, not only waited for", async (change) => {
    const actor = await awaitingOutcome(change)
    // Polling started for the payment, stopped as the change cancelled it, started again to learn its outcome.
    const polling = () => actor.reports.filter((r) => r.type === 'payment.started' || r.type === 'payment.settled').map((r) => r.type)
    expect(polling()).toEqual(['payment.started', 'payment.settled', 'payment.started'])
    actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'NOT_STARTED' }) })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(polling().at(-1)).toBe('payment.settled')
  })

  it('a cancel answered 409 waits for the session: a payment that completed unseen completes here', async () => {
    const actor = await awaitingOutcome()
    actor.send({ type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r1' }) })
    expect(actor.getSnapshot().matches('completed')).toBe(true)
    expect(actor.getSnapshot().context.receiptId).toBe('r1')
  })

  it("while a 409's outcome is awaited the units and info follow the changes, and a non-completed answer's units are taken (SPEC §4)", async () => {
    const actor = await awaitingOutcome()
    actor.send({ type: 'cart.changed', units: 0 })
    actor.send({ type: 'customer.changed', field: 'name', value: 'Anna B' })
    expect(canChoosePayment(actor.getSnapshot())).toBe(false)
    expect(actor.getSnapshot().context.values.name).toBe('Anna B')
    actor.send({ type: 'session.updated', payableUnits: 3, session: session({ paymentStatus: 'CANCELLED' }) })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(canChoosePayment(actor.getSnapshot())).toBe(true)
  })

  it('a card confirmed with Pay is not cancelled by a change; it waits for the outcome (SPEC §4 Card)', async () => {
    const { actor, calls, reports } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    // The card provider tells the checkout as Pay confirms.
    actor.send({ type: 'provider.charging' })
    expect(actor.getSnapshot().matches({ started: { card: 'charging' } })).toBe(true)
    actor.send({ type: 'cart.changed', units: 3 })
    actor.send({ type: 'customer.changed', field: 'email', value: 'other@example.se' })
    actor.send({ type: 'method.selected', methodId: 'card' })
    expect(actor.getSnapshot().matches({ started: { card: 'charging' } })).toBe(true)
    // What the customer typed is kept, not cancelled over.
    expect(actor.getSnapshot().context.values.email).toBe('other@example.se')
    expect(calls.cancel).toBe(0)
    // The gate holds the session's cart from Pay until the outcome.
    expect(reportsOf(reports, 'payment.charging')).toHaveLength(1)
    expect(reportsOf(reports, 'payment.chargingEnded')).toHaveLength(0)
    actor.send({ type: 'session.updated', session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r1' }), payableUnits: 0 })
    expect(actor.getSnapshot().matches('completed')).toBe(true)
    expect(reportsOf(reports, 'payment.chargingEnded')).toHaveLength(1)
  })

  it('an order changed in another tab while the payment runs cancels it (SPEC §4), unless a card is being charged', async () => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    // A poll of the same order changes nothing.
    actor.send({ type: 'session.updated', payableUnits: 2, cartChangedElsewhere: false, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
    expect(actor.getSnapshot().matches('started')).toBe(true)
    actor.send({ type: 'session.updated', payableUnits: 3, cartChangedElsewhere: true, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls.cancel).toBe(1)
    expect(actor.getSnapshot().context.payableUnits).toBe(3)

    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    actor.send({ type: 'provider.charging' })
    actor.send({ type: 'session.updated', payableUnits: 4, cartChangedElsewhere: true, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
    expect(actor.getSnapshot().matches({ started: { card: 'charging' } })).toBe(true)
    expect(calls.cancel).toBe(1)
  })

  it('a card awaiting Pay: a poll of the same order changes nothing; one that completed completes (SPEC §4)', async () => {
    const { actor, calls, completed } = setup({}, { intent: async () => ({ status: 'requires_payment_method' }) })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    // Polling runs while STARTED: an answer about this very order is no change.
    actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
    expect(actor.getSnapshot().matches({ started: { card: 'unconfirmed' } })).toBe(true)
    expect(calls).toMatchObject({ intent: 0, cancel: 0 })
    // Completed (in another tab, after a change there): the outcome, not a cancel.
    actor.send({ type: 'session.updated', payableUnits: 2, cartChangedElsewhere: true, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r9' }) })
    expect(actor.getSnapshot().matches('completed')).toBe(true)
    expect(completed()).toEqual([{ type: 'payment.completed', receiptId: 'r9', resumed: false }])
    expect(calls).toMatchObject({ intent: 0, cancel: 0 })
  })

  it('a card not confirmed on this page is read before a change cancels it: paid in another tab, it is kept (SPEC §4 Card)', async () => {
    let answer: CardIntentAnswer = { status: 'succeeded' }
    const { actor, calls, reports } = setup({}, { intent: async () => answer })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    expect(calls.intent).toBe(0)
    actor.send({ type: 'cart.changed', units: 3 })
    expect(actor.getSnapshot().matches({ started: { card: 'verifying' } })).toBe(true)
    // Changes while the card reads its intent are taken in; none cancels on its own.
    actor.send({ type: 'cart.changed', units: 4 })
    actor.send({ type: 'session.updated', payableUnits: 4, cartChangedElsewhere: true, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
    await waitFor(actor, (s) => s.matches({ started: { card: 'charging' } }))
    expect(calls).toMatchObject({ intent: 1, cancel: 0 })
    expect(actor.getSnapshot().context.payableUnits).toBe(4)
    // Paid: the gate holds the cart, as after Pay on this page.
    expect(reportsOf(reports, 'payment.charging')).toHaveLength(1)

    // Not paid: the change cancels, once, as SPEC §4 says; so does an order changed elsewhere.
    for (const cause of ['cart', 'elsewhere'] as const) {
      answer = { status: 'requires_payment_method' }
      const other = setup({}, { intent: async () => answer })
      fillForm(other.actor)
      other.actor.send({ type: 'method.selected', methodId: 'card' })
      await waitFor(other.actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
      if (cause === 'cart') other.actor.send({ type: 'cart.changed', units: 3 })
      else other.actor.send({ type: 'session.updated', payableUnits: 3, cartChangedElsewhere: true, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
      await waitFor(other.actor, (s) => s.matches('notStarted'))
      expect(other.calls).toMatchObject({ intent: 1, cancel: 1 })
      expect(reportsOf(other.reports, 'payment.charging')).toHaveLength(0)
    }
  })

  it('a card pressed again is deselected and cancelled at once, as every method is (no intent read)', async () => {
    const { actor, calls } = setup({}, { intent: () => new Promise(() => {}) })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    actor.send({ type: 'method.selected', methodId: 'card' })
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls).toMatchObject({ intent: 0, cancel: 1 })
  })

  it('an unreadable intent counts as not charged: the change cancels as before', async () => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    actor.send({ type: 'customer.changed', field: 'email', value: 'other@example.se' })
    // A line removed and info typed while the intent is read are taken in too.
    actor.send({ type: 'cart.changed', units: 1 })
    actor.send({ type: 'customer.changed', field: 'name', value: 'Anna B' })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls).toMatchObject({ intent: 1, cancel: 1 })
    expect(actor.getSnapshot().context).toMatchObject({ payableUnits: 1, values: { name: 'Anna B' } })
  })

  it('a card confirmation that failed charged nothing: a change cancels the payment again', async () => {
    const { actor, calls, reports } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    actor.send({ type: 'provider.charging' })
    actor.send({ type: 'provider.notCharged' })
    // The cart is released with the failure.
    expect(reports.map((r) => r.type).filter((t) => t.startsWith('payment.charging'))).toEqual(['payment.charging', 'payment.chargingEnded'])
    actor.send({ type: 'cart.changed', units: 3 })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls.cancel).toBe(1)
  })

  it('a start waits until the platform has the cart on screen, then starts once (SPEC §4)', async () => {
    const { actor, calls } = setup()
    fillForm(actor)
    // '+' pressed: the change is on its way to the platform.
    actor.send({ type: 'cart.changed', units: 3 })
    actor.send({ type: 'cart.sync', synced: false })
    actor.send({ type: 'method.selected', methodId: 'viva' })
    expect(actor.getSnapshot().matches('awaitingCart')).toBe(true)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(calls.start).toHaveLength(0)
    // Pressed again meanwhile, the method is deselected; pressed once more, it waits again.
    actor.send({ type: 'method.selected', methodId: 'viva' })
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    actor.send({ type: 'method.selected', methodId: 'viva' })
    actor.send({ type: 'cart.sync', synced: true })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.start).toHaveLength(1)
  })

  it('a start waiting for the cart takes the info typed meanwhile, and starts nothing if the cart empties (SPEC §4, §5)', async () => {
    const { actor, calls } = setup({ cartSynced: false })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    actor.send({ type: 'customer.changed', field: 'name', value: 'Anna Berg' })
    actor.send({ type: 'cart.sync', synced: true })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.start).toMatchObject([{ customerInfo: { name: 'Anna Berg' } }])
    const emptied = setup({ cartSynced: false })
    fillForm(emptied.actor)
    emptied.actor.send({ type: 'method.selected', methodId: 'viva' })
    emptied.actor.send({ type: 'cart.changed', units: 0 })
    emptied.actor.send({ type: 'cart.sync', synced: true })
    expect(emptied.actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(emptied.calls.start).toEqual([])
  })

  it('a cart change while the start is in flight waits for its answer, then cancels that payment once', async () => {
    let answer: (value: { paymentId: string }) => void = () => {}
    const { actor, calls } = setup({}, { start: () => new Promise((resolve) => (answer = resolve)) })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches({ loading: 'requesting' }))
    actor.send({ type: 'cart.changed', units: 3 })
    expect(actor.getSnapshot().matches({ loading: 'superseded' })).toBe(true)
    // A cancel sent now could reach the server before the start and leave its payment running.
    expect(calls.cancel).toBe(0)
    answer({ paymentId: 'stale' })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls.cancel).toBe(1)
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: null, payableUnits: 3, error: null })
  })

  it('a start refused by the server after a change needs no cancel; one that got no answer is cancelled', async () => {
    for (const [error, cancels] of [
      [{ kind: 'badRequest', status: 400, serverMessage: 'Not enrolled' }, 0],
      [{ kind: 'network', status: null }, 1],
      // A 200 it could not read: the server took the start, so it may hold a payment (SPEC §8).
      [{ kind: 'badResponse', status: 200 }, 1],
    ] as const) {
      let refuse: (reason: unknown) => void = () => {}
      const { actor, calls } = setup({}, { start: () => new Promise((_, reject) => (refuse = reject)) })
      fillForm(actor)
      actor.send({ type: 'method.selected', methodId: 'card' })
      await waitFor(actor, (s) => s.matches({ loading: 'requesting' }))
      actor.send({ type: 'customer.changed', field: 'name', value: 'Ann B' })
      refuse(error)
      await waitFor(actor, (s) => s.matches('notStarted'))
      expect(calls.cancel).toBe(cancels)
      expect(actor.getSnapshot().context).toMatchObject({ error: null, selectedMethodId: null })
    }
  })

  it('records units short per article on OUT_OF_STOCK, and reports the stock to the gate', async () => {
    const { actor, reports } = setup({}, { start: () => Promise.reject({ kind: 'outOfStock', status: 400, stock: { bun: 1 } }) })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    expect(actor.getSnapshot().context.error).toEqual({ code: 'outOfStock', message: null })
    expect(actor.getSnapshot().context.articleStockErrors).toEqual({ bun: 1 })
    expect(reportsOf(reports, 'stock.reported')).toEqual([{ type: 'stock.reported', stock: { bun: 1 } }])
  })

  it('an OUT_OF_STOCK without stock figures marks no line short (SPEC §8)', async () => {
    const { actor } = setup({}, { start: () => Promise.reject({ kind: 'outOfStock', status: 400 }) })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    expect(actor.getSnapshot().context.articleStockErrors).toEqual({})
  })

  it('after OUT_OF_STOCK keeps the stock through changes until the next start, and cancels nothing (SPEC §4, §8)', async () => {
    let attempt = 0
    const { actor, calls } = setup({}, {
      start: () => (++attempt === 1 ? Promise.reject({ kind: 'outOfStock', status: 400, stock: { bun: 1, pie: 0 } }) : Promise.resolve({ paymentId: 'tok-2' })),
    })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    // One line lowered: the other may still be short, so the platform's stock stays.
    actor.send({ type: 'cart.changed', units: 1 })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ articleStockErrors: { bun: 1, pie: 0 }, error: null, payableUnits: 1, selectedMethodId: null })
    actor.send({ type: 'cart.changed', units: 2 })
    actor.send({ type: 'customer.changed', field: 'phone', value: '070' })
    expect(actor.getSnapshot().context.articleStockErrors).toEqual({ bun: 1, pie: 0 })
    // The refused start made no payment: no cancel was sent for it.
    expect(calls.cancel).toBe(0)
    // The next start clears it (SPEC §4 "Start payment … clear error and stock errors").
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(actor.getSnapshot().context.articleStockErrors).toEqual({})
    expect(calls.cancel).toBe(0)
  })

  it('holds the cart against the OUT_OF_STOCK stock: the lines still short, and the alert once no stopped start tells it (SPEC §8)', async () => {
    const { actor } = setup({ payableUnits: 5 }, { start: () => Promise.reject({ kind: 'outOfStock', status: 400, stock: { bun: 1, pie: 0 } }) })
    const line = (productId: string, count: number) => ({ id: `l-${productId}`, productId, count, deviations: [], description: '' })
    const cart = [line('cappuccino', 1), line('bun', 3), line('pie', 1)]
    expect(stockShort(actor.getSnapshot(), cart)).toEqual({})
    expect(showsStockAlert(actor.getSnapshot(), cart)).toBe(false)
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    expect(stockShort(actor.getSnapshot(), cart)).toEqual({ bun: 2, pie: 1 })
    // Stopped: the payment's own error says it, not a second alert.
    expect(showsStockAlert(actor.getSnapshot(), cart)).toBe(false)
    // The buns lowered to the stock: only the pie is short, and the alert now says so.
    const lowered = [line('cappuccino', 1), line('bun', 1), line('pie', 1)]
    actor.send({ type: 'cart.changed', units: 3 })
    expect(stockShort(actor.getSnapshot(), lowered)).toEqual({ pie: 1 })
    expect(showsStockAlert(actor.getSnapshot(), lowered)).toBe(true)
    // The pie removed: nothing is short any more.
    actor.send({ type: 'cart.changed', units: 2 })
    expect(showsStockAlert(actor.getSnapshot(), lowered.slice(0, 2))).toBe(false)
  })

  it('a change or a deselection after a refused start needs no cancel; after a lost answer it cancels', async () => {
    for (const [error, cancels] of [
      [{ kind: 'outOfStock', status: 400, stock: { bun: 1 } }, 0],
      [{ kind: 'badRequest', status: 400, serverMessage: 'No' }, 0],
      [{ kind: 'network', status: null }, 1],
    ] as const) {
      for (const change of ['customer', 'deselect'] as const) {
        const { actor, calls } = setup({}, { start: () => Promise.reject(error) })
        fillForm(actor)
        actor.send({ type: 'method.selected', methodId: 'card' })
        await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
        if (change === 'customer') actor.send({ type: 'customer.changed', field: 'name', value: 'Ann B' })
        else actor.send({ type: 'method.selected', methodId: 'card' })
        const settled = await waitFor(actor, (s) => s.matches('notStarted'))
        expect(calls.cancel, `${error.kind} then ${change}`).toBe(cancels)
        expect(settled.context).toMatchObject({ error: null, selectedMethodId: null, startUnconfirmed: false })
      }
    }
  })

  it('keeps the server message of a failed start, and tells a network failure apart', async () => {
    const failing = setup({}, { start: () => Promise.reject({ kind: 'badRequest', status: 400, serverMessage: 'Not enrolled' }) })
    fillForm(failing.actor)
    failing.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(failing.actor, (s) => s.matches({ stopped: 'error' }))
    expect(failing.actor.getSnapshot().context.error).toEqual({ code: 'startFailed', message: 'Not enrolled' })

    const offline = setup({}, { start: () => Promise.reject(new TypeError('Failed to fetch')) })
    fillForm(offline.actor)
    offline.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(offline.actor, (s) => s.matches({ stopped: 'error' }))
    expect(offline.actor.getSnapshot().context.error?.code).toBe('network')
  })

  it('a 5xx that names its failure is a start failure with that name; one without a body is a network failure', async () => {
    const named = setup({}, { start: () => Promise.reject({ kind: 'server', status: 503, serverMessage: '{"name":"Paused"}', serverName: 'Paused' }) })
    fillForm(named.actor)
    named.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(named.actor, (s) => s.matches({ stopped: 'error' }))
    expect(named.actor.getSnapshot().context.error).toEqual({ code: 'startFailed', message: 'Paused' })
    // The server answered, but may have started something: a restart cancels first.
    expect(named.actor.getSnapshot().context.startUnconfirmed).toBe(true)

    const bare = setup({}, { start: () => Promise.reject({ kind: 'server', status: 500, serverMessage: null, serverName: null }) })
    fillForm(bare.actor)
    bare.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(bare.actor, (s) => s.matches({ stopped: 'error' }))
    expect(bare.actor.getSnapshot().context.error?.code).toBe('network')
  })

  it('a 5xx with a text body is a start failure with that text (SPEC §8); an HTML page is a network failure', async () => {
    const text = setup({}, { start: () => Promise.reject({ kind: 'server', status: 500, serverMessage: 'Internal boom', serverName: null }) })
    fillForm(text.actor)
    text.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(text.actor, (s) => s.matches({ stopped: 'error' }))
    expect(text.actor.getSnapshot().context.error).toEqual({ code: 'startFailed', message: 'Internal boom' })
    expect(text.actor.getSnapshot().context.startUnconfirmed).toBe(true)

    const html = setup({}, { start: () => Promise.reject({ kind: 'server', status: 502, serverMessage: '<html><body>502 Bad Gateway</body></html>', serverName: null }) })
    fillForm(html.actor)
    html.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(html.actor, (s) => s.matches({ stopped: 'error' }))
    expect(html.actor.getSnapshot().context.error?.code).toBe('network')
  })

  it.each([
    ['a 409 without a body', { kind: 'conflict', status: 409, serverMessage: null, serverName: null }],
    ['a 200 answer of the wrong shape', { kind: 'badResponse', status: 200, serverMessage: null, serverName: null }],
  ])("%s is a start failure without a message, never the HTTP layer's English", async (_, fields) => {
    const failing = setup({}, { start: () => Promise.reject(Object.assign(new Error('Unexpected answer from the platform at (root)'), fields)) })
    fillForm(failing.actor)
    failing.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(failing.actor, (s) => s.matches({ stopped: 'error' }))
    expect(failing.actor.getSnapshot().context.error).toEqual({ code: 'startFailed', message: null })
  })

  it('after a 200 it could not read, a restart cancels the payment the server may have started first', async () => {
    let attempt = 0
    const { actor, calls } = setup({}, {
      start: () => (++attempt === 1 ? Promise.reject({ kind: 'badResponse', status: 200 }) : Promise.resolve({ paymentId: 'tok-2' })),
    })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    expect(actor.getSnapshot().context.startUnconfirmed).toBe(true)
    actor.send({ type: 'payment.retry' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(2)
  })

  it('after a start whose answer was lost, a restart cancels the payment the server may hold, then starts once', async () => {
    let attempt = 0
    const { actor, calls } = setup({}, {
      start: () => (++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ paymentId: 'tok-2' })),
    })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: null, startUnconfirmed: true })
    expect(calls.cancel).toBe(0)
    actor.send({ type: 'payment.retry' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(2)
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: 'tok-2', startUnconfirmed: false })
  })

  it('after a reload that lost a start in flight, the first start cancels what the server may hold, then starts once', async () => {
    const { actor, calls } = setup({ startUnconfirmed: true })
    expect(actor.getSnapshot().matches('notStarted')).toBe(true)
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(1)
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: 'tok-1', startUnconfirmed: false })
    // Without such a start, nothing is cancelled first.
    const fresh = setup()
    fillForm(fresh.actor)
    fresh.actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(fresh.actor, (s) => s.matches('started'))
    expect(fresh.calls.cancel).toBe(0)
  })

  it('a start the server refused (it answered) restarts without cancelling', async () => {
    let attempt = 0
    const { actor, calls } = setup({}, {
      start: () => (++attempt === 1 ? Promise.reject({ kind: 'badRequest', status: 400, serverMessage: 'No' }) : Promise.resolve({ paymentId: 'tok-2' })),
    })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    actor.send({ type: 'payment.retry' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(0)
    expect(calls.start).toHaveLength(2)
  })

  describe('a deselection whose cancel fails (5xx) leaves a payment that may still run (SPEC §4, §8)', () => {
    async function deselectedUncancelled() {
      const { actor, reports, completed } = setup({}, { cancel: () => Promise.reject({ kind: 'server', status: 500 }) })
      fillForm(actor)
      actor.send({ type: 'method.selected', methodId: 'card' })
      await waitFor(actor, (s) => s.matches('started'))
      actor.send({ type: 'method.selected', methodId: 'card' })
      await waitFor(actor, (s) => s.matches({ notStarted: 'uncancelled' }))
      return { actor, reports, completed }
    }
    const polling = (reports: { type: string }[]) => reports.filter((r) => r.type === 'payment.started' || r.type === 'payment.settled').map((r) => r.type)

    it('keeps the session polled, and a payment completed all the same opens its receipt', async () => {
      const { actor, reports, completed } = await deselectedUncancelled()
      expect(polling(reports)).toEqual(['payment.started', 'payment.settled', 'payment.started'])
      expect(actor.getSnapshot().context).toMatchObject({ selectedMethodId: null, startUnconfirmed: true })
      // Still running: the watch goes on.
      actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-1' }) })
      expect(actor.getSnapshot().matches({ notStarted: 'uncancelled' })).toBe(true)
      actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r-9' }) })
      expect(actor.getSnapshot().matches({ completed: 'withReceipt' })).toBe(true)
      expect(completed()).toEqual([{ type: 'payment.completed', receiptId: 'r-9', resumed: false }])
      expect(polling(reports).at(-1)).toBe('payment.settled')
    })

    it('ends the watch once the session says no payment runs', async () => {
      const { actor, reports } = await deselectedUncancelled()
      actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'CANCELLED', paymentId: 'tok-1' }) })
      expect(actor.getSnapshot().matches({ notStarted: 'idle' })).toBe(true)
      expect(actor.getSnapshot().context.startUnconfirmed).toBe(false)
      expect(polling(reports).at(-1)).toBe('payment.settled')
    })
  })

  describe('a cancel that fails (no answer) before a restart or a switch (SPEC §4, §8)', () => {
    /**
     * A desktop card payment that may exist: it ended FAILED, or its start's answer was lost. The
     * platform cannot be reached to cancel it; the refusal comes a macrotask later, so a machine
     * that kept cancelling would let the test time out rather than hang it.
     */
    async function withUnreachableCancel(how: 'failed' | 'lostStart') {
      let attempt = 0
      const { actor, calls } = setup({}, {
        cancel: () => new Promise((_, reject) => setTimeout(() => reject(new TypeError('Failed to fetch')), 0)),
        start: () => {
          attempt += 1
          return how === 'lostStart' && attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ paymentId: `tok-${attempt}` })
        },
      })
      fillForm(actor)
      actor.send({ type: 'method.selected', methodId: 'card' })
      if (how === 'failed') {
        await waitFor(actor, (s) => s.matches('started'))
        actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'FAILED', paymentId: 'tok-1', message: 'No' }) })
      } else {
        await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
      }
      return { actor, calls }
    }

    it('failed: Try again gives the ended payment up after one attempt and starts once', async () => {
      const { actor, calls } = await withUnreachableCancel('failed')
      actor.send({ type: 'payment.retry' })
      await waitFor(actor, (s) => s.matches('started'))
      expect(calls.cancel).toBe(1)
      expect(calls.start).toHaveLength(2)
      expect(actor.getSnapshot().context).toMatchObject({ paymentId: 'tok-2', startUnconfirmed: false })
    })

    it('failed: another method gives the ended payment up after one attempt and starts once', async () => {
      const { actor, calls } = await withUnreachableCancel('failed')
      actor.send({ type: 'method.selected', methodId: 'viva' })
      await waitFor(actor, (s) => s.matches('started'))
      expect(calls.cancel).toBe(1)
      expect(calls.start.map((start) => (start as { paymentMethodId: string }).paymentMethodId)).toEqual(['card', 'viva'])
      expect(actor.getSnapshot().context).toMatchObject({ paymentId: 'tok-2', startUnconfirmed: false })
    })

    it.each(['payment.retry', 'viva'] as const)(
      'lostStart: %s starts nothing beside a payment that may run while its cancel fails, and says so (never two to approve)',
      async (how) => {
        const { actor, calls } = await withUnreachableCancel('lostStart')
        actor.send(how === 'payment.retry' ? { type: 'payment.retry' } : { type: 'method.selected', methodId: 'viva' })
        await waitFor(actor, (s) => calls.cancel === 1 && s.matches({ stopped: 'error' }))
        expect(calls.start).toHaveLength(1)
        expect(actor.getSnapshot().context).toMatchObject({ startUnconfirmed: true, error: { code: 'network' } })
      },
    )
  })

  it('after a start whose answer was lost, another method cancels the payment the server may hold once, then starts', async () => {
    let attempt = 0
    const { actor, calls } = setup({}, {
      start: () => (++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ paymentId: 'tok-2' })),
      // A macrotask later: a machine that kept cancelling lets the test time out instead of hanging it.
      cancel: () => new Promise((resolve) => setTimeout(() => resolve('cancelled'), 0)),
    })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ stopped: 'error' }))
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(2)
    expect(actor.getSnapshot().context).toMatchObject({ paymentId: 'tok-2', startUnconfirmed: false })
  })

  it('after COMPLETED, a change starts over with nothing of the paid payment, and a method press chooses nothing yet (SPEC §4)', async () => {
    const paid = async () => {
      const run = setup()
      fillForm(run.actor)
      run.actor.send({ type: 'method.selected', methodId: 'viva' })
      await waitFor(run.actor, (s) => s.matches('started'))
      run.actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r1' }) })
      expect(run.actor.getSnapshot().matches('completed')).toBe(true)
      return run
    }
    const cleared = { paymentId: null, startUnconfirmed: false, receiptId: null, error: null }
    const typed = await paid()
    typed.actor.send({ type: 'customer.changed', field: 'name', value: 'Bo' })
    expect(typed.actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(typed.actor.getSnapshot().context).toMatchObject({ ...cleared, values: { name: 'Bo' } })
    const added = await paid()
    added.actor.send({ type: 'cart.changed', units: 1 })
    expect(added.actor.getSnapshot().context).toMatchObject({ ...cleared, payableUnits: 1 })
    const pressed = await paid()
    pressed.actor.send({ type: 'method.selected', methodId: 'viva' })
    expect(pressed.actor.getSnapshot().matches('notStarted')).toBe(true)
    expect(pressed.actor.getSnapshot().context).toMatchObject({ ...cleared, selectedMethodId: null })
    expect(pressed.calls.start).toHaveLength(1)
  })

  /** A desktop Swish payment started with a phone number, then declined: FAILED. */
  async function failedDesktopSwish() {
    const run = setup()
    fillForm(run.actor)
    run.actor.send({ type: 'swish.phoneChanged', value: '0701234567' })
    run.actor.send({ type: 'method.selected', methodId: 'swish' })
    run.actor.send({ type: 'payment.start' })
    await waitFor(run.actor, (s) => s.matches('started'))
    run.actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'FAILED', paymentId: 'tok-1', message: 'Declined by payer' }) })
    return run
  }

  it('restarting after FAILED cancels the old payment before starting a new one', async () => {
    const { actor, calls } = await failedDesktopSwish()
    expect(actor.getSnapshot().matches({ stopped: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.error).toEqual({ code: 'paymentError', message: 'Declined by payer' })
    actor.send({ type: 'payment.retry' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(2)
  })

  it('clicking the selected method deselects it (and cancels a running payment)', async () => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    expect(calls.cancel).toBe(1)
  })

  it('desktop Swish pressed again after FAILED is deselected, its payment cancelled and its phone form closed (SPEC §2)', async () => {
    const { actor, calls } = await failedDesktopSwish()
    actor.send({ type: 'method.selected', methodId: 'swish' })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(1)
  })

  it('COMPLETED without a receipt id keeps polling for one, then completes without it', async () => {
    vi.useFakeTimers()
    try {
      const { actor, reports, completed } = setup()
      fillForm(actor)
      actor.send({ type: 'method.selected', methodId: 'card' })
      await vi.waitFor(() => expect(actor.getSnapshot().matches('started')).toBe(true))
      actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', receiptId: null }) })
      expect(actor.getSnapshot().matches({ started: 'awaitingReceipt' })).toBe(true)
      // The payment took the order's units: nothing is left to pay.
      expect(actor.getSnapshot().context.payableUnits).toBe(0)
      // Still polling (no settle), nothing to open yet.
      expect(reports.map((r) => r.type)).toEqual(['payment.started'])
      actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', receiptId: '' }) })
      vi.advanceTimersByTime(RECEIPT_WAIT_MS)
      expect(actor.getSnapshot().matches({ completed: 'withoutReceipt' })).toBe(true)
      expect(completed()).toEqual([{ type: 'payment.completed', receiptId: null, resumed: false }])
    } finally {
      vi.useRealTimers()
    }
  })

  it('a payment that completed stays completed while its receipt id is awaited, whatever the platform says next', async () => {
    // Adding an item after COMPLETED clears the platform's payment (SPEC §4): the next poll is
    // NOT_STARTED, which is no cancellation of a payment that went through.
    const { actor, completed } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'COMPLETED', receiptId: null }) })
    actor.send({ type: 'cart.changed', units: 3 })
    expect(actor.getSnapshot().matches({ started: 'awaitingReceipt' })).toBe(true)
    actor.send({ type: 'session.updated', payableUnits: 3, session: session({ paymentStatus: 'NOT_STARTED', paymentId: null, receiptId: null }) })
    expect(actor.getSnapshot().matches({ completed: 'withoutReceipt' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(completed()).toEqual([{ type: 'payment.completed', receiptId: null, resumed: false }])
  })

  it("a poll while the receipt is awaited brings the order's units: a cart emptied by the payment offers no payment after (SPEC §4, §5)", async () => {
    vi.useFakeTimers()
    try {
      const { actor } = setup()
      fillForm(actor)
      actor.send({ type: 'method.selected', methodId: 'card' })
      await vi.waitFor(() => expect(actor.getSnapshot().matches('started')).toBe(true))
      actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'COMPLETED', receiptId: null }) })
      // The platform has emptied the paid cart by the next poll, still without a receipt id.
      actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', receiptId: null }) })
      vi.advanceTimersByTime(RECEIPT_WAIT_MS)
      expect(actor.getSnapshot().matches({ completed: 'withoutReceipt' })).toBe(true)
      // Editing the info after the payment starts over, with nothing in the cart to pay for.
      actor.send({ type: 'customer.changed', field: 'name', value: 'Anna B' })
      expect(actor.getSnapshot().matches('notStarted')).toBe(true)
      expect(canChoosePayment(actor.getSnapshot())).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a payment resumed with a method the shop no longer lists stops with an error and no method chosen', () => {
    const { actor } = setup({ resume: session({ paymentStatus: 'STARTED', paymentId: 'tok-old', paymentMethodId: 'gone' }) })
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches({ stopped: 'error' })).toBe(true)
    expect(snapshot.context.selectedMethodId).toBeNull()
    expect(snapshot.context.error).toEqual({ code: 'startFailed', message: null })
  })

  it('a STARTED payment resumed with no method id stops the same way, and a change cancels it once before a new start (SPEC §4)', async () => {
    const { actor, calls } = setup({ resume: session({ paymentStatus: 'STARTED', paymentId: 'tok-old', paymentMethodId: null }) })
    expect(actor.getSnapshot().matches({ stopped: 'error' })).toBe(true)
    expect(actor.getSnapshot().context.paymentId).toBe('tok-old')
    fillForm(actor)
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls.cancel).toBe(1)
    expect(actor.getSnapshot().context.paymentId).toBeNull()
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(calls).toMatchObject({ cancel: 1, start: [expect.anything()] })
  })

  it('a receipt id that arrives while waiting opens the receipt', async () => {
    const { actor, completed } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', receiptId: null }) })
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', receiptId: 'r-5' }) })
    expect(actor.getSnapshot().matches({ completed: 'withReceipt' })).toBe(true)
    expect(completed()).toEqual([{ type: 'payment.completed', receiptId: 'r-5', resumed: false }])
  })

  it('marks the receipt of a payment completed before the page loaded as resumed, and one completed while watched as not', () => {
    const before = setup({ resume: session({ paymentStatus: 'COMPLETED', paymentId: 'ord-1', paymentMethodId: 'viva', receiptId: 'r-1' }) })
    expect(before.actor.getSnapshot().matches('completed')).toBe(true)
    expect(before.completed()).toEqual([{ type: 'payment.completed', receiptId: 'r-1', resumed: true }])

    const watched = setup({ resume: session({ paymentStatus: 'STARTED', paymentId: 'tok-old', paymentMethodId: 'swish' }) })
    watched.actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-old', receiptId: 'r-2' }) })
    expect(watched.completed()).toEqual([{ type: 'payment.completed', receiptId: 'r-2', resumed: false }])
  })

  it('a payment started after a resumed one completed was watched here: its receipt is not marked resumed (SPEC §4)', async () => {
    const { actor, completed } = setup({ resume: session({ paymentStatus: 'COMPLETED', paymentId: 'ord-1', paymentMethodId: 'viva', receiptId: 'r-1' }) })
    actor.send({ type: 'cart.changed', units: 1 })
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r-2' }) })
    expect(completed().at(-1)).toEqual({ type: 'payment.completed', receiptId: 'r-2', resumed: false })
  })

  it('resumes a STARTED payment after a reload instead of starting again', () => {
    const { actor, calls } = setup({
      resume: session({ paymentStatus: 'STARTED', paymentId: 'tok-old', paymentMethodId: 'swish' }),
    })
    expect(actor.getSnapshot().matches({ started: 'swish' })).toBe(true)
    expect(actor.getSnapshot().context.paymentId).toBe('tok-old')
    expect(calls.start).toEqual([])
  })

  it('resumes a payment that failed while the customer was away (Viva decline) with a way to try again', () => {
    const { actor, calls } = setup({
      resume: session({ paymentStatus: 'FAILED', paymentId: 'ord-1', paymentMethodId: 'viva', message: 'Declined' }),
      customerValues: { name: 'Anna', email: 'anna@example.se' },
    })
    expect(actor.getSnapshot().matches({ stopped: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({
      selectedMethodId: 'viva',
      paymentId: 'ord-1',
      error: { code: 'paymentError', message: 'Declined' },
      values: { name: 'Anna', email: 'anna@example.se', phone: '' },
    })
    expect(calls.start).toEqual([])
  })

  it('a cancelled payment resumes as cancelled; a session with nothing running starts fresh', () => {
    expect(setup({ resume: session({ paymentStatus: 'CANCELLED', paymentId: 'ord-1', paymentMethodId: 'viva' }) }).actor.getSnapshot().matches({ stopped: 'cancelled' })).toBe(true)
    expect(setup({ resume: session({ paymentStatus: 'FAILED', paymentId: null }) }).actor.getSnapshot().matches('notStarted')).toBe(true)
  })

  it("shows a field's error only once the field was left, by the rule canPay uses (SPEC §5)", () => {
    const { actor } = setup()
    actor.send({ type: 'customer.changed', field: 'email', value: 'anna@' })
    // Typed but not left: no error shown yet, though the form is invalid.
    expect(fieldErrors(actor.getSnapshot())).toEqual({})
    actor.send({ type: 'customer.blurred', field: 'email' })
    actor.send({ type: 'customer.blurred', field: 'phone' })
    // Phone is optional and blank: left, but no error. Name is required but untouched.
    expect(fieldErrors(actor.getSnapshot())).toEqual({ email: 'invalidEmail' })
    actor.send({ type: 'customer.blurred', field: 'name' })
    expect(fieldErrors(actor.getSnapshot())).toEqual({ email: 'invalidEmail', name: 'required' })
    fillForm(actor)
    expect(fieldErrors(actor.getSnapshot())).toEqual({})
    actor.send({ type: 'customer.changed', field: 'name', value: '   ' })
    expect(fieldErrors(actor.getSnapshot())).toEqual({ name: 'required' })
  })

  it('gives views an equality that changes only with what the record selectors return', () => {
    const { actor } = setup()
    actor.send({ type: 'customer.changed', field: 'email', value: 'anna@' })
    actor.send({ type: 'customer.blurred', field: 'email' })
    const before = fieldErrors(actor.getSnapshot())
    // Another keystroke with the same error: a new object, equal entries.
    actor.send({ type: 'customer.changed', field: 'email', value: 'anna@x' })
    expect(sameEntries(before, fieldErrors(actor.getSnapshot()))).toBe(true)
    actor.send({ type: 'customer.blurred', field: 'name' })
    expect(sameEntries(before, fieldErrors(actor.getSnapshot()))).toBe(false)
    expect(sameEntries({ bun: 2 }, { bun: 1 })).toBe(false)
    expect(sameEntries({ bun: 2 }, { pie: 2 })).toBe(false)
  })

  it('remembers every customer change through rememberCustomer', () => {
    const remembered: unknown[] = []
    const { child: actor } = startAsChild(checkoutMachine.provide({ actions: { rememberCustomer: (_, params) => void remembered.push(params) } }), checkoutInput())
    actor.send({ type: 'customer.changed', field: 'name', value: 'Anna' })
    expect(remembered.at(-1)).toEqual({ shopId: 'cafe', values: expect.objectContaining({ name: 'Anna', email: '' }) })
  })

  it("takes the units of a read of the session while nothing is started: another tab's lines make it payable (SPEC §5)", () => {
    const { actor } = setup({ payableUnits: 0 })
    fillForm(actor)
    expect(canChoosePayment(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'session.updated', payableUnits: 2, session: session() })
    expect(canChoosePayment(actor.getSnapshot())).toBe(true)
  })

  it('desktop Swish pressed again before a start closes its phone form and its error (SPEC §2)', () => {
    const { actor } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'swish' })
    actor.send({ type: 'payment.start' })
    expect(actor.getSnapshot().context).toMatchObject({ selectedMethodId: 'swish', phoneError: 'phoneRequired' })
    actor.send({ type: 'method.selected', methodId: 'swish' })
    expect(actor.getSnapshot().context).toMatchObject({ selectedMethodId: null, phoneError: null })
  })

  it("choosing another method clears Swish's phone error: back on Swish it shows only after the next start (SPEC §2)", () => {
    const { actor } = setup()
    actor.send({ type: 'method.selected', methodId: 'swish' })
    actor.send({ type: 'payment.start' })
    expect(actor.getSnapshot().context.phoneError).toBe('phoneRequired')
    actor.send({ type: 'method.selected', methodId: 'viva' })
    actor.send({ type: 'method.selected', methodId: 'swish' })
    expect(actor.getSnapshot().context).toMatchObject({ selectedMethodId: 'swish', phoneError: null })
  })

  it('a change cancelling a desktop Swish payment keeps Swish chosen, its phone form showing (SPEC §2, §4)', async () => {
    const { actor } = setup()
    fillForm(actor)
    actor.send({ type: 'swish.phoneChanged', value: '0701234567' })
    actor.send({ type: 'method.selected', methodId: 'swish' })
    actor.send({ type: 'payment.start' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'cart.changed', units: 3 })
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(actor.getSnapshot().context.selectedMethodId).toBe('swish')
  })

  it.each(['FAILED', 'ERROR', 'CANCELLED'] as const)('a payment %s for an order emptied meanwhile offers no restart: nothing to pay (SPEC §5)', async (paymentStatus) => {
    const { actor, calls } = setup()
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(actor, (s) => s.matches('started'))
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus, paymentId: 'tok-1' }) })
    expect(canChoosePayment(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'payment.retry' })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(calls.start).toHaveLength(1)
  })
})

describe('switching method after a payment ended (SPEC §4 restart; §2 selecting starts the payment)', () => {
  const methods = shopData().paymentMethods
  const endings = [
    ['FAILED', 'failed'],
    ['ERROR', 'error'],
    ['CANCELLED', 'cancelled'],
  ] as const
  for (const isMobile of [false, true]) {
    for (const [status, state] of endings) {
      for (const from of methods) {
        for (const to of methods.filter((m) => m.id !== from.id)) {
          const phoneForm = to.type === 'SWISH_TRADE' && !isMobile
          it(`${isMobile ? 'phone' : 'desktop'}: after ${status} with ${from.id}, one press on ${to.id} ${phoneForm ? 'shows its phone form' : 'starts it'}`, async () => {
            const { actor, calls } = setup({ isMobile })
            fillForm(actor)
            actor.send({ type: 'swish.phoneChanged', value: '0701234567' })
            actor.send({ type: 'method.selected', methodId: from.id })
            actor.send({ type: 'payment.start' })
            await waitFor(actor, (s) => s.matches('started'))
            actor.send({ type: 'session.updated', payableUnits: 2, session: session({ paymentStatus: status, paymentId: 'tok-1', message: 'No' }) })
            expect(actor.getSnapshot().matches({ stopped: state })).toBe(true)

            actor.send({ type: 'method.selected', methodId: to.id })
            const settled = await waitFor(actor, (s) => s.matches('started') || s.matches('notStarted'))
            expect(settled.context.selectedMethodId).toBe(to.id)
            expect(settled.context.error).toBeNull()
            // The payment that ended is cancelled first, once.
            expect(calls.cancel).toBe(1)
            if (phoneForm) {
              expect(settled.matches('notStarted')).toBe(true)
              expect(calls.start).toHaveLength(1)
            } else {
              expect(settled.matches('started')).toBe(true)
              expect(calls.start).toHaveLength(2)
              expect(calls.start[1]).toMatchObject({ paymentMethodId: to.id })
            }
          })
        }
      }
    }
  }
})

describe("another method after the card's Pay failed (SPEC §4: error, restartable)", () => {
  for (const isMobile of [false, true]) {
    for (const to of ['swish', 'viva']) {
      const phoneForm = to === 'swish' && !isMobile
      it(`${isMobile ? 'phone' : 'desktop'}: a declined card, then ${to}: the card payment is cancelled once, then ${phoneForm ? 'the phone form shows' : 'it starts'}`, async () => {
        const { actor, calls } = setup({ isMobile })
        fillForm(actor)
        actor.send({ type: 'swish.phoneChanged', value: '0701234567' })
        actor.send({ type: 'method.selected', methodId: 'card' })
        await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
        // Not before Pay: the card form is a payment under way.
        expect(actor.getSnapshot().can({ type: 'method.selected', methodId: to })).toBe(false)
        actor.send({ type: 'provider.charging' })
        expect(actor.getSnapshot().can({ type: 'method.selected', methodId: to })).toBe(false)
        // Declined: the platform's session may still say STARTED.
        actor.send({ type: 'provider.notCharged', failed: true })
        expect(actor.getSnapshot().matches({ started: { card: { unconfirmed: 'confirmationFailed' } } })).toBe(true)
        expect(actor.getSnapshot().can({ type: 'method.selected', methodId: to })).toBe(true)

        actor.send({ type: 'method.selected', methodId: to })
        const settled = await waitFor(actor, (s) => s.matches('started') || s.matches('notStarted'))
        expect(settled.context.selectedMethodId).toBe(to)
        expect(calls.cancel).toBe(1)
        if (phoneForm) {
          expect(calls.start).toHaveLength(1)
          actor.send({ type: 'payment.start' })
          await waitFor(actor, (s) => s.matches({ started: 'swish' }))
        }
        expect(calls.start).toHaveLength(2)
        expect(calls.start[1]).toMatchObject({ paymentMethodId: to })
      })
    }
  }

  /** Card selected and Pay pressed, then the card's report: declined (`failed`) or a check that found no charge. */
  async function payCard(actor: ReturnType<typeof setup>['actor'], report: { failed?: true; message?: string | null }) {
    fillForm(actor)
    actor.send({ type: 'method.selected', methodId: 'card' })
    await waitFor(actor, (s) => s.matches({ started: { card: 'unconfirmed' } }))
    actor.send({ type: 'provider.charging' })
    actor.send({ type: 'provider.notCharged', ...report })
  }

  it('the declined card pressed again is deselected and its payment cancelled, not restarted (SPEC §2)', async () => {
    const { actor, calls } = setup()
    await payCard(actor, { failed: true })
    actor.send({ type: 'method.selected', methodId: 'card' })
    expect(actor.getSnapshot().context.selectedMethodId).toBeNull()
    await waitFor(actor, (s) => s.matches('notStarted'))
    expect(calls.cancel).toBe(1)
    expect(calls.start).toHaveLength(1)
  })

  it.each([
    { provider: 'Ditt kort nekades.', shown: 'Ditt kort nekades.' },
    { provider: null, shown: 'Your card was declined.' },
  ])("FAILED after a declined card keeps the provider's words ($provider), else the platform's (SPEC §4 Card: on error show message)", async ({ provider, shown }) => {
    const { actor } = setup()
    await payCard(actor, { failed: true, message: provider })
    const failed = session({ paymentStatus: 'FAILED', paymentId: 'tok-1', message: 'Your card was declined.' })
    actor.send({ type: 'session.updated', payableUnits: 1, session: failed })
    expect(actor.getSnapshot().matches({ stopped: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.error).toEqual({ code: 'paymentError', message: shown })
  })

  it('a method the shop does not offer switches to nothing after a declined card', async () => {
    const { actor, calls } = setup()
    await payCard(actor, { failed: true })
    expect(actor.getSnapshot().can({ type: 'method.selected', methodId: 'ghost' })).toBe(false)
    expect(calls.cancel).toBe(0)
  })

  it('a check that found no charge (a resumed card) keeps the other methods disabled', async () => {
    const { actor } = setup()
    await payCard(actor, {})
    expect(actor.getSnapshot().matches({ started: { card: 'unconfirmed' } })).toBe(true)
    expect(actor.getSnapshot().can({ type: 'method.selected', methodId: 'swish' })).toBe(false)
  })

  it('a cancel answered 409 (the card payment ended meanwhile) waits for the session instead of starting another', async () => {
    const { actor, calls } = setup({ isMobile: true }, { cancel: async () => 'ended' })
    await payCard(actor, { failed: true })
    actor.send({ type: 'method.selected', methodId: 'swish' })
    await waitFor(actor, (s) => s.matches('awaitingOutcome'))
    expect(calls.start).toHaveLength(1)
    actor.send({ type: 'session.updated', payableUnits: 0, session: session({ paymentStatus: 'COMPLETED', paymentId: 'tok-1', receiptId: 'r1' }) })
    expect(actor.getSnapshot().matches('completed')).toBe(true)
    expect(calls.start).toHaveLength(1)
  })
})

/** A phone's checkout whose startPayment answers when `answer` is called, with the providers' openings (and Swish's tokens) recorded. */
function phoneCheckout(onCartPage?: boolean) {
  const opened: string[] = []
  const tokens: string[] = []
  let answer: (value: { paymentId: string }) => void = () => undefined
  const machine = checkoutMachine.provide({
    actors: {
      startPayment: fromPromise(() => new Promise<{ paymentId: string }>((resolve) => (answer = resolve))),
      swishPayment: swishPaymentMachine.provide({ actions: { openSwishApp: (_, { token }) => void (opened.push('swish'), tokens.push(token)) } }),
      vivaPayment: vivaPaymentMachine.provide({ actions: { redirectToViva: () => void opened.push('viva') } }),
    },
  })
  const { child: actor } = startAsChild(machine, {
    shopId: 'cafe',
    paymentMethods: shopData().paymentMethods,
    customerInputs: null,
    isMobile: true,
    primaryColor: null,
    orderReference: '12',
    payableUnits: 1,
    resume: null,
    customerValues: null,
    onCartPage,
  })
  return { actor, opened, tokens, answer: (paymentId: string) => answer({ paymentId }) }
}

describe('a start answered after the customer left the cart (SPEC §4: leaving ends the page part)', () => {
  it.each(['viva', 'swish'])('%s: opens nothing over the menu, and offers its button back on the cart', async (methodId) => {
    const { actor, opened, answer } = phoneCheckout()
    actor.send({ type: 'method.selected', methodId })
    actor.send({ type: 'cart.left' })
    answer('1234567890123456')
    await waitFor(actor, (s) => s.matches('started'))
    expect(opened).toEqual([])
    actor.send({ type: 'cart.entered' })
    const provider = actor.getSnapshot().children.provider
    // Viva's 'Open checkout' and Swish's 'Open Swish' wait for a press.
    expect(provider?.getSnapshot().value).toBe(methodId === 'viva' ? 'awaitingResponse' : 'appOpened')
  })

  it('on the cart page the same start opens at once', async () => {
    const { actor, opened, answer } = phoneCheckout(true)
    actor.send({ type: 'method.selected', methodId: 'viva' })
    answer('1234567890123456')
    await waitFor(actor, (s) => s.matches('started'))
    expect(opened).toEqual(['viva'])
  })
})

describe('a Swish payment on a phone that changed while the customer was in the app (SPEC §4)', () => {
  /** A phone's Swish payment started on the cart page, with each token the provider opened. */
  async function swishOnPhone() {
    const { actor, tokens, answer } = phoneCheckout(true)
    actor.send({ type: 'method.selected', methodId: 'swish' })
    answer('tok-1')
    await waitFor(actor, (s) => s.matches({ started: 'swish' }))
    return { actor, tokens }
  }

  it('stops waiting when the platform answers no payment at all: cancelled, restartable', async () => {
    const { actor, tokens } = await swishOnPhone()
    expect(tokens).toEqual(['tok-1'])
    actor.send({ type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: null, paymentId: null }) })
    expect(actor.getSnapshot().matches({ stopped: 'cancelled' })).toBe(true)
  })

  it("follows a restart in another tab: Open Swish opens the live token, and the app is not opened by itself", async () => {
    const { actor, tokens } = await swishOnPhone()
    actor.send({ type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-2' }) })
    expect(actor.getSnapshot().matches({ started: 'swish' })).toBe(true)
    expect(actor.getSnapshot().context.paymentId).toBe('tok-2')
    expect(tokens).toEqual(['tok-1'])
    actor.getSnapshot().children.provider?.send({ type: 'app.open' })
    expect(tokens).toEqual(['tok-1', 'tok-2'])
    // The same payment polled again changes nothing.
    actor.send({ type: 'session.updated', payableUnits: 1, session: session({ paymentStatus: 'STARTED', paymentId: 'tok-2' }) })
    expect(tokens).toEqual(['tok-1', 'tok-2'])
  })
})
