// @vitest-environment node
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { paymentIntentResponseSchema } from '@/api/schemas/payment-intent.schema'
import { integrationUrlResponseSchema } from '@/api/schemas/bookkeeping.schema'
import { createSandbox } from './app'
import { testClient } from './test-support/client'

describe('owner endpoints', () => {
  it('company card payment: open intent completes on the poll after a successful confirmation', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    const get = async () => v.parse(paymentIntentResponseSchema, (await client.json('/api/v1/company/cafe/payments/pi_company_demo')).body)
    const open = await get()
    expect(open).toEqual({
      status: 'NOT_STARTED',
      clientSecret: 'pi_company_demo_secret_sandbox',
      stripeAccountId: 'acct_demo_cafe',
      amount: { amount: 125000, currency: 'SEK' },
      errorMessage: null,
    })
    // The simulated card provider's webhook: each confirmation's outcome.
    const confirm = async (status: string, message: string | null = null) =>
      (await client.request('/sandbox/card/confirm', { method: 'POST', json: { clientSecret: open.clientSecret, status, message } })).status
    expect(await confirm('failed', 'Your card was declined.')).toBe(204)
    expect((await get()).errorMessage).toBe('Your card was declined.')
    expect(await confirm('requires_action')).toBe(204)
    expect((await get()).status).toBe('NOT_STARTED')
    expect(await confirm('succeeded')).toBe(204)
    expect((await get()).status).toBe('COMPLETED')
    expect(await confirm('succeeded')).toBe(409)
    expect(v.parse(paymentIntentResponseSchema, (await client.json('/api/v1/company/cafe/payments/pi_company_paid')).body).status).toBe('COMPLETED')
    expect((await client.request('/api/v1/company/cafe/payments/pi_nope')).status).toBe(404)
    expect((await client.request('/api/v1/company/deli/payments/pi_company_demo')).status).toBe(404)
  })

  it('company card payment: each fresh demo id is its own open intent, apart from the others', async () => {
    const client = testClient(createSandbox({ dataDir: null }).app)
    const get = async (id: string) => v.parse(paymentIntentResponseSchema, (await client.json(`/api/v1/company/cafe/payments/${id}`)).body)
    const a = await get('pi_company_demo-a')
    expect(a).toMatchObject({ status: 'NOT_STARTED', clientSecret: 'pi_company_demo-a_secret_sandbox', amount: { amount: 125000, currency: 'SEK' } })
    const confirm = await client.request('/sandbox/card/confirm', { method: 'POST', json: { clientSecret: a.clientSecret, status: 'succeeded' } })
    expect(confirm.status).toBe(204)
    expect((await get('pi_company_demo-a')).status).toBe('COMPLETED')
    expect(await get('pi_company_demo-b')).toMatchObject({ status: 'NOT_STARTED', clientSecret: 'pi_company_demo-b_secret_sandbox' })
    expect((await get('pi_company_demo')).status).toBe('NOT_STARTED')
    expect((await client.request('/api/v1/company/cafe/payments/pi_company_demo-')).status).toBe(404)
    expect((await client.request('/api/v1/company/deli/payments/pi_company_demo-a')).status).toBe(404)
  })

  it('bookkeeping: integration link, expired link, and integrate', async () => {
    const sandbox = createSandbox({ dataDir: null })
    const client = testClient(sandbox.app)
    const link = v.parse(integrationUrlResponseSchema, (await client.json('/api/v1/webshop/bookkeeping/integrationUrl/fortnox/cafe/abc')).body)
    const url = new URL(link.integrationUrl)
    expect(url.pathname).toBe('/integrateFortnox')
    expect(JSON.parse(Buffer.from(url.searchParams.get('state') ?? '', 'base64').toString())).toEqual({ isWeb: true, companyID: 'cafe', scopeState: 'sandbox' })
    expect((await client.request('/api/v1/webshop/bookkeeping/integrationUrl/visma/cafe/expired')).status).toBe(401)
    expect((await client.request('/api/v1/webshop/bookkeeping/integrationUrl/other/cafe/abc')).status).toBe(400)
    const integrate = (provider: string, authorizationCode: string) =>
      client.json(`/api/v1/webshop/bookkeeping/${provider}/integrate/cafe`, { method: 'POST', json: { authorizationCode, scopes: 'bookkeeping' } })
    expect((await integrate('visma', 'good')).status).toBe(204)
    expect(await integrate('fortnox', 'fail-1')).toEqual({ status: 400, body: { name: 'The authorization code was rejected', errorCode: 'INTEGRATION_FAILED' } })
    expect(sandbox.integrations()).toEqual([{ provider: 'visma', companyId: 'cafe', authorizationCode: 'good', scopes: 'bookkeeping' }])
  })
})
