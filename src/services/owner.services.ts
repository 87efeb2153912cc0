import { fromCallback, fromPromise } from 'xstate'
import type { PlatformApi } from '@/api/client'
import { bookkeepingCallbackMachine, type CallbackProvider } from '@machines/bookkeeping-callback/bookkeeping-callback.machine'
import { integrationLinkMachine } from '@machines/integration-link/integration-link.machine'
import { companyCardPaymentMachine } from '@machines/company-card-payment/company-card-payment.machine'
import { cardPaymentMachine } from '@machines/payment/providers/card.machine'
import { passwordResetMachine } from '@machines/password-reset/password-reset.machine'
import { receiptPdfMachine } from '@machines/receipt-pdf/receipt-pdf.machine'
import type { AppServices } from './app-services'
import { navigateTo } from './browser'
import type { CardGateway } from './card-gateway'
import { createIdentityService, identityConfigFromEnv, type IdentityService } from './identity.services'
import { createIntegrationMemory, type IntegrationMemory } from './integration-memory'
import { mobileAppLink, safeLink } from './owner-links'
import { providedOnce } from './provided-once'
import { retrieveCardIntentActor } from './card/card-intent-actor'

/** What the owner flows need besides the platform API; tests pass recording fakes. */
export interface OwnerDeps {
  api: PlatformApi
  /** Sends the browser to a URL (the app link, the provider's consent page). */
  navigateTo(url: string): void
  /** The app's origin, for same-origin checks of links. */
  origin: string
  /** Created on first use, so the SDK loads only on the password reset page. */
  identity(): IdentityService
  /** Error reporting for failures the page handles itself. */
  reportError(error: unknown): void
  /** The app's card gateway: the mounted card form confirms through it. */
  cardGateway: Pick<CardGateway, 'confirm'>
  /** Bookkeeping codes this tab has linked, so a reload does not send one twice. */
  integrations: IntegrationMemory
}

/** An integration URL the platform sent that is not https (or ours): never followed. */
class UnsafeLinkError extends Error {
  constructor() {
    super('The integration link is not an https URL')
    this.name = 'UnsafeLinkError'
  }
}

/**
 * Live implementations of every side effect the owner machines name (DESIGN.md
 * `src/services`), as fully provided machines: the bookkeeping callback (integrate call, app
 * link, reporting, the linked code remembered for a reload), the integration link (fetch, checked, then followed), the company card
 * payment (intent fetch; its card payment reads the card intent through the card provider and
 * confirms through the card gateway), the password
 * reset (identity service) and the PDF receipt page. Also the link check the download page needs.
 * @internal exported for its tests
 */
export function createOwnerServices(deps: OwnerDeps) {
  const { api } = deps
  return {
    bookkeepingCallback: bookkeepingCallbackMachine.provide({
      actors: {
        integrateBookkeeping: fromPromise(({ input }) =>
          api.integrateBookkeeping(input.provider, input.companyId, { authorizationCode: input.authorizationCode, scopes: input.scopes }),
        ),
      },
      actions: {
        openApp: ({ context }) => deps.navigateTo(mobileAppLink(context)),
        reportFailure: (_, { error }) => deps.reportError(error),
        rememberIntegration: (_, { provider, code }) => deps.integrations.remember(provider, code),
      },
    }),
    /** Whether this tab linked `code` already (the bookkeeping callback's `linkedBefore`); Stripe's never is. */
    integrationLinked: (provider: CallbackProvider, code: string | null): boolean =>
      provider !== 'stripe' && code !== null && deps.integrations.linked(provider, code),
    integrationLink: integrationLinkMachine.provide({
      actors: {
        fetchIntegrationUrl: fromPromise(async ({ input }) => {
          const { integrationUrl } = await api.getIntegrationUrl(input.bookkeeper, input.companyId, input.authCode)
          const safe = safeLink(integrationUrl, deps.origin)
          if (safe === null) throw new UnsafeLinkError()
          return safe
        }),
      },
      actions: { openIntegration: (_, { url }) => deps.navigateTo(url) },
    }),
    /**
     * The company payment, its card payment reading the intent through the card provider and
     * confirming through the card gateway (the mounted card form).
     */
    companyCardPayment: companyCardPaymentMachine.provide({
      actors: {
        fetchPaymentIntent: fromPromise(({ input }) => api.getPaymentIntent(input.companyId, input.paymentIntentId)),
        cardPayment: cardPaymentMachine.provide({
          actors: {
            confirmCardPayment: fromPromise(({ input }) => deps.cardGateway.confirm(input)),
            // Pay may have gone through before a reload: the intent is read before Pay is offered,
            // through the card provider loaded with the card code, as the checkout does.
            retrieveCardIntent: retrieveCardIntentActor,
          },
        }),
      },
    }),
    passwordReset: passwordResetMachine.provide({
      actors: {
        verifyResetCode: fromPromise(({ input }) => deps.identity().verifyResetCode(input.oobCode)),
        confirmReset: fromPromise(({ input }) => deps.identity().confirmReset(input.oobCode, input.password)),
      },
    }),
    /** The PDF receipt page: the receipt's PDF (SPEC §7) as an object URL, revoked when the page goes. */
    receiptPdf: receiptPdfMachine.provide({
      actors: {
        fetchReceiptPdf: fromPromise(async ({ input }) => {
          const bytes = await api.getReceiptPdf(input.companyId, input.receiptId)
          return URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }))
        }),
        holdReceiptUrl: fromCallback<{ type: string }, { url: string }>(({ input }) => () => URL.revokeObjectURL(input.url)),
      },
    }),
    /** {@link safeLink} against the app's origin. */
    safeLink: (raw: string | null | undefined) => safeLink(raw, deps.origin),
  }
}

export type OwnerServices = ReturnType<typeof createOwnerServices>

/**
 * The owner services over the router context's services, one per AppServices
 * ({@link providedOnce}): its api and card gateway, the browser's navigation and origin, the
 * identity service from the build environment and error reporting.
 */
export const ownerServicesFor = providedOnce((services: AppServices): OwnerServices => {
  let identity: IdentityService | null = null
  return createOwnerServices({
    api: services.api,
    navigateTo,
    origin: window.location.origin,
    identity: () => (identity ??= createIdentityService(identityConfigFromEnv())),
    // Imported on use: a static import would let the bundler merge this module into the
    // entry's error-reporting chunk and preload every owner flow on every page.
    reportError: (error) => void import('./error-reporting').then((m) => m.reportError(error)),
    cardGateway: services.cardGateway,
    integrations: createIntegrationMemory(() => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage)),
  })
})
