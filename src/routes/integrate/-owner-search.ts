import { z } from '@/api/zod'

/**
 * One query value as text. TanStack's default search parsing turns `?code=123` into a number
 * and `?x=true` into a boolean; those are turned back into their text, anything else (absent,
 * objects, arrays) becomes undefined. Never throws.
 */
export const queryText = z.optional(
  // Zod 4 treats a transformed key as required, hence `optional`: absent query keys must stay valid.
  z.pipe(
    z.unknown(),
    z.transform((v) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined)),
  ),
)

/** Search of the bookkeeping callbacks (SPEC §2): `code`, `state`, `error`, `error_description`. */
export const callbackSearchSchema = z.object({
  code: queryText,
  state: queryText,
  error: queryText,
  error_description: queryText,
})

/** Validated callback search; every field optional text. */
export type CallbackSearch = z.output<typeof callbackSearchSchema>

/** Search of the integration link page: optional `companyName`. */
export const integrationLinkSearchSchema = z.object({ companyName: queryText })

/** Search of the password reset page: `oobCode` (Firebase also sends mode, apiKey, lang; ignored). */
export const passwordResetSearchSchema = z.object({ oobCode: queryText })

/** Search of the download page: `url`. */
export const downloadSearchSchema = z.object({ url: queryText })
