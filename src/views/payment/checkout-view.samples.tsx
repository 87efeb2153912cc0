/**
 * Test helpers for the cart and payment views (test-only, hence `.samples`): a real shop gate
 * whose session and checkout run with fake platform calls and recorded browser effects, and a
 * render inside Lingui and a memory router (the views render `<Link>`s).
 */
import type { ReactNode } from 'react'
import { render, type RenderResult } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate'
import { vi, type Mock } from 'vitest'
import { checkoutOf, sessionOf as gateSession, shopGateMachine, type ShopGateActor, type ShopGateInput } from '@machines/shop-gate/shop-gate.machine'
import { sessionMachine } from '@machines/session/session.machine'
import { checkoutMachine, type CheckoutActor } from '@machines/checkout/checkout.machine'
import { swishPaymentMachine } from '@machines/payment/providers/swish.machine'
import { vivaPaymentMachine } from '@machines/payment/providers/viva.machine'
import { cardPaymentMachine, type CardConfirmResult } from '@machines/payment/providers/card.machine'
import type { CancelOutcome, CartItem, CustomerInfo, Session, ShopData, TabItemRef } from '@/domain/types'
import { session as sessionFixture } from '@tests/fixtures/session'
import { shopData as shopDataFixture } from '@tests/fixtures/shop'
import { TestProvider } from '@tests/test-provider'

/** What startPayment receives. */
interface StartInput {
  shopId: string
  paymentMethodId: string
  customerInfo: CustomerInfo
  orderReference: string | null
}

/** Fakes for every platform call and browser effect the cart page's machines make. */
export interface CheckoutFakes {
  shopData?: ShopData
  session?: Session
  fetchSession?: (input: { shopId: string; table: string | null; tabId: string | null }) => Promise<Session>
  pushCart?: (input: { shopId: string; cart: CartItem[]; tabItems: TabItemRef[] }) => Promise<void>
  startPayment?: (input: StartInput) => Promise<{ paymentId: string }>
  cancelPayment?: (input: { shopId: string }) => Promise<CancelOutcome>
  confirmCard?: (input: { clientSecret: string; again: boolean }) => Promise<CardConfirmResult>
  isMobile?: boolean
}

/** The recorded effects of a started shop. */
export interface CheckoutShop {
  shop: ShopGateActor
  checkout: CheckoutActor
  startPayment: Mock<(input: StartInput) => Promise<{ paymentId: string }>>
  cancelPayment: Mock<(input: { shopId: string }) => Promise<CancelOutcome>>
  openSwishApp: Mock<(params: { token: string; shopId: string }) => void>
  redirectToViva: Mock<(params: { orderCode: string; color: string }) => void>
  goToReceipt: Mock<(params: { shopId: string; receiptId: string | null }) => void>
}

/** A rejection the machines read as `kind` and `status` (machines/shared/errors.ts). */
export function apiFailure(kind: string, status: number | null, extra: { serverMessage?: string; serverName?: string; stock?: Record<string, number> } = {}) {
  return Object.assign(new Error(extra.serverMessage ?? ''), {
    kind,
    status,
    serverMessage: extra.serverMessage ?? null,
    serverName: extra.serverName ?? null,
    stock: extra.stock ?? null,
  })
}

/** A promise that never settles: the call stays in flight. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => {})
}

/**
 * Starts shop `cafe` with its session and checkout on fakes, waits for the gate to open and
 * returns the checkout with the recorders (`goToReceipt` is the gate's). Session polling is
 * slow (60 s) so tests drive the payment outcome with `session.updated` themselves.
 */
export async function startCheckoutShop(fakes: CheckoutFakes = {}): Promise<CheckoutShop> {
  const startPayment = vi.fn(fakes.startPayment ?? (async () => ({ paymentId: 'pay-1' })))
  const cancelPayment = vi.fn(fakes.cancelPayment ?? (async (): Promise<CancelOutcome> => 'cancelled'))
  const openSwishApp = vi.fn<(params: { token: string; shopId: string }) => void>()
  const redirectToViva = vi.fn<(params: { orderCode: string; color: string }) => void>()
  const goToReceipt = vi.fn<(params: { shopId: string; receiptId: string | null }) => void>()
  const confirmCard = fakes.confirmCard ?? (async () => ({ status: 'succeeded' as const }))

  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(({ input }) => (fakes.fetchSession ?? (async () => fakes.session ?? sessionFixture()))(input)),
      pushCart: fromPromise(({ input }) => (fakes.pushCart ?? (async () => {}))(input)),
    },
    delays: { pushDebounce: 0, pushRetry: 60_000, loadRetry: 0, pollInterval: 60_000 },
  })
  const checkout = checkoutMachine.provide({
    actors: {
      startPayment: fromPromise(({ input }) => startPayment(input)),
      cancelPayment: fromPromise(({ input }) => cancelPayment(input)),
      swishPayment: swishPaymentMachine.provide({ actions: { openSwishApp: (_, params) => openSwishApp(params) } }),
      vivaPayment: vivaPaymentMachine.provide({ actions: { redirectToViva: (_, params) => redirectToViva(params) } }),
      cardPayment: cardPaymentMachine.provide({ actors: { confirmCardPayment: fromPromise(({ input }) => confirmCard(input)) } }),
    },
  })
  const machine = shopGateMachine.provide({
    actors: {
      loadShop: fromPromise(async () => fakes.shopData ?? shopDataFixture()),
      saveReference: fromPromise(async () => {}),
      session,
      checkout,
    },
    actions: { goToReceipt: (_, params) => goToReceipt(params) },
    delays: { loadRetry: 0 },
  })
  const input: ShopGateInput = { shopId: 'cafe', table: null, tabId: null, isMobile: fakes.isMobile ?? false }
  const shop = createActor(machine, { input }).start()
  // The payment section is on the cart page: the route tells the gate so as it loads.
  shop.send({ type: 'cart.entered' })
  const open = await waitFor(shop, (s) => s.matches('open'))
  const checkoutRef = checkoutOf(open)
  if (!checkoutRef) throw new Error('the gate opened without a checkout')
  return { shop, checkout: checkoutRef, startPayment, cancelPayment, openSwishApp, redirectToViva, goToReceipt }
}

/** The session actor of a started shop. */
export function sessionOf(shop: ShopGateActor): ActorRefFrom<typeof sessionMachine> {
  const ref = gateSession(shop.getSnapshot())
  if (!ref) throw new Error('no session')
  return ref
}

/** Fills the customer form through the checkout, as typing would (the fixture shop needs nothing). */
export function fillCustomer(checkout: CheckoutActor, values: Partial<Record<'name' | 'email' | 'phone', string>>) {
  for (const [field, value] of Object.entries(values) as ['name' | 'email' | 'phone', string][]) {
    checkout.send({ type: 'customer.changed', field, value })
  }
}

/** Renders `ui` inside Lingui and a memory router at `/cafe/cart`. */
export async function renderInCheckout(ui: ReactNode): Promise<RenderResult> {
  const rootRoute = createRootRoute({
    component: () => <TestProvider>{ui}</TestProvider>,
  })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/cafe/cart'] }) })
  await router.load()
  return render(<RouterProvider router={router} />)
}
