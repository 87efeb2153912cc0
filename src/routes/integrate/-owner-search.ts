import * as v from 'valibot'

/**
 * One query value as text. TanStack's default search parsing turns `?code=123` into a number
 * and `?x=true` into a boolean; those are turned back into their text, anything else (absent,
 * objects, arrays) becomes undefined. Never throws.
 */
export const queryText = v.optional(
  // `optional` keeps an absent query key valid (and absent).
  v.pipe(
    v.unknown(),
    v.transform((value) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined)),
  ),
)

/** Search of the bookkeeping callbacks (SPEC §2): `code`, `state`, `error`, `error_description`. */
export const callbackSearchSchema = v.object({
  code: queryText,
  state: queryText,
  error: queryText,
  error_description: queryText,
})

/** Validated callback search; every field optional text. */
export type CallbackSearch = v.InferOutput<typeof callbackSearchSchema>

/** Search of the integration link page: optional `companyName`. */
export const integrationLinkSearchSchema = v.object({ companyName: queryText })

/** Search of the password reset page: `oobCode` (Firebase also sends mode, apiKey, lang; ignored). */
export const passwordResetSearchSchema = v.object({ oobCode: queryText })

/** Search of the download page: `url`. */
export const downloadSearchSchema = v.object({ url: queryText })
