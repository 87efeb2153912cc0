import * as v from 'valibot'

/**
 * PDF bytes as the platform sends them: an array of byte values (a serialised Node Buffer,
 * `{type: 'Buffer', data: [...]}`) or a base64 string, optionally as a `data:` URL.
 */
const pdfBytes = v.union([
  v.pipe(
    v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(255))),
    v.transform((bytes) => Uint8Array.from(bytes)),
  ),
  v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const base64 = dataset.value.replace(/^data:[^,]*,/, '').replace(/\s+/g, '')
      try {
        return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      } catch {
        addIssue({ message: 'pdfData.data is not valid base64' })
        return NEVER
      }
    }),
  ),
])

/** Wire schema of GET /api/v1/webshop/download/{companyId}/{receiptId} (SPEC §3 "PDF download response"). */
export const receiptPdfResponseSchema = v.pipe(
  v.object({ pdfData: v.object({ data: pdfBytes }) }),
  v.transform((answer) => answer.pdfData.data),
)
