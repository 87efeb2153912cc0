import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths } from '@tests/harness/paths'
import { receiptEmailMachine } from './receipt-email.machine'
import { receiptEmailSamples } from './receipt-email.samples'

const options = {
  input: { shopId: 'cafe', receiptId: 'r1' },
  events: receiptEmailSamples,
  // The address tells a blank form (Send refused) from a filled one.
  contextKeys: ['email'],
  invariants: {
    sending: (s: ReturnType<ReturnType<typeof createActor<typeof receiptEmailMachine>>['getSnapshot']>) => expect(s.hasTag('busy')).toBe(true),
  },
}

/** A started receiptEmail actor whose sendReceipt records each input in `calls` and succeeds. */
function startWithRecordingSend() {
  const calls: unknown[] = []
  const actor = createActor(
    receiptEmailMachine.provide({
      actors: { sendReceipt: fromPromise(async ({ input }) => void calls.push(input)) },
    }),
    { input: { shopId: 'cafe', receiptId: 'r1' } },
  ).start()
  return { actor, calls }
}

describe('receiptEmail paths (SPEC §4 "Receipt e-mail")', () => {
  const paths = expectAllStatesReachable(receiptEmailMachine, options)

  it('reaches idle, sending, sent and error, and takes every transition', () => {
    expect(describePaths(paths)).toMatchInlineSnapshot(`
      [
        "error <- email.changed, submit, xstate.error.actor.sendReceipt",
        "idle <- (initial)",
        "idle <- email.changed",
        "sending <- email.changed, submit",
        "sending <- email.changed, submit, email.changed",
        "sending <- email.changed, submit, xstate.error.actor.sendReceipt, submit",
        "sent <- email.changed, submit, xstate.done.actor.sendReceipt",
      ]
    `)
  })

  it('replays every path on a live actor', () => {
    replayPaths(receiptEmailMachine, paths, options)
  })

  it('sends the trimmed e-mail once, ignoring a second Send while sending', async () => {
    const { actor, calls } = startWithRecordingSend()
    actor.send({ type: 'email.changed', value: ' anna@example.se ' })
    actor.send({ type: 'submit' })
    actor.send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('sent'))
    expect(calls).toEqual([{ shopId: 'cafe', receiptId: 'r1', email: 'anna@example.se' }])
  })

  it('sends nothing for a blank address, and sends once one is typed', async () => {
    const { actor, calls } = startWithRecordingSend()
    actor.send({ type: 'submit' })
    actor.send({ type: 'email.changed', value: '   ' })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(false)
    actor.send({ type: 'email.changed', value: 'anna@example.se' })
    actor.send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('sent'))
    expect(calls).toEqual([{ shopId: 'cafe', receiptId: 'r1', email: 'anna@example.se' }])
  })

  it('takes typing while sending into the field without stopping the send, which keeps its address', async () => {
    const sent: string[] = []
    let finish = () => {}
    const actor = createActor(
      receiptEmailMachine.provide({
        actors: {
          sendReceipt: fromPromise<void, { shopId: string; receiptId: string; email: string }>(({ input }) => {
            sent.push(input.email)
            return new Promise((resolve) => {
              finish = resolve
            })
          }),
        },
      }),
      { input: { shopId: 'cafe', receiptId: 'r1' } },
    ).start()
    actor.send({ type: 'email.changed', value: 'anna@example.se' })
    actor.send({ type: 'submit' })
    actor.send({ type: 'email.changed', value: 'bo@example.se' })
    expect(actor.getSnapshot().value).toBe('sending')
    expect(actor.getSnapshot().context.email).toBe('bo@example.se')
    finish()
    await waitFor(actor, (s) => s.matches('sent'))
    expect(sent).toEqual(['anna@example.se'])
  })

  it('ignores Send once sent, and sends again after the address changes', async () => {
    const { actor, calls } = startWithRecordingSend()
    actor.send({ type: 'email.changed', value: 'anna@example.se' })
    actor.send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('sent'))
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('sent')
    actor.send({ type: 'email.changed', value: 'bo@example.se' })
    actor.send({ type: 'submit' })
    await waitFor(actor, (s) => s.matches('sent'))
    expect(calls).toEqual([
      { shopId: 'cafe', receiptId: 'r1', email: 'anna@example.se' },
      { shopId: 'cafe', receiptId: 'r1', email: 'bo@example.se' },
    ])
  })
})
