import * as v from 'valibot'

/**
 * Search schemas of the owner pages (SPEC §2, STYLE.md §6). The router keeps every query value
 * as text (src/search-params.ts); a value that is not one text (a repeated key) is dropped, so
 * these schemas never fail a page.
 */
const queryText = v.fallback(v.optional(v.string()), undefined)

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
