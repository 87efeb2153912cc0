import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { ApiError } from '@/api/errors'
import { createOwnerServices, type OwnerDeps } from './owner.services'
import { retrieveCardIntent } from './card/card-intent'
import { createIntegrationMemory } from './integration-memory'

// The card provider's intent read: unpaid unless a test says (the company page reads it first).
vi.mock('./card/card-intent', () => ({ retrieveCardIntent: vi.fn(async () => ({ status: 'requires_payment_method' })) }))

function setup(api: Partial<PlatformApi>) {
  const deps = {
    api: api as PlatformApi,
    navigateTo: vi.fn<(url: string) => void>(),
    origin: 'http://127.0.0.1:4173',
    identity: () => ({ verifyResetCode: vi.fn(async () => 'owner@example.com'), confirmReset: vi.fn(async () => undefined) }),
    reportError: vi.fn<(error: unknown) => void>(),
    cardGateway: { confirm: vi.fn(async () => ({ status: 'failed' as const, message: 'Declined' })) },
    integrations: createIntegrationMemory(() => sessionStorage),
  } satisfies OwnerDeps
  return { deps, owner: createOwnerServices(deps) }
}

const state = btoa(JSON.stringify({ isWeb: true, companyID: 'cafe', scopeState: 'bookkeeping' }))

describe('owner services', () => {
  it('bookkeeping callback: integrates with the decoded company and scopes', async () => {
    const integrateBookkeeping = vi.fn(async () => undefined)
    const { owner } = setup({ integrateBookkeeping })
    const actor = createActor(owner.bookkeepingCallback, {
      input: { provider: 'visma', code: 'c1', state, error: null, errorDescription: null },
    }).start()
    await waitFor(actor, (s) => s.matches('integrated'))
    expect(integrateBookkeeping).toHaveBeenCalledWith('visma', 'cafe', { authorizationCode: 'c1', scopes: 'bookkeeping' })
  })

  it('bookkeeping callback: a reload of the success page shows success without sending the one-time code again', async () => {
    sessionStorage.clear()
    const integrateBookkeeping = vi.fn(async () => undefined)
    const { owner } = setup({ integrateBookkeeping })
    const open = (code: string) => {
      const input = { provider: 'fortnox' as const, code, state, error: null, errorDescription: null }
      return createActor(owner.bookkeepingCallback, { input: { ...input, linkedBefore: owner.integrationLinked('fortnox', code) } }).start()
    }
    expect(owner.integrationLinked('fortnox', 'c1')).toBe(false)
    await waitFor(open('c1'), (s) => s.matches('integrated'))
    expect(owner.integrationLinked('fortnox', 'c1')).toBe(true)
    expect(owner.integrationLinked('visma', 'c1')).toBe(false)
    expect(owner.integrationLinked('stripe', 'c1')).toBe(false)
    expect(open('c1').getSnapshot().matches('integrated')).toBe(true)
    expect(integrateBookkeeping).toHaveBeenCalledTimes(1)
    // A new code (the owner linked again) is sent.
    await waitFor(open('c2'), (s) => s.matches('integrated'))
    expect(integrateBookkeeping).toHaveBeenCalledTimes(2)
  })

  it('bookkeeping callback: reports a failed integration; an app-started one opens the app link', async () => {
    const failure = new ApiError({ kind: 'server', status: 500 })
    const { owner, deps } = setup({ integrateBookkeeping: () => Promise.reject(failure) })
    const failed = createActor(owner.bookkeepingCallback, { input: { provider: 'fortnox', code: 'c1', state, error: null, errorDescription: null } }).start()
    await waitFor(failed, (s) => s.matches('failed'))
    expect(deps.reportError).toHaveBeenCalledWith(failure)

    createActor(owner.bookkeepingCallback, { input: { provider: 'fortnox', code: 'c1', state: null, error: null, errorDescription: null } }).start()
    expect(deps.navigateTo).toHaveBeenCalledWith('kassaapp://integrate/fortnox?code=c1')
  })

  it('integration link: follows an https link on continue, refuses any other', async () => {
    const links = ['https://apps.fortnox.se/oauth-v1/auth?client_id=1', 'javascript:alert(1)']
    const { owner, deps } = setup({ getIntegrationUrl: async () => ({ integrationUrl: links.shift() ?? '' }) })
    const input = { bookkeeper: 'fortnox', companyId: 'cafe', authCode: 'abc', companyName: null }
    const good = createActor(owner.integrationLink, { input }).start()
    await waitFor(good, (s) => s.matches('ready'))
    good.send({ type: 'continue' })
    expect(deps.navigateTo).toHaveBeenCalledWith('https://apps.fortnox.se/oauth-v1/auth?client_id=1')

    const bad = createActor(owner.integrationLink, { input }).start()
    await waitFor(bad, (s) => s.matches('failed'))
    expect(deps.navigateTo).toHaveBeenCalledTimes(1)
  })

  it('company card payment: fetches the intent, reads the card intent, and its card payment confirms through the card gateway', async () => {
    const intent = { status: 'NOT_STARTED', clientSecret: 'sec', stripeAccountId: 'acct', amount: { amount: 100, currency: 'SEK' as const }, errorMessage: null }
    const { owner, deps } = setup({ getPaymentIntent: async () => intent })
    const actor = createActor(owner.companyCardPayment, { input: { companyId: 'cafe', paymentIntentId: 'pi' } }).start()
    await waitFor(actor, (s) => s.matches({ paying: 'idle' }))
    expect(retrieveCardIntent).toHaveBeenCalledWith({ clientSecret: 'sec', stripeAccountId: 'acct' })
    actor.send({ type: 'card.submit' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(deps.cardGateway.confirm).toHaveBeenCalledWith({ clientSecret: 'sec', stripeAccountId: 'acct', again: false })
    expect(actor.getSnapshot().context.error).toEqual({ code: 'providerError', message: 'Declined' })
  })

  it('company card payment: an intent the card provider already has as paid polls, without the form', async () => {
    vi.mocked(retrieveCardIntent).mockResolvedValueOnce({ status: 'succeeded' })
    const intent = { status: 'NOT_STARTED', clientSecret: 'sec', stripeAccountId: 'acct', amount: { amount: 100, currency: 'SEK' as const }, errorMessage: null }
    const { owner, deps } = setup({ getPaymentIntent: async () => intent })
    const actor = createActor(owner.companyCardPayment, { input: { companyId: 'cafe', paymentIntentId: 'pi' } }).start()
    await waitFor(actor, (s) => s.matches('polling'))
    expect(deps.cardGateway.confirm).not.toHaveBeenCalled()
    actor.stop()
  })
})
