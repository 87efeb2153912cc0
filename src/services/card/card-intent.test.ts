import { describe, expect, it, vi } from 'vitest'
import { retrieveCardIntent, toCardIntentAnswer, type RetrieveAnswer } from './card-intent'
import { createSimulatedStripe } from './simulated-stripe'

/** A card provider that answers `answer` to retrievePaymentIntent, recording what it was asked. */
function providerAnswering(answer: RetrieveAnswer | Promise<RetrieveAnswer>) {
  const retrievePaymentIntent = vi.fn((_clientSecret: string) => Promise.resolve(answer))
  const load = vi.fn(async (_options: { stripeAccount: string | null }) => ({ retrievePaymentIntent }))
  return { load, retrievePaymentIntent }
}

const input = { clientSecret: 'pi_1_secret_2', stripeAccountId: 'acct_demo_cafe' }

describe('retrieveCardIntent: a resumed card payment reads its intent (SPEC §4 "Card")', () => {
  it.each(['succeeded', 'processing', 'requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'canceled'] as const)(
    'answers the intent status %s, from the provider of the shop’s connected account',
    async (status) => {
      const { load, retrievePaymentIntent } = providerAnswering({ paymentIntent: { status } })
      await expect(retrieveCardIntent(input, load)).resolves.toEqual({ status })
      expect(load).toHaveBeenCalledWith({ stripeAccount: 'acct_demo_cafe' })
      expect(retrievePaymentIntent).toHaveBeenCalledWith('pi_1_secret_2')
    },
  )

  it('rejects, so the card machine shows the form, on an error answer, an unknown status, or no provider', async () => {
    await expect(retrieveCardIntent(input, providerAnswering({ error: { message: 'No such payment_intent' } }).load)).rejects.toThrow('No such payment_intent')
    await expect(retrieveCardIntent(input, providerAnswering({ error: {} }).load)).rejects.toThrow('could not be read')
    await expect(retrieveCardIntent(input, providerAnswering({ paymentIntent: { status: 'paid' } }).load)).rejects.toThrow('Unknown payment intent status: paid')
    await expect(retrieveCardIntent(input, async () => null)).rejects.toThrow('not available')
    await expect(retrieveCardIntent(input, () => Promise.reject(new Error('Failed to load Stripe.js')))).rejects.toThrow('Failed to load Stripe.js')
  })

  it('maps an answer without intent or error as unreadable', () => {
    expect(() => toCardIntentAnswer({})).toThrow('Unknown payment intent status: undefined')
  })

  it('reads the simulated provider’s record through the public retrievePaymentIntent', async () => {
    const stripe = createSimulatedStripe({
      sandbox: {
        recordSimulatedCardIntent: async () => {},
        notifySimulatedCard: async () => {},
        getSimulatedCardIntent: async () => ({ status: 'processing' }),
      },
    })
    await expect(retrieveCardIntent(input, async () => stripe)).resolves.toEqual({ status: 'processing' })
  })
})
