// @vitest-environment node
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { receiptSchema } from '@/api/schemas/receipt.schema'
import { sessionResponseSchema } from '@/api/schemas/session.schema'
import type { PutCartBody, StartPaymentBody } from '@/api/schemas/session.schema'
import type { Session } from '@/domain/types'
import { createSandbox } from './app'
import { testClient } from './test-support/client'
import type { TestClient } from './test-support/client'

const customer: StartPaymentBody['customerInfo'] = {
  name: 'Anna',
  email: 'anna@example.com',
  phone: '',
  extraInfo: '',
  postalCode: '',
  address: '',
  city: '',
  isMobile: false,
}

type Line = PutCartBody['cart'][number]
const line = (productId: string, count: number, deviations: string[] = [], description = ''): Line => ({
  id: `${productId}-${deviations.join('+')}-${count}`,
  productId,
  count,
  deviations,
  description,
})

function setup() {
  const sandbox = createSandbox({ dataDir: null })
  const client = testClient(sandbox.app)
  return { sandbox, client }
}

async function putCart(client: TestClient, shop: string, cart: Line[], tabItems: PutCartBody['tabItems'] = []) {
  const res = await client.request(`/api/v2/webshop/${shop}/cart`, { method: 'PUT', json: { cart, tabItems } })
  expect(res.status).toBe(204)
}

async function poll(client: TestClient, shop = 'cafe', query = ''): Promise<Session> {
  const res = await client.json(`/api/v2/webshop/${shop}/cart${query}`)
  expect(res.status).toBe(200)
  return v.parse(sessionResponseSchema, res.body)
}

async function start(client: TestClient, body: Partial<StartPaymentBody> & { paymentMethodId: string }, shop = 'cafe') {
  return client.json<{ paymentId?: string; name?: string; errorCode?: string }>(`/api/v2/webshop/${shop}/cart/startPayment`, {
    method: 'POST',
    json: { customerInfo: customer, orderReference: null, ...body },
  })
}

const swish = (phone: string, isMobile = false) => ({ paymentMethodId: 'cafe-swish', customerInfo: { ...customer, phone, isMobile } })

describe('Swish outcomes by phone number', () => {
  it.each([
    ['070-000 00 01', 'FAILED', 2, 'Declined by payer'],
    ['0700000002', 'CANCELLED', 2, null],
    ['+46 70 000 00 03', 'ERROR', 2, 'Swish did not answer'],
    ['0701234567', 'COMPLETED', 3, null],
  ] as const)('%s ends %s on poll %i', async (phone, status, polls, message) => {
    const { client } = setup()
    await putCart(client, 'cafe', [line('espresso', 1)])
    const started = await start(client, swish(phone))
    expect(started.status).toBe(200)
    expect(started.body.paymentId).toMatch(/^[0-9a-f]{32}$/)
    for (let i = 1; i < polls; i++) expect((await poll(client)).paymentStatus).toBe('STARTED')
    const done = await poll(client)
    expect(done.paymentStatus).toBe(status)
    expect(done.message).toBe(message)
    // The outcome is sticky: further polls do not move it.
    expect((await poll(client)).paymentStatus).toBe(status)
  })

  it('completes a mobile payment after 3 polls whatever the number', async () => {
    const { client } = setup()
    await putCart(client, 'cafe', [line('espresso', 1)])
    expect((await start(client, swish('0700000001', true))).status).toBe(200)
    const states = [await poll(client), await poll(client), await poll(client)].map((s) => s.paymentStatus)
    expect(states).toEqual(['STARTED', 'STARTED', 'COMPLETED'])
  })

  it('refuses a blank phone on desktop and an unenrolled number', async () => {
    const { client } = setup()
    await putCart(client, 'cafe', [line('espresso', 1)])
    expect(await start(client, swish('  '))).toEqual({ status: 400, body: { name: 'Phone number is required', errorCode: 'PHONE_REQUIRED' } })
    expect(await start(client, swish('0700000004'))).toEqual({
      status: 400,
      body: { name: 'The number is not connected to Swish', errorCode: 'SWISH_NOT_ENROLLED' },
    })
    expect((await poll(client)).paymentStatus).toBe('NOT_STARTED')
  })
})

describe('startPayment checks', () => {
  it('reports stock shortfalls as OUT_OF_STOCK with the units remaining', async () => {
    const { client } = setup()
    await putCart(client, 'cafe', [line('cinnamon-bun', 2), line('cinnamon-bun', 2, [], 'warm'), line('blueberry-pie', 1), line('espresso', 9)])
    const res = await start(client, { paymentMethodId: 'cafe-card' })
    expect(res.status).toBe(400)
    expect(res.body.errorCode).toBe('OUT_OF_STOCK')
    const list: unknown = JSON.parse(res.body.name ?? '')
    expect(list).toEqual([
      { id: 'cinnamon-bun', stock: 3 },
      { id: 'blueberry-pie', stock: 0 },
    ])
  })

  it('refuses an empty cart, an unknown method, and garbage', async () => {
    const { client } = setup()
    expect(await start(client, { paymentMethodId: 'cafe-card' })).toEqual({ status: 400, body: { name: 'Cart is empty', errorCode: 'EMPTY_CART' } })
    await putCart(client, 'cafe', [line('espresso', 1)])
    expect((await start(client, { paymentMethodId: 'nope' })).body.errorCode).toBe('PAYMENT_METHOD_NOT_FOUND')
    const garbage = await client.request('/api/v2/webshop/cafe/cart/startPayment', { method: 'POST', body: 'not json' })
    expect(garbage.status).toBe(400)
  })

  it('rejects malformed carts with 400 and caps tab item counts at the tab line count', async () => {
    const { client } = setup()
    for (const body of [{}, { cart: 'x' }, { cart: [{ id: 'a', productId: 'espresso', count: 1.5 }], tabItems: [] }, { cart: [{ id: 'a', productId: 'ghost', count: 1 }] }]) {
      expect((await client.request('/api/v2/webshop/cafe/cart', { method: 'PUT', json: body })).status).toBe(400)
    }
    await poll(client, 'tab', '?tabId=tab-1')
    await putCart(client, 'tab', [], [{ id: 'tl-1', count: 99 }, { id: 'tl-4', count: 1 }, { id: 'not-a-line', count: 1 }])
    expect((await poll(client, 'tab')).tabItems).toEqual([{ id: 'tl-1', count: 2 }, { id: 'tl-4', count: 1 }])
  })
})

describe('card payments (simulated card provider)', () => {
  async function startCard() {
    const { client, sandbox } = setup()
    await putCart(client, 'cafe', [line('cappuccino', 2, ['oat', 'extra-shot'])])
    const res = await start(client, { paymentMethodId: 'cafe-card' })
    expect(res.status).toBe(200)
    const secret = res.body.paymentId ?? ''
    // The simulated card provider's webhook: the outcome the browser decided from the test card.
    const confirm = async (status: 'succeeded' | 'requires_action' | 'failed', message: string | null = null) =>
      (await client.request('/sandbox/card/confirm', { method: 'POST', json: { clientSecret: secret, status, message } })).status
    return { client, sandbox, secret, confirm }
  }

  it('answers a client secret and stores the intent id', async () => {
    const { client, secret } = await startCard()
    expect(secret).toMatch(/^pi_[A-Za-z0-9]{24}_secret_[A-Za-z0-9]{24}$/)
    const session = await poll(client)
    expect(session).toMatchObject({ paymentStatus: 'STARTED', paymentId: secret, paymentIntentId: secret.split('_secret_')[0], paymentMethodId: 'cafe-card' })
  })

  it('a card that succeeded completes on the next poll with a receipt', async () => {
    const { client, confirm } = await startCard()
    expect(await confirm('succeeded')).toBe(204)
    const done = await poll(client)
    expect(done.paymentStatus).toBe('COMPLETED')
    expect(done.cart).toEqual([])
    const receipt = v.parse(receiptSchema, (await client.json(`/api/v2/webshop/cafe/receipt/${done.receiptId}`)).body)
    expect(receipt.id).toBe(done.receiptId)
    expect(receipt.products).toEqual([
      {
        id: 'cappuccino',
        title: 'Cappuccino',
        count: 2,
        price: 4500,
        description: null,
        deviations: [
          { id: 'oat', name: 'Oat milk', count: 1, price: 500 },
          { id: 'extra-shot', name: 'Extra shot', count: 1, price: 800 },
        ],
        sizeOfItem: 1,
        discount: null,
        tax: 12,
      },
    ])
    expect(receipt.paymentMethods).toEqual([{ id: 'cafe-card', type: 'CARD', amount: 2 * (4500 + 500 + 800) }])
    expect(receipt).toMatchObject({ name: 'Café Söder AB', organizationnumber: '559012-3456', cashRegisterLabel: 'Webbkassa 1' })
    expect(receipt.controlUnitResponse).toMatch(/^[0-9A-F]{40}$/)
    expect(receipt.dateCreated).toBeGreaterThan(Date.now() - 60_000)
  })

  it('a card that asks for action leaves the payment STARTED until its next outcome', async () => {
    const { client, confirm } = await startCard()
    expect(await confirm('requires_action')).toBe(204)
    expect((await poll(client)).paymentStatus).toBe('STARTED')
    expect(await confirm('succeeded')).toBe(204)
    expect((await poll(client)).paymentStatus).toBe('COMPLETED')
  })

  it('a refusal fails the session with its message (or none), and another card can retry', async () => {
    const { client, confirm } = await startCard()
    expect(await confirm('failed', 'Your card was declined.')).toBe(204)
    expect(await poll(client)).toMatchObject({ paymentStatus: 'FAILED', message: 'Your card was declined.' })
    expect(await confirm('failed')).toBe(204)
    expect(await poll(client)).toMatchObject({ paymentStatus: 'FAILED', message: null })
    expect(await confirm('succeeded')).toBe(204)
    expect((await poll(client)).paymentStatus).toBe('COMPLETED')
  })

  it('refuses a webhook that names a card number instead of an outcome', async () => {
    const { client, secret } = await startCard()
    const res = await client.request('/sandbox/card/confirm', { method: 'POST', json: { clientSecret: secret, cardNumber: '4242424242424242' } })
    expect(res.status).toBe(400)
  })

  it('answers 404 for an unknown secret', async () => {
    const { client } = setup()
    const res = await client.request('/sandbox/card/confirm', { method: 'POST', json: { clientSecret: 'pi_x_secret_y', status: 'succeeded' } })
    expect(res.status).toBe(404)
  })

  it("keeps the card provider's record of the intent apart from the session: a held webhook leaves a paid intent STARTED", async () => {
    const { client, secret } = await startCard()
    const intent = async () => (await client.json<{ status: string }>(`/sandbox/card/intent?clientSecret=${encodeURIComponent(secret)}`)).body.status
    expect(await intent()).toBe('requires_payment_method')
    const record = (status: string) => client.request('/sandbox/card/intent', { method: 'POST', json: { clientSecret: secret, status } })
    expect((await record('succeeded')).status).toBe(204)
    expect(await intent()).toBe('succeeded')
    // Stripe has it paid; the platform has not heard (no /sandbox/card/confirm): still STARTED.
    expect((await poll(client)).paymentStatus).toBe('STARTED')
    expect((await record('paid')).status).toBe(400)
    expect(await intent()).toBe('succeeded')
  })

  it('answers 404 for the intent of an unknown secret, and forgets intents on reset', async () => {
    const { client, secret } = await startCard()
    expect((await client.request('/sandbox/card/intent?clientSecret=pi_x_secret_y')).status).toBe(404)
    expect((await client.request('/sandbox/card/intent', { method: 'POST', json: { clientSecret: 'pi_x_secret_y', status: 'succeeded' } })).status).toBe(404)
    expect((await client.request('/sandbox/reset', { method: 'POST' })).status).toBeLessThan(300)
    expect((await client.request(`/sandbox/card/intent?clientSecret=${encodeURIComponent(secret)}`)).status).toBe(404)
  })
})

describe('Viva checkout page', () => {
  async function startViva() {
    const { client } = setup()
    await putCart(client, 'cafe', [line('latte', 1)])
    const res = await start(client, { paymentMethodId: 'cafe-viva' })
    expect(res.status).toBe(200)
    return { client, ref: res.body.paymentId ?? '' }
  }

  it('shows the amount in the given colour with three plain form buttons', async () => {
    const { client, ref } = await startViva()
    expect(ref).toMatch(/^[1-9]\d{15}$/)
    const page = await client.request(`/sandbox/viva/checkout?ref=${ref}&color=1f6f50`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('#1f6f50')
    expect(html).toMatch(/49,00\s*kr/)
    expect(html).not.toContain('<script')
    for (const outcome of ['approve', 'decline', 'cancel']) expect(html).toContain(`action="/sandbox/viva/checkout/${ref}/${outcome}"`)
    expect((await client.request('/sandbox/viva/checkout?ref=123')).status).toBe(404)
  })

  it.each([
    ['approve', 'COMPLETED', null],
    ['decline', 'FAILED', 'Declined'],
    ['cancel', 'CANCELLED', null],
  ] as const)("%s → %s and a 303 back to the cart with Viva's return parameters", async (outcome, status, message) => {
    const { client, ref } = await startViva()
    const res = await client.request(`/sandbox/viva/checkout/${ref}/${outcome}`, { method: 'POST' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/cafe/cart?t=tx-${ref}&s=${ref}&lang=en-GB&eventId=0&eci=1`)
    expect(await poll(client)).toMatchObject({ paymentStatus: status, message })
  })
})

describe('cancelPayment', () => {
  it('404 when nothing to cancel, 204 on a started payment, 409 once completed', async () => {
    const { client } = setup()
    const cancel = () => client.request('/api/v2/webshop/cafe/cart/cancelPayment', { method: 'POST' })
    expect((await cancel()).status).toBe(404)
    await putCart(client, 'cafe', [line('espresso', 1)])
    await start(client, swish('0701234567'))
    expect((await cancel()).status).toBe(204)
    expect(await poll(client)).toMatchObject({ paymentStatus: 'NOT_STARTED', paymentId: null })
    expect((await cancel()).status).toBe(404)
    await start(client, swish('0701234567'))
    await poll(client)
    await poll(client)
    expect((await poll(client)).paymentStatus).toBe('COMPLETED')
    expect((await cancel()).status).toBe(409)
  })
})

describe('completion', () => {
  it('decrements stock, keeps COMPLETED until the next PUT, and numbers receipts from 1001', async () => {
    const { client } = setup()
    const buy = async (cart: Line[]) => {
      await putCart(client, 'cafe', cart)
      expect((await start(client, swish('0701234567'))).status).toBe(200)
      await poll(client)
      await poll(client)
      const done = await poll(client)
      expect(done.paymentStatus).toBe('COMPLETED')
      return done
    }
    const first = await buy([line('cinnamon-bun', 2), line('mug', 1)])
    const receipt = v.parse(receiptSchema, (await client.json(`/api/v2/webshop/cafe/receipt/${first.receiptId}`)).body)
    expect(receipt.receiptId).toBe('1001')
    expect(receipt.products.map((p) => [p.id, p.tax])).toEqual([['cinnamon-bun', 12], ['mug', 25]])
    expect(receipt.paymentMethods[0]).toMatchObject({ type: 'SWISH', amount: 2 * 3500 + 14900 })
    const shop = (await client.json<{ articles: Record<string, { count: number; outOfStock: boolean }> }>('/api/v2/webshop/cafe')).body
    expect(shop.articles['cinnamon-bun']).toMatchObject({ count: 1, outOfStock: false })
    // Still COMPLETED with its receipt until the cart changes.
    expect(await poll(client)).toMatchObject({ paymentStatus: 'COMPLETED', receiptId: first.receiptId })
    const second = await buy([line('cinnamon-bun', 1)])
    expect(v.parse(receiptSchema, (await client.json(`/api/v2/webshop/cafe/receipt/${second.receiptId}`)).body).receiptId).toBe('1002')
    const after = (await client.json<{ articles: Record<string, { count: number; outOfStock: boolean }> }>('/api/v2/webshop/cafe')).body
    expect(after.articles['cinnamon-bun']).toMatchObject({ count: 0, outOfStock: true })
    await putCart(client, 'cafe', [])
    expect(await poll(client)).toMatchObject({ paymentStatus: 'NOT_STARTED', receiptId: null })
  })

  it('pays chosen tab items and takes them off the tab', async () => {
    const { client } = setup()
    const opened = await poll(client, 'tabonly', '?table=&tabId=tab-1')
    expect(opened.activeTab?.customerReference).toBe('Anna, table 4')
    expect(opened.activeTab?.cart).toHaveLength(5)
    const fish = opened.activeTab?.cart.find((l) => l.id === 'tl-2')
    // The line's price excludes its deviations; SPEC §9 adds them: 169,00 + 10,00.
    expect(fish).toMatchObject({ price: 16900, product: { price: 16900 }, deviations: [{ name: 'Extra remoulade', price: 1000 }] })
    await putCart(client, 'tabonly', [], [{ id: 'tl-1', count: 2 }, { id: 'tl-2', count: 1 }])
    expect((await start(client, { paymentMethodId: 'tab-swish', customerInfo: { ...customer, phone: '0701234567' } }, 'tabonly')).status).toBe(200)
    await poll(client, 'tabonly')
    await poll(client, 'tabonly')
    const done = await poll(client, 'tabonly')
    expect(done.paymentStatus).toBe('COMPLETED')
    expect(done.tabItems).toEqual([])
    expect(done.activeTab?.cart.map((l) => l.id)).toEqual(['tl-3', 'tl-4', 'tl-5'])
    const receipt = v.parse(receiptSchema, (await client.json(`/api/v2/webshop/tabonly/receipt/${done.receiptId}`)).body)
    expect(receipt.products.map((p) => [p.title, p.count, p.price])).toEqual([
      ['Pilsner 50 cl', 2, 7900],
      ['Fish and chips', 1, 16900],
    ])
    expect(receipt.paymentMethods[0]?.amount).toBe(2 * 7900 + 17900)
  })

  it('gives activeTab null for an unknown tab and on shops without tabs', async () => {
    const { client } = setup()
    expect((await poll(client, 'tab', '?tabId=tab-9')).activeTab).toBeNull()
    expect((await poll(client, 'cafe', '?tabId=tab-1')).activeTab).toBeNull()
  })
})

describe('tables and references', () => {
  it('sets the order reference from a valid table and answers TABLE_NOT_FOUND otherwise', async () => {
    const { client } = setup()
    expect((await poll(client, 'tables', '?table=4&tabId=')).orderReference).toBe('4')
    for (const table of ['0', '21', 'abc']) {
      expect(await client.json(`/api/v2/webshop/tables/cart?table=${table}`)).toEqual({
        status: 404,
        body: { name: 'Table number not found', errorCode: 'TABLE_NOT_FOUND' },
      })
    }
    expect((await poll(client, 'tables', '?table=20')).orderReference).toBe('20')
  })

  it('accepts bar references 1–50 and keeps them as the order reference', async () => {
    const { client } = setup()
    const save = (reference: string) => client.json('/api/v2/webshop/bar/reference', { method: 'POST', json: { reference } })
    expect(await save('51')).toEqual({ status: 404, body: { name: 'Reference not found' } })
    expect((await save('')).status).toBe(404)
    expect((await client.json('/api/v2/webshop/cafe/reference', { method: 'POST', json: { reference: '1' } })).status).toBe(404)
    expect((await save('07')).status).toBe(204)
    expect((await poll(client, 'bar')).orderReference).toBe('07')
  })
})

describe('receipts: e-mail and downloads', () => {
  async function paidReceipt() {
    const { client, sandbox } = setup()
    await putCart(client, 'cafe', [line('espresso', 1, [], 'extra hot')])
    await start(client, swish('0701234567'))
    await poll(client)
    await poll(client)
    const done = await poll(client)
    return { client, sandbox, id: done.receiptId ?? '' }
  }

  it('sends e-mails (500 when the address contains "fail") and 404s unknown receipts', async () => {
    const { client, sandbox, id } = await paidReceipt()
    const send = (email: string, rid = id) => client.request(`/api/v2/webshop/cafe/receipt/${rid}/email`, { method: 'POST', json: { email } })
    expect((await send('anna@example.com')).status).toBe(204)
    expect((await send('fail@example.com')).status).toBe(500)
    expect((await send('anna@example.com', 'nope')).status).toBe(404)
    expect(sandbox.sentEmails().map((m) => m.email)).toEqual(['anna@example.com'])
    expect((await client.request(`/api/v2/webshop/deli/receipt/${id}`)).status).toBe(404)
  })

  it('downloads a real PDF, and the owner route gives its bytes', async () => {
    const { client, id } = await paidReceipt()
    const pdf = await client.request(`/api/v2/webshop/cafe/receipt/${id}/download`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const owner = await client.json<{ pdfData: { data: number[] } }>(`/api/v1/webshop/download/cafe/${id}`)
    expect(owner.status).toBe(200)
    expect(String.fromCharCode(...owner.body.pdfData.data.slice(0, 5))).toBe('%PDF-')
    expect(await client.json('/api/v1/webshop/download/cafe/notready')).toEqual({ status: 400, body: { name: 'Receipt is not ready yet' } })
    expect((await client.request('/api/v1/webshop/download/cafe/unknown')).status).toBe(404)
  })
})

describe('identity toolkit password reset', () => {
  it('verifies codes and refuses weak passwords the way the identity service does', async () => {
    const { client } = setup()
    const reset = (body: object) =>
      client.json<{ email?: string; error?: { message: string } }>('/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake', {
        method: 'POST',
        json: body,
      })
    expect(await reset({ oobCode: 'good-code' })).toMatchObject({ status: 200, body: { email: 'owner@example.com' } })
    expect((await reset({ oobCode: 'expired-code' })).body.error?.message).toBe('EXPIRED_OOB_CODE')
    expect((await reset({})).body.error?.message).toBe('INVALID_OOB_CODE')
    expect((await reset({ oobCode: 'good', newPassword: 'abc' })).body.error?.message).toMatch(/^WEAK_PASSWORD/)
    expect((await reset({ oobCode: 'good', newPassword: 'password' })).body.error?.message).toMatch(/^WEAK_PASSWORD/)
    expect((await reset({ oobCode: 'good', newPassword: 'correct horse battery' })).status).toBe(200)
  })
})
