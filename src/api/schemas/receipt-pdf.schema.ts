import { z } from '../zod'

/**
 * PDF bytes as the platform sends them: an array of byte values (a serialised Node Buffer,
 * `{type: 'Buffer', data: [...]}`) or a base64 string, optionally as a `data:` URL.
 */
const pdfBytes = z.union([
  z.pipe(
    z.array(z.number().check(z.int(), z.gte(0), z.lte(255))),
    z.transform((bytes) => Uint8Array.from(bytes)),
  ),
  z.pipe(
    z.string(),
    z.transform((s, ctx) => {
      const base64 = s.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
      try {
        return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      } catch {
        // Mini's transform context has no `addIssue`; the issue goes on the payload directly.
        ctx.issues.push({ code: 'custom', message: 'pdfData.data is not valid base64', input: s })
        return z.NEVER
      }
    }),
  ),
])

/** Wire schema of GET /api/v1/webshop/download/{companyId}/{receiptId} (SPEC §3 "PDF download response"). */
export const receiptPdfResponseSchema = z.pipe(
  z.object({ pdfData: z.object({ data: pdfBytes }) }),
  z.transform((v) => v.pdfData.data),
)

export type ReceiptPdfResponseWire = z.input<typeof receiptPdfResponseSchema>
