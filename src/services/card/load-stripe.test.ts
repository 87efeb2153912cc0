import { describe, expect, it, vi } from 'vitest'

const loadStripe = vi.fn(async () => null)
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }))

const { isCardTestMode, loadCardProvider } = await import('./load-stripe')

describe('loadCardProvider (CONTRACT.md "Card payments")', () => {
  it('is in test mode exactly when no publishable key is set', () => {
    expect(isCardTestMode(undefined)).toBe(true)
    expect(isCardTestMode('')).toBe(true)
    expect(isCardTestMode('pk_live_x')).toBe(false)
  })

  it('gives the simulated provider without a key, without loading Stripe.js, once per account', async () => {
    const a = loadCardProvider({ publishableKey: '', stripeAccount: 'acct_1' })
    const provider = (await a) as unknown as { simulated?: boolean } | null
    expect(provider?.simulated).toBe(true)
    expect(loadCardProvider({ publishableKey: '', stripeAccount: 'acct_1' })).toBe(a)
    expect(loadStripe).not.toHaveBeenCalled()
  })

  it('loads Stripe.js lazily from the pure entry for the connected account, in Swedish', async () => {
    await loadCardProvider({ publishableKey: 'pk_test_1', stripeAccount: 'acct_9' })
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1', { stripeAccount: 'acct_9', locale: 'sv' })
    await loadCardProvider({ publishableKey: 'pk_test_1', stripeAccount: null })
    expect(loadStripe).toHaveBeenLastCalledWith('pk_test_1', { locale: 'sv' })
  })

  it('tries again after a failed script load', async () => {
    loadStripe.mockRejectedValueOnce(new Error('offline'))
    await expect(loadCardProvider({ publishableKey: 'pk_test_2', stripeAccount: null })).rejects.toThrow('offline')
    await expect(loadCardProvider({ publishableKey: 'pk_test_2', stripeAccount: null })).resolves.toBeNull()
  })
})
