import type { Hono } from 'hono'
import * as v from 'valibot'
import { readJson } from '../http'
import type { SandboxEnv } from '../http'
import type { SandboxState } from '../state'
import { hexColour, vivaCheckoutPage } from '../viva-page'

/**
 * The simulated card provider's webhook: the outcome of one confirmation, as Stripe tells the
 * platform. Never the card: the browser decided the verdict from it, and its number stays there.
 */
const cardConfirmSchema = v.object({
  clientSecret: v.pipe(v.string(), v.minLength(1)),
  status: v.picklist(['succeeded', 'requires_action', 'failed']),
  message: v.nullish(v.string(), null),
})

/** Stripe's `PaymentIntent.status` values. */
const intentStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded'] as const
const cardIntentSchema = v.object({ clientSecret: v.pipe(v.string(), v.minLength(1)), status: v.picklist(intentStatuses) })

/**
 * Mounts the simulated payment providers (CONTRACT.md "External services without keys"):
 * the card provider's webhook `POST /sandbox/card/confirm {clientSecret, status, message}` (the
 * outcome of a confirmation the browser decided from Stripe's test cards, README "Outcomes", for
 * shop payments and company payments; 204), its record of intent statuses
 * (`POST /sandbox/card/intent {clientSecret, status}`, `GET /sandbox/card/intent?clientSecret=`
 * → `{status}`; 404 for a secret the sandbox never gave out) and Viva's hosted checkout page
 * `GET /sandbox/viva/checkout?ref=&color=` with its Approve / Decline / Cancel buttons. The
 * browser's simulated Stripe decides each card verdict itself, records the
 * intent's status, and sends every verdict to `confirm`, as Stripe's webhook tells the real
 * platform; the app ignores that answer. The record is Stripe's side: holding the webhook back
 * leaves a paid intent that the session does not know of yet.
 */
export function mountProviderRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  const knownIntent = (clientSecret: string) => state.cardIntents.has(clientSecret) || state.companyIntents.some((i) => i.clientSecret === clientSecret)

  app.post('/sandbox/card/intent', async (c) => {
    const parsed = v.safeParse(cardIntentSchema, await readJson(c))
    if (!parsed.success) return c.json({ error: { message: 'Invalid request' } }, 400)
    if (!knownIntent(parsed.output.clientSecret)) return c.json({ error: { message: 'No such payment intent' } }, 404)
    state.cardIntents.set(parsed.output.clientSecret, parsed.output.status)
    return c.body(null, 204)
  })

  app.get('/sandbox/card/intent', (c) => {
    const clientSecret = c.req.query('clientSecret') ?? ''
    if (!knownIntent(clientSecret)) return c.json({ error: { message: 'No such payment intent' } }, 404)
    return c.json({ status: state.cardIntents.get(clientSecret) ?? 'requires_payment_method' })
  })

  app.post('/sandbox/card/confirm', async (c) => {
    const parsed = v.safeParse(cardConfirmSchema, await readJson(c))
    if (!parsed.success) return c.json({ error: { message: 'Invalid request' } }, 400)
    const { clientSecret, status, message } = parsed.output
    const companyIntent = state.companyIntents.find((i) => i.clientSecret === clientSecret)
    if (companyIntent) {
      if (companyIntent.status === 'COMPLETED') return c.json({ error: { message: 'This payment is already completed.' } }, 409)
      // A refusal is kept as the intent's last error; a success completes it on the next poll.
      if (status === 'failed') companyIntent.error = message
      if (status === 'succeeded') Object.assign(companyIntent, { error: null, completeOnNextPoll: true })
      return c.body(null, 204)
    }
    const found = state.paymentSession(clientSecret)
    const flow = found?.session.flow
    if (!found || flow?.type !== 'STRIPE') return c.json({ error: { message: 'No such payment intent' } }, 404)
    const { shop, session } = found
    if (session.paymentStatus !== 'STARTED' && session.paymentStatus !== 'FAILED') {
      return c.json({ error: { message: 'This payment is no longer active.' } }, 409)
    }
    if (status === 'failed') state.finish(shop, session, 'FAILED', message)
    if (status === 'succeeded') {
      session.paymentStatus = 'STARTED'
      session.message = null
      flow.completeOnNextPoll = true
    }
    return c.body(null, 204)
  })

  app.get('/sandbox/viva/checkout', (c) => {
    const ref = c.req.query('ref') ?? ''
    const found = state.paymentSession(ref)
    if (!found || found.session.flow?.type !== 'VIVA_WALLET_WEB') {
      return c.html('<!doctype html><html lang="en"><title>Unknown order</title><h1>Unknown order code</h1></html>', 404)
    }
    const company = found.shop.response.company
    const amount = new Intl.NumberFormat('sv-SE', { style: 'currency', currency: company.currency ?? 'SEK' }).format(
      found.session.flow.amount / 100,
    )
    return c.html(vivaCheckoutPage({ ref, colour: hexColour(c.req.query('color')), merchant: company.name ?? '', amount }))
  })

  app.post('/sandbox/viva/checkout/:ref/:outcome', (c) => {
    const outcome = c.req.param('outcome')
    if (outcome !== 'approve' && outcome !== 'decline' && outcome !== 'cancel') return c.text('Unknown outcome', 404)
    const found = state.paymentSession(c.req.param('ref'))
    if (!found) return c.text('Unknown order code', 404)
    const { shop, session } = found
    if (session.paymentStatus === 'STARTED') {
      if (outcome === 'approve') state.finish(shop, session, 'COMPLETED', null)
      else if (outcome === 'decline') state.finish(shop, session, 'FAILED', 'Declined')
      else state.finish(shop, session, 'CANCELLED', null)
    }
    // As Viva's Smart Checkout does: back with its transaction id, order code and its page's language.
    const back = new URLSearchParams({ t: `tx-${c.req.param('ref')}`, s: c.req.param('ref'), lang: 'en-GB', eventId: '0', eci: '1' })
    return c.redirect(`/${shop.id}/cart?${back}`, 303)
  })
}
