import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths } from '@tests/harness/paths'
import { startAsChild } from '@tests/harness/parent'
import type { ProviderInput } from '../../shared/payment-types'
import { cardReportsAlone, cardSamples, providerInput, swishSamples, vivaSamples } from './providers.samples'
import { swishPaymentMachine } from './swish.machine'
import { vivaPaymentMachine } from './viva.machine'
import { cardPaymentMachine, type CardConfirmResult, type CardIntentAnswer } from './card.machine'

const base: ProviderInput = { methodType: 'SWISH_TRADE', paymentId: 'tok', isMobile: true, stripeAccountId: 'acct_1', primaryColor: '#1f6f50', shopId: 'cafe', resumed: false }

describe('provider machines: every state reachable (SPEC §4)', () => {
  it('swish on a phone redirects to the app, resumed on a phone waits for Open Swish; on a desktop awaits approval', () => {
    const options = {
      inputs: [providerInput({ isMobile: true }), providerInput({ isMobile: true, resumed: true }), providerInput({ isMobile: false })],
      events: swishSamples,
    }
    const paths = expectAllStatesReachable(swishPaymentMachine, options)
    replayPaths(swishPaymentMachine, paths, options)
    expect(describePaths(paths)).toEqual(['appOpened <- (initial)', 'appOpened <- (initial)', 'appOpened <- app.open', 'awaitingApproval <- (initial)'])
  })

  it('viva redirects at once, resumed waits; both can open the checkout again, a phone only once resumed', () => {
    const viva = (overrides: Partial<ProviderInput>) => providerInput({ methodType: 'VIVA_WALLET_WEB', ...overrides })
    const options = {
      inputs: [viva({}), viva({ resumed: true }), viva({ isMobile: true }), viva({ isMobile: true, resumed: true })],
      events: vivaSamples,
      invariants: {
        // 'Open checkout' shows exactly where the machine takes it (SPEC §4 "Web checkout").
        '': (s: SnapshotFrom<typeof vivaPaymentMachine>) => expect(s.hasTag('opensCheckout')).toBe(s.can({ type: 'checkout.open' })),
        redirected: (s: SnapshotFrom<typeof vivaPaymentMachine>) => expect(s.context.isMobile && !s.context.resumed).toBe(true),
      },
    }
    const paths = expectAllStatesReachable(vivaPaymentMachine, options)
    replayPaths(vivaPaymentMachine, paths, options)
  })

  it("viva offers 'Open checkout' on a desktop and once resumed, not to a phone it redirected (opensCheckout)", () => {
    const start = (overrides: Partial<ProviderInput>) => createActor(vivaPaymentMachine, { input: { ...base, methodType: 'VIVA_WALLET_WEB', ...overrides } }).start().getSnapshot()
    expect(start({ isMobile: false }).hasTag('opensCheckout')).toBe(true)
    expect(start({ isMobile: false, resumed: true }).hasTag('opensCheckout')).toBe(true)
    expect(start({ isMobile: true, resumed: true }).hasTag('opensCheckout')).toBe(true)
    const phone = start({ isMobile: true })
    expect(phone.value).toBe('redirected')
    expect(phone.hasTag('opensCheckout')).toBe(false)
  })

  it('swish resumed on a desktop still awaits approval on the phone: no app to open there (SPEC §2)', () => {
    const opened: unknown[] = []
    const swish = createActor(swishPaymentMachine.provide({ actions: { openSwishApp: (_, p) => void opened.push(p) } }), {
      input: { ...base, isMobile: false, resumed: true },
    }).start()
    expect(swish.getSnapshot().value).toBe('awaitingApproval')
    swish.send({ type: 'app.open' })
    expect(opened).toEqual([])
  })

  it('a resumed payment opens neither the Swish app nor the Viva checkout on its own', () => {
    const opened: unknown[] = []
    const swish = createActor(swishPaymentMachine.provide({ actions: { openSwishApp: (_, p) => void opened.push(p) } }), {
      input: { ...base, resumed: true },
    }).start()
    expect(swish.getSnapshot().value).toBe('appOpened')
    swish.send({ type: 'app.open' })
    expect(opened).toEqual([{ token: 'tok', shopId: 'cafe' }])

    const redirects: unknown[] = []
    const viva = createActor(vivaPaymentMachine.provide({ actions: { redirectToViva: (_, p) => void redirects.push(p) } }), {
      input: { ...base, methodType: 'VIVA_WALLET_WEB', paymentId: '1234567890123456', resumed: true },
    }).start()
    expect(viva.getSnapshot().value).toBe('awaitingResponse')
    expect(redirects).toEqual([])
    viva.send({ type: 'checkout.open' })
    expect(redirects).toEqual([{ orderCode: '1234567890123456', color: '#1f6f50' }])
  })

  it('viva on a desktop redirects at once and can open the checkout again', () => {
    const redirects: unknown[] = []
    const actor = createActor(vivaPaymentMachine.provide({ actions: { redirectToViva: (_, p) => void redirects.push(p) } }), {
      input: { ...base, methodType: 'VIVA_WALLET_WEB', paymentId: '1234567890123456', isMobile: false },
    }).start()
    expect(actor.getSnapshot().value).toBe('awaitingResponse')
    actor.send({ type: 'checkout.open' })
    expect(redirects).toEqual([
      { orderCode: '1234567890123456', color: '#1f6f50' },
      { orderCode: '1234567890123456', color: '#1f6f50' },
    ])
  })

  it('card: pay, confirm, confirm again on requires_action, success or error; resumed, the intent decides first', () => {
    const options = {
      inputs: [providerInput({ methodType: 'STRIPE', paymentId: 'pi_1_secret_2' }), providerInput({ methodType: 'STRIPE', paymentId: 'pi_1_secret_2', resumed: true })],
      events: cardSamples,
      contextKeys: ['error'],
      actions: cardReportsAlone,
    }
    const paths = expectAllStatesReachable(cardPaymentMachine, options)
    replayPaths(cardPaymentMachine, paths, options)
  })

  it('card resumed after a reload: an intent Pay confirmed shows success and stays charged; any other status or a failed read shows Pay', async () => {
    const resumedCard = (answer: () => Promise<CardIntentAnswer>) => {
      const reports: string[] = []
      const retrieved: unknown[] = []
      const actor = createActor(
        cardPaymentMachine.provide({
          actions: { reportCharging: () => void reports.push('charging'), reportNotCharged: () => void reports.push('notCharged') },
          actors: {
            retrieveCardIntent: fromPromise(async ({ input }) => {
              retrieved.push(input)
              return answer()
            }),
          },
        }),
        { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2', resumed: true } },
      ).start()
      return { actor, reports, retrieved }
    }

    for (const status of ['succeeded', 'processing', 'requires_capture'] as const) {
      const { actor, reports, retrieved } = resumedCard(async () => ({ status }))
      // Until the intent says, the card may be charged: the parent hears so at once.
      expect(actor.getSnapshot().value).toBe('checking')
      expect(actor.getSnapshot().hasTag('busy')).toBe(true)
      expect(reports).toEqual(['charging'])
      await waitFor(actor, (s) => s.matches('succeeded'))
      expect(reports).toEqual(['charging'])
      expect(retrieved).toEqual([{ clientSecret: 'pi_1_secret_2', stripeAccountId: 'acct_1' }])
      expect(actor.getSnapshot().can({ type: 'card.submit' })).toBe(false)
    }

    for (const status of ['requires_payment_method', 'requires_confirmation', 'requires_action', 'canceled'] as const) {
      const { actor, reports } = resumedCard(async () => ({ status }))
      await waitFor(actor, (s) => s.matches('ready'))
      expect(reports).toEqual(['charging', 'notCharged'])
    }

    const unreadable = resumedCard(async () => {
      throw new Error('Failed to fetch')
    })
    await waitFor(unreadable.actor, (s) => s.matches('ready'))
    expect(unreadable.reports).toEqual(['charging', 'notCharged'])
    expect(unreadable.actor.getSnapshot().context.error).toBeNull()
  })

  it('card.verify reads the intent of a card not confirmed here: paid → succeeded and charging; otherwise notCharged', async () => {
    for (const [status, end, report] of [
      ['succeeded', 'succeeded', 'charging'],
      ['processing', 'succeeded', 'charging'],
      ['requires_payment_method', 'ready', 'notCharged'],
    ] as const) {
      const reports: string[] = []
      const actor = createActor(
        cardPaymentMachine.provide({
          actions: { reportCharging: () => void reports.push('charging'), reportNotCharged: () => void reports.push('notCharged') },
          actors: { retrieveCardIntent: fromPromise(async (): Promise<CardIntentAnswer> => ({ status })) },
        }),
        { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' } },
      ).start()
      actor.send({ type: 'card.verify' })
      // Pay waits for the answer.
      expect(actor.getSnapshot().hasTag('verifying')).toBe(true)
      expect(actor.getSnapshot().can({ type: 'card.submit' })).toBe(false)
      await waitFor(actor, (s) => s.matches(end))
      expect(reports).toEqual([report])
    }
  })

  it('card started here shows Pay at once: nothing to read, nothing reported', () => {
    const reports: string[] = []
    const actor = createActor(
      cardPaymentMachine.provide({
        actions: { reportCharging: () => void reports.push('charging'), reportNotCharged: () => void reports.push('notCharged') },
        actors: { retrieveCardIntent: fromPromise(async (): Promise<CardIntentAnswer> => { throw new Error('not to be read') }) },
      }),
      { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' } },
    ).start()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(reports).toEqual([])
  })

  it('card: a Pay authorised for a later capture (requires_capture) is a success, never a failure to pay again', async () => {
    const reports: string[] = []
    const actor = createActor(
      cardPaymentMachine.provide({
        actions: { reportCharging: () => void reports.push('charging'), reportNotCharged: () => void reports.push('notCharged') },
        actors: { confirmCardPayment: fromPromise(async (): Promise<CardConfirmResult> => ({ status: 'requires_capture' })) },
      }),
      { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' } },
    ).start()
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.matches('succeeded'))
    expect(reports).toEqual(['charging'])
  })

  it('card: requires_action confirms a second time; a provider error without message is unknown', async () => {
    const answers: CardConfirmResult[] = [{ status: 'requires_action' }, { status: 'succeeded' }]
    const calls: boolean[] = []
    const actor = createActor(
      cardPaymentMachine.provide({
        actions: cardReportsAlone,
        actors: {
          confirmCardPayment: fromPromise(async ({ input }) => {
            calls.push(input.again)
            return answers.shift() ?? { status: 'failed', message: null }
          }),
        },
      }),
      { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' } },
    ).start()
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.matches('succeeded'))
    expect(calls).toEqual([false, true])
    actor.stop()

    const failing = createActor(
      cardPaymentMachine.provide({ actions: cardReportsAlone, actors: { confirmCardPayment: fromPromise(async (): Promise<CardConfirmResult> => ({ status: 'failed', message: null })) } }),
      { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' } },
    ).start()
    failing.send({ type: 'card.submit' })
    await waitFor(failing, (s) => s.matches('failed'))
    expect(failing.getSnapshot().context.error).toEqual({ code: 'unknownProviderError', message: null })
  })

  it.each<{ answer: string; confirm: () => Promise<CardConfirmResult>; error: { code: string; message: string | null } }>([
    { answer: 'a decline', confirm: async () => ({ status: 'failed', message: 'Your card was declined.' }), error: { code: 'providerError', message: 'Your card was declined.' } },
    { answer: 'a thrown Error', confirm: () => Promise.reject(new Error('Stripe.js did not load')), error: { code: 'providerError', message: 'Stripe.js did not load' } },
    { answer: 'a thrown non-Error', confirm: () => Promise.reject({ message: 'not an Error' }), error: { code: 'unknownProviderError', message: null } },
    { answer: 'requires_action twice', confirm: async () => ({ status: 'requires_action' }), error: { code: 'unknownProviderError', message: null } },
    {
      answer: 'requires_action, then a thrown Error',
      confirm: ((calls = 0) => () => (calls++ === 0 ? Promise.resolve<CardConfirmResult>({ status: 'requires_action' }) : Promise.reject(new Error('3-D Secure failed'))))(),
      error: { code: 'providerError', message: '3-D Secure failed' },
    },
  ])("card: Pay failing with $answer shows the provider's words, or none (SPEC §4 Card error)", async ({ confirm, error }) => {
    const actor = createActor(cardPaymentMachine.provide({ actions: cardReportsAlone, actors: { confirmCardPayment: fromPromise(confirm) } }), {
      input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' },
    }).start()
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toEqual(error)
  })

  it('card: Pay again after a failed one, or after a check, clears the old error while it confirms (SPEC §4 Card)', async () => {
    const declined = Promise.resolve<CardConfirmResult>({ status: 'failed', message: 'Your card was declined.' })
    const answers: Promise<CardConfirmResult>[] = [declined, declined, new Promise(() => {})]
    const actor = createActor(
      cardPaymentMachine.provide({
        actions: cardReportsAlone,
        actors: {
          confirmCardPayment: fromPromise(() => answers.shift()!),
          retrieveCardIntent: fromPromise(async (): Promise<CardIntentAnswer> => ({ status: 'requires_payment_method' })),
        },
      }),
      { input: { ...base, methodType: 'STRIPE', paymentId: 'pi_1_secret_2' } },
    ).start()
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'card.submit' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'card.verify' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'card.submit' })
    expect(actor.getSnapshot().matches('confirming')).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it("card: a failed Pay tells the parent notCharged with failed and the provider's words; a check that found no charge without", async () => {
    const secret = { ...base, methodType: 'STRIPE' as const, paymentId: 'pi_1_secret_2' }
    const declined = startAsChild(
      cardPaymentMachine.provide({ actors: { confirmCardPayment: fromPromise(async (): Promise<CardConfirmResult> => ({ status: 'failed', message: 'Your card was declined.' })) } }),
      secret,
    )
    declined.child.send({ type: 'card.submit' })
    await waitFor(declined.child, (s) => s.matches('failed'))
    expect(declined.reports).toEqual([{ type: 'provider.charging' }, { type: 'provider.notCharged', failed: true, message: 'Your card was declined.' }])
    declined.parent.stop()

    const resumed = startAsChild(
      cardPaymentMachine.provide({ actors: { retrieveCardIntent: fromPromise(async (): Promise<CardIntentAnswer> => ({ status: 'requires_payment_method' })) } }),
      { ...secret, resumed: true },
    )
    await waitFor(resumed.child, (s) => s.matches('ready'))
    expect(resumed.reports).toEqual([{ type: 'provider.charging' }, { type: 'provider.notCharged', failed: false, message: null }])
    resumed.parent.stop()
  })
})
