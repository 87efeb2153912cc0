import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { afterEvents, describePaths, expectAllStatesReachable, probePathEnds, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { checkoutMachine } from './checkout.machine'
import { checkoutInput, checkoutResumeInputs, checkoutSamples } from './checkout.samples'

type Snapshot = SnapshotFrom<typeof checkoutMachine>

const invariants = {
  '': (s: Snapshot) => {
    // A payment is only ever STARTED with an id and a method; an error state always says why.
    if (s.matches('started')) expect(s.context.paymentId && s.context.selectedMethodId).toBeTruthy()
    if (s.matches({ stopped: 'error' })) expect(s.context.error).not.toBeNull()
  },
  // NOT_STARTED holds no payment id and opens no old receipt (SPEC §4); a payment whose cancel
  // did not get through is only marked (startUnconfirmed), and the next start cancels it first.
  notStarted: (s: Snapshot) => expect(s.context).toMatchObject({ paymentId: null, receiptId: null }),
  loading: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
  'completed.withReceipt': (s: Snapshot) => expect(s.context.receiptId).toBe('r1'),
  // Never a receipt page with an empty id: completed without one says so instead.
  'completed.withoutReceipt': (s: Snapshot) => expect(s.context.receiptId).toBeFalsy(),
  'started.swish': (s: Snapshot) => expect(s.context.selectedMethodId).toBe('swish'),
}

for (const isMobile of [false, true]) {
  describe(`checkout paths on ${isMobile ? 'a phone' : 'a desktop'} (SPEC §4)`, () => {
    const options: PathSuiteOptions<typeof checkoutMachine> = {
      // A fresh cart page (also with a change still on its way to the platform), then every way a
      // reload finds a payment (`resuming`).
      inputs: [checkoutInput({ isMobile }), checkoutInput({ isMobile, cartSynced: false }), ...Object.values(checkoutResumeInputs).map((input) => ({ ...input, isMobile }))],
      events: { ...checkoutSamples, ...afterEvents(checkoutMachine) },
      contextKeys: ['selectedMethodId', 'paymentId', 'startUnconfirmed', 'swishPhone', 'error', 'payableUnits'],
      invariants,
      // Run alone, the checkout has no parent to report to.
      actions: { reportStarted: () => {}, reportSettled: () => {}, reportCompleted: () => {}, reportCharging: () => {}, reportChargingEnded: () => {}, reportStock: () => {} },
    }
    const paths = expectAllStatesReachable(checkoutMachine, options)

    it('replays every shortest path on a live actor, invariants holding in each state', () => {
      replayPaths(checkoutMachine, paths, options)
    })

    it('keeps what the customer types and takes the cart count in every state it reaches (SPEC §4)', () => {
      // One probe per event: a change may leave the state (COMPLETED starts over), so each starts at the path's end.
      probePathEnds(checkoutMachine, paths, options, (actor, reached) => {
        actor.send({ type: 'customer.changed', field: 'name', value: 'Anna Probe' })
        expect(actor.getSnapshot().context.values.name, reached).toBe('Anna Probe')
      })
      probePathEnds(checkoutMachine, paths, options, (actor, reached) => {
        actor.send({ type: 'cart.changed', units: 7 })
        expect(actor.getSnapshot().context.payableUnits, reached).toBe(7)
      })
    })

    it('reaches every payment state by a short path', () => {
      const targets = new Set(describePaths(paths).map((line) => line.split(' <- ')[0]?.split('.').at(-1)))
      for (const state of ['idle', 'uncancelled', 'requesting', 'superseded', 'swish', 'ready', 'charging', 'viva', 'awaitingReceipt', 'withReceipt', 'withoutReceipt', 'error', 'failed', 'cancelled', 'cancelling', 'cancellingBeforeSwitch', 'confirmationFailed']) {
        expect(targets.has(state), state).toBe(true)
      }
    })
  })
}
