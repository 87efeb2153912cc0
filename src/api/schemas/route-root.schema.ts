import * as v from 'valibot'

/**
 * Search parameters every page accepts (CONTRACT.md "Language", DESIGN.md inspector):
 * `lang` (`se` is the spec's alias for Swedish) and the `inspect` flag. Invalid values are
 * dropped, never an error. Only these keys are returned; TanStack merges the rest of the
 * query into child routes' search untouched.
 */
export const rootSearchSchema = v.object({
  lang: v.fallback(v.optional(v.picklist(['sv', 'en', 'fi', 'se'])), undefined),
  // `?inspect` arrives as '' (no value); any present value but 'false' and '0' turns it on, as
  // for the inspector itself (src/inspect.ts).
  inspect: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === undefined || value === 'false' || value === '0' ? undefined : true)),
    ),
  ),
})
