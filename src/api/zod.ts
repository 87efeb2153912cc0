/**
 * The one zod entry point of the app: every schema imports `z` from here, never from `'zod'`.
 *
 * It is zod 4's tree-shakable functional API, `zod/mini` (`z.optional(x)`, `z.pipe(a, b)`,
 * `x.check(z.minLength(1))`, …): the classic API's method-per-schema classes keep the whole
 * library in the bundle, mini ships only the builders and checks that are used.
 *
 * zod 4's classic object schemas compile a fast parser with `new Function`, probing for it
 * with a caught `new Function("")`. Under the served Content-Security-Policy (no
 * `unsafe-eval`, SPEC §10 / issue 5) that probe would be blocked and the browser would file a
 * CSP violation report for it even though zod swallows the error. `jitless` rules out both
 * the probe and the compiled parser; parsing stays correct, only interpreted.
 *
 * Unlike the classic API, mini registers no error messages of its own ("Invalid input" for
 * every issue); English is registered here so `ApiError` descriptions ("… at a.b: Invalid
 * input: expected string, received number") read as before.
 *
 * This module has to be evaluated before any schema is constructed, which importing `z` from
 * it guarantees (ES modules evaluate their imports first).
 */
import { z } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

z.config({ jitless: true, ...en() })

export { z }
/** What a failed `parse` throws and `safeParse` reports (`$ZodRealError` is an instance of it). */
export { $ZodError as ZodError } from 'zod/v4/core'
