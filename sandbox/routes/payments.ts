import type { Hono } from 'hono'
import * as v from 'valibot'
import { notArray } from '../../src/api/schemas/common.schema'
import { demoShops } from '../fixtures'
import { errorBody, idSchema, readJson, shopNotFound } from '../http'
import type { SandboxEnv } from '../http'
import {
  phoneDigits,
  randomAlnum,
  randomHex,
  sessionAmount,
  stockShortfalls,
  SWISH_NOT_ENROLLED_PHONE,
  swishCompleted,
  swishScripts,
  vivaOrderCode,
} from '../model'
import { methodType } from '../state'
import type { SandboxState } from '../state'

const field = v.nullish(v.string(), '')
const startPaymentSchema = v.object({
  paymentMethodId: idSchema,
  customerInfo: v.nullish(
    notArray(v.object({
      name: field,
      email: field,
      phone: field,
      extraInfo: field,
      postalCode: field,
      address: field,
      city: field,
      isMobile: v.nullish(v.boolean(), false),
    })),
    () => ({ name: '', email: '', phone: '', extraInfo: '', postalCode: '', address: '', city: '', isMobile: false }),
  ),
  orderReference: v.pipe(
    v.nullish(v.union([v.string(), v.number()]), null),
    v.transform((value): string | null => (value == null || value === '' ? null : String(value))),
  ),
})

/**
 * Mounts SPEC §7's startPayment and cancelPayment. startPayment checks the shop, method,
 * stock, cart and reference, then starts a simulated flow: Swish by phone number (README
 * "Outcomes"), a card intent for `/sandbox/card/confirm`, or a Viva order code for
 * `/sandbox/viva/checkout`.
 */
export function mountPaymentRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.post('/api/v2/webshop/:shopId/cart/startPayment', async (c) => {
    const faulted = await state.fault(c, 'startPayment')
    if (faulted) return faulted
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const parsed = v.safeParse(startPaymentSchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('Invalid payment request', 'BAD_REQUEST'), 400)
    const body = parsed.output
    const session = state.sessionFor(c, shop)
    if (shop.response.shop.active === false) return c.json(errorBody('The shop is closed', 'SHOP_CLOSED'), 400)
    const method = shop.response.paymentMethods?.find((m) => String(m.id) === body.paymentMethodId)
    const type = methodType(method?.type ?? '')
    if (!method || !type) return c.json(errorBody('Payment method not found', 'PAYMENT_METHOD_NOT_FOUND'), 400)

    const shortfalls = stockShortfalls(shop, session.cart, (id, initial) => state.stockOf(shop, id, initial))
    if (shortfalls.length > 0) return c.json(errorBody(JSON.stringify(shortfalls), 'OUT_OF_STOCK'), 400)
    if (session.cart.length === 0 && !session.tabItems.some((t) => t.count > 0)) {
      return c.json(errorBody('Cart is empty', 'EMPTY_CART'), 400)
    }
    const orderReference = body.orderReference ?? session.orderReference
    if (shop.response.shop.requireReference === true && orderReference === null) {
      return c.json(errorBody('Order reference is required', 'REFERENCE_REQUIRED'), 400)
    }

    const amount = sessionAmount(shop, session)
    state.endFlow(session)
    let paymentId: string
    let paymentIntentId: string | null = null
    if (type === 'SWISH_TRADE') {
      let script = swishCompleted
      if (!body.customerInfo.isMobile) {
        const phone = phoneDigits(body.customerInfo.phone)
        if (phone === '') return c.json(errorBody('Phone number is required', 'PHONE_REQUIRED'), 400)
        if (phone === SWISH_NOT_ENROLLED_PHONE) {
          return c.json(errorBody('The number is not connected to Swish', 'SWISH_NOT_ENROLLED'), 400)
        }
        script = swishScripts[phone] ?? swishCompleted
      }
      paymentId = randomHex(16)
      session.flow = { type, script, polls: 0, amount }
    } else if (type === 'STRIPE') {
      paymentIntentId = `pi_${randomAlnum(24)}`
      paymentId = `${paymentIntentId}_secret_${randomAlnum(24)}`
      session.flow = { type, clientSecret: paymentId, completeOnNextPoll: false, amount }
      state.payments.set(paymentId, session.key)
      state.cardIntents.set(paymentId, 'requires_payment_method')
    } else {
      paymentId = vivaOrderCode()
      session.flow = { type, orderCode: paymentId, amount }
      state.payments.set(paymentId, session.key)
    }
    session.paymentStatus = 'STARTED'
    session.paymentId = paymentId
    session.paymentIntentId = paymentIntentId
    session.paymentMethodId = String(method.id)
    session.receiptId = null
    session.message = null
    session.customerInfo = body.customerInfo
    session.orderReference = orderReference
    return c.json({ paymentId })
  })

  app.post('/api/v2/webshop/:shopId/cart/cancelPayment', (c) => {
    const shop = demoShops[c.req.param('shopId')]
    if (!shop) return shopNotFound(c)
    const session = state.sessionFor(c, shop)
    if (session.paymentStatus === 'COMPLETED') return c.json(errorBody('Payment is already completed', 'ALREADY_COMPLETED'), 409)
    if (session.paymentId === null || session.paymentStatus === 'NOT_STARTED') {
      return c.json(errorBody('No payment to cancel', 'NO_PAYMENT'), 404)
    }
    state.clearPayment(session)
    return c.body(null, 204)
  })
}
