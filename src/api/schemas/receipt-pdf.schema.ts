import { z } from '../zod'

/**
 * PDF bytes as the platform sends them: an array of byte values (a serialised Node Buffer,
 * `{type: 'Buffer', data: [...]}`) or a base64 string, optionally as a `data:` URL.
 */
const pdfBytes = z.union([
  z.array(z.number().int().min(0).max(255)).transform((bytes) => Uint8Array.from(bytes)),
  z.string().transform((s, ctx) => {
    const base64 = s.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
    try {
      return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    } catch {
      ctx.addIssue({ code: 'custom', message: 'pdfData.data is not valid base64' })
      return z.NEVER
    }
  }),
])

/** Wire schema of GET /api/v1/webshop/download/{companyId}/{receiptId} (SPEC §3 "PDF download response"). */
export const receiptPdfResponseSchema = z
  .object({ pdfData: z.object({ data: pdfBytes }) })
  .transform((v) => v.pdfData.data)

export type ReceiptPdfResponseWire = z.input<typeof receiptPdfResponseSchema>
