/**
 * Test helpers for the shop views (test-only, hence `.samples`): real shop gate actors whose
 * platform calls are fakes, and a render inside Lingui and a memory router (views render
 * `<Link>`s).
 */
import type { ReactNode } from 'react'
import { render, type RenderResult } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createActor, fromPromise, waitFor } from 'xstate'
import { shopGateMachine, type ShopGateActor, type ShopGateInput } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import type { CartItem, Session, ShopData, TabItemRef } from '@/domain/types'
import { session as sessionFixture } from '@tests/fixtures/session'
import { shopData as shopDataFixture } from '@tests/fixtures/shop'
import { TestProvider } from '@tests/test-provider'

/** Fakes for the gate's and session's platform calls; each defaults to a quick success. */
export interface ShopFakes {
  loadShop?: (input: { shopId: string }) => Promise<ShopData>
  saveReference?: (input: { shopId: string; reference: string }) => Promise<void>
  fetchSession?: (input: { shopId: string; table: string | null; tabId: string | null }) => Promise<Session>
  pushCart?: (input: { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }) => Promise<void>
}

/** A rejection the machines read as `kind` (see machines/shared/errors.ts). */
export function apiFailure(kind: string, status: number | null = null): Error & { kind: string; status: number | null } {
  return Object.assign(new Error(kind), { kind, status })
}

/** A promise that never settles: the call stays in flight. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => {})
}

/**
 * Starts a shop gate actor for shop `cafe` with `fakes` (defaults: the fixture shop, an empty
 * session, pushes that succeed). Delays are 0 so retries and pushes happen at once.
 */
export function startShop(fakes: ShopFakes = {}, input: Partial<ShopGateInput> = {}): ShopGateActor {
  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(({ input: i }) => (fakes.fetchSession ?? (async () => sessionFixture()))(i)),
      pushCart: fromPromise(({ input: i }) => (fakes.pushCart ?? (async () => {}))(i)),
    },
    delays: { pushDebounce: 0, pushRetry: 60_000, loadRetry: 0 },
  })
  const machine = shopGateMachine.provide({
    actors: {
      loadShop: fromPromise(({ input: i }) => (fakes.loadShop ?? (async () => shopDataFixture()))(i)),
      saveReference: fromPromise(({ input: i }) => (fakes.saveReference ?? (async () => {}))(i)),
      session,
    },
    delays: { loadRetry: 0 },
  })
  return createActor(machine, { input: { shopId: 'cafe', table: null, tabId: null, isMobile: false, ...input } }).start()
}

/** Starts a shop (see {@link startShop}) and waits until its gate has settled on a screen. */
export async function settledShop(fakes: ShopFakes = {}, input: Partial<ShopGateInput> = {}): Promise<ShopGateActor> {
  const actor = startShop(fakes, input)
  await waitFor(actor, (s) => !s.hasTag('loading') || s.matches('loadFailed') || s.matches('notFound'))
  return actor
}

/**
 * Renders `ui` (views given the shop actor as a prop) inside Lingui and a one-route memory
 * router at `/`, and waits for the router's first render.
 */
export async function renderInShop(ui: ReactNode): Promise<RenderResult> {
  const rootRoute = createRootRoute({
    component: () => <TestProvider>{ui}</TestProvider>,
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  await router.load()
  return render(<RouterProvider router={router} />)
}
