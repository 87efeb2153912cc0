import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import type { PaymentIntentResponseWire } from '@/api/schemas/payment-intent.schema'
import { bookkeepingProviders } from '@/api/schemas/bookkeeping.schema'
import type { SandboxEnv } from './http'

/** A company card payment (SPEC §2 card payment page). Amount in minor units, SEK. */
export interface CompanyIntent {
  companyId: string
  id: string
  clientSecret: string
  stripeAccountId: string
  amount: number
  status: 'NOT_STARTED' | 'COMPLETED'
  /** Set by a successful card confirmation; the next GET turns the intent COMPLETED. */
  completeOnNextPoll: boolean
  error: string | null
}

/**
 * Demo company payments of company `cafe`: one open (`pi_company_demo`), one paid
 * (`pi_company_paid`); `pi_company_demo-{anything}` adds an open one on its first GET.
 */
export function demoCompanyIntents(): CompanyIntent[] {
  return [
    {
      companyId: 'cafe',
      id: 'pi_company_demo',
      clientSecret: 'pi_company_demo_secret_sandbox',
      stripeAccountId: 'acct_demo_cafe',
      amount: 125000,
      status: 'NOT_STARTED',
      completeOnNextPoll: false,
      error: null,
    },
    {
      companyId: 'cafe',
      id: 'pi_company_paid',
      clientSecret: 'pi_company_paid_secret_sandbox',
      stripeAccountId: 'acct_demo_cafe',
      amount: 49900,
      status: 'COMPLETED',
      completeOnNextPoll: false,
      error: null,
    },
  ]
}

/**
 * Ids of company `cafe` made on their first GET, each its own open payment like
 * `pi_company_demo` (`pi_company_demo-{anything}`): browsers that pay at the same time (the
 * browser model suite) then never share one intent, as a confirmation changes it for good.
 */
const FRESH_DEMO_PREFIX = 'pi_company_demo-'

/** A new open payment of company `cafe` with this id, or null when the id is not a fresh demo id. */
function freshDemoIntent(companyId: string, id: string): CompanyIntent | null {
  if (companyId !== 'cafe' || !id.startsWith(FRESH_DEMO_PREFIX) || id.length === FRESH_DEMO_PREFIX.length) return null
  const [open] = demoCompanyIntents()
  return open ? { ...open, id, clientSecret: `${id}_secret_sandbox` } : null
}

/** Auth code of an integration link that has expired (answers 401 UNAUTHORIZED). */
const EXPIRED_AUTH_CODE = 'expired'

const integrateSchema = v.object({ authorizationCode: v.pipe(v.string(), v.minLength(1)), scopes: v.nullish(v.string()) })

/** One bookkeeping integration the sandbox accepted. */
export interface Integration {
  provider: string
  companyId: string
  authorizationCode: string
  scopes: string | null
}

/**
 * Mounts SPEC §7's owner calls on the sandbox app: the company card payment
 * (GET /api/v1/company/{companyId}/payments/{id}; a fresh demo id adds its intent) and the bookkeeping link and integrate calls.
 * `intents` is shared with the simulated card provider, which completes them.
 */
export function mountOwnerRoutes(app: Hono<SandboxEnv>, intents: () => CompanyIntent[], integrations: Integration[]): void {
  app.get('/api/v1/company/:companyId/payments/:paymentIntentId', (c) => {
    const companyId = c.req.param('companyId')
    const id = c.req.param('paymentIntentId')
    let intent = intents().find((i) => i.companyId === companyId && i.id === id)
    if (!intent) {
      const fresh = freshDemoIntent(companyId, id)
      if (!fresh) return c.json({ name: 'Payment not found' }, 404)
      intents().push(fresh)
      intent = fresh
    }
    if (intent.completeOnNextPoll) {
      intent.status = 'COMPLETED'
      intent.completeOnNextPoll = false
    }
    const body: PaymentIntentResponseWire = {
      paymentIntent: {
        status: intent.status,
        paymentData: {
          clientSecret: intent.clientSecret,
          stripeAccountId: intent.stripeAccountId,
          pendingPaymentMethod: { amount: intent.amount, currency: 'sek' },
          error: intent.error === null ? null : { message: intent.error },
        },
      },
    }
    return c.json(body)
  })

  app.get('/api/v1/webshop/bookkeeping/integrationUrl/:bookkeeper/:companyId/:authCode', (c: Context<SandboxEnv>) => {
    const bookkeeper = c.req.param('bookkeeper') ?? ''
    if (c.req.param('authCode') === EXPIRED_AUTH_CODE) return c.json({ name: 'UNAUTHORIZED', errorCode: 'UNAUTHORIZED' }, 401)
    if (!(bookkeepingProviders as readonly string[]).includes(bookkeeper)) return c.json({ name: 'Unsupported bookkeeper' }, 400)
    // The link a real platform gives leads to the provider's consent page, which then calls
    // back to /integrate{Provider}; the sandbox skips the provider and links the callback.
    const state = Buffer.from(JSON.stringify({ isWeb: true, companyID: c.req.param('companyId'), scopeState: 'sandbox' })).toString('base64')
    const callback = new URL(bookkeeper === 'fortnox' ? '/integrateFortnox' : '/integrateVisma', c.req.url)
    callback.search = new URLSearchParams({ code: 'sandbox-code', state }).toString()
    return c.json({ integrationUrl: callback.toString() })
  })

  app.post('/api/v1/webshop/bookkeeping/:provider/integrate/:companyId', async (c) => {
    const provider = c.req.param('provider')
    if (!(bookkeepingProviders as readonly string[]).includes(provider)) return c.json({ name: 'Unsupported bookkeeper' }, 404)
    const parsed = v.safeParse(integrateSchema, await c.req.json().catch(() => undefined))
    if (!parsed.success) return c.json({ name: 'authorizationCode is required', errorCode: 'BAD_REQUEST' }, 400)
    // Lets tests reach integrate.{provider}IntegrationFailed with a server message.
    if (parsed.output.authorizationCode.startsWith('fail')) {
      return c.json({ name: 'The authorization code was rejected', errorCode: 'INTEGRATION_FAILED' }, 400)
    }
    integrations.push({ provider, companyId: c.req.param('companyId'), authorizationCode: parsed.output.authorizationCode, scopes: parsed.output.scopes ?? null })
    return c.body(null, 204)
  })
}
