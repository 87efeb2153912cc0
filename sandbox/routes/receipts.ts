import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { demoShops } from '../fixtures'
import { errorBody, readJson } from '../http'
import type { SandboxEnv } from '../http'
import { receiptPdf } from '../pdf'
import type { SandboxState } from '../state'
import type { StoredReceipt } from '../store'

const emailSchema = v.object({ email: v.string() })

const receiptNotFound = (c: Context<SandboxEnv>) => c.json(errorBody('Receipt not found'), 404)

/**
 * Mounts SPEC §7's receipt calls: GET the receipt, POST it by e-mail (an address containing
 * `fail` answers 500), its PDF, and the owner's v1 download (`pdfData` bytes; receipt id
 * `notready` answers 400).
 */
export function mountReceiptRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  function receiptOf(c: Context<SandboxEnv>): StoredReceipt | null {
    const stored = state.store.receipt(c.req.param('receiptId') ?? '')
    return stored && stored.shopId === c.req.param('shopId') ? stored : null
  }

  app.get('/api/v2/webshop/:shopId/receipt/:receiptId', (c) => {
    const stored = receiptOf(c)
    return stored ? c.json(stored.receipt) : receiptNotFound(c)
  })

  app.post('/api/v2/webshop/:shopId/receipt/:receiptId/email', async (c) => {
    const stored = receiptOf(c)
    if (!stored) return receiptNotFound(c)
    const parsed = v.safeParse(emailSchema, await readJson(c))
    if (!parsed.success) return c.json(errorBody('E-mail is required', 'BAD_REQUEST'), 400)
    // Lets tests reach the client's 'Could not send receipt' path.
    if (parsed.output.email.toLowerCase().includes('fail')) return c.text('Mail server unavailable', 500)
    state.recordEmail({ shopId: stored.shopId, receiptId: stored.receipt.id, email: parsed.output.email, at: Date.now() })
    return c.body(null, 204)
  })

  app.get('/api/v2/webshop/:shopId/receipt/:receiptId/download', async (c) => {
    const stored = receiptOf(c)
    if (!stored) return receiptNotFound(c)
    const pdf = await receiptPdf(stored)
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="receipt-${stored.receipt.receiptId}.pdf"`,
    })
  })

  app.get('/api/v1/webshop/download/:companyId/:receiptId', async (c) => {
    const receiptId = c.req.param('receiptId')
    if (receiptId === 'notready') return c.json(errorBody('Receipt is not ready yet'), 400)
    const shop = Object.values(demoShops).find((s) => s.companyId === c.req.param('companyId'))
    const stored = shop ? state.store.findReceipt(shop.id, receiptId) : undefined
    if (!stored) return receiptNotFound(c)
    return c.json({ pdfData: { data: Array.from(await receiptPdf(stored)) } })
  })
}
