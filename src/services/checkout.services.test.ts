import { describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { ApiError } from '@/api/errors'
import { checkoutInput } from '@machines/checkout/checkout.samples'
import { startAsChild } from '@tests/harness/parent'
import { createCheckout, type CheckoutDependencies } from './checkout.services'
import { createStartMemory } from './start-memory'

/** The live checkout over a fake platform whose startPayment answers with `start`. */
function checkoutWith(start: () => Promise<{ paymentId: string }>) {
  localStorage.clear()
  const startMemory = createStartMemory(() => localStorage)
  const api = { startPayment: vi.fn(start), cancelPayment: vi.fn(async () => undefined) } as unknown as PlatformApi
  const deps = {
    api,
    browser: { navigateTo: vi.fn(), origin: 'http://127.0.0.1', search: () => '', isMobile: () => false },
    cardGateway: {},
    customerMemory: { recall: () => null, remember: vi.fn(), handOff: vi.fn() },
    startMemory,
    vivaCheckoutBase: undefined,
  } as unknown as CheckoutDependencies
  // Run under a parent, as the shop gate runs it: the checkout reports to it.
  const { child: actor, parent } = startAsChild(createCheckout(deps), checkoutInput())
  return { actor, parent, startMemory }
}

describe('createCheckout: a start kept over a reload (SPEC §4)', () => {
  it('keeps the start noted while it has no answer, and forgets it once answered', async () => {
    let answer!: (value: { paymentId: string }) => void
    const { actor, parent, startMemory } = checkoutWith(() => new Promise((resolve) => (answer = resolve)))
    actor.send({ type: 'method.selected', methodId: 'viva' })
    await vi.waitFor(() => expect(startMemory.pending('cafe')).toBe(true))
    answer({ paymentId: 'ord-1' })
    await waitFor(actor, (s) => s.matches('started'))
    expect(startMemory.pending('cafe')).toBe(false)
    parent.stop()
  })

  it('forgets a start the platform refused (4xx), keeps one whose answer was lost or failed (5xx)', async () => {
    const refused = checkoutWith(() => Promise.reject(new ApiError({ kind: 'badRequest', status: 400 })))
    refused.actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(refused.actor, (s) => s.matches('stopped'))
    expect(refused.startMemory.pending('cafe')).toBe(false)
    refused.parent.stop()

    const lost = checkoutWith(() => Promise.reject(new TypeError('Failed to fetch')))
    lost.actor.send({ type: 'method.selected', methodId: 'viva' })
    await waitFor(lost.actor, (s) => s.matches('stopped'))
    expect(lost.startMemory.pending('cafe')).toBe(true)
    lost.parent.stop()
  })
})
