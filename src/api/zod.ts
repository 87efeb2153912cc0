/**
 * The one zod entry point of the app: every schema imports `z` from here, never from `'zod'`.
 *
 * zod 4 compiles a fast parser per object schema with `new Function`, and probes for it with a
 * caught `new Function("")` when the first object schema is built. Under the served
 * Content-Security-Policy (no `unsafe-eval`, SPEC §10 / issue 5) that probe is blocked and the
 * browser files a CSP violation report for it even though zod swallows the error. `jitless`
 * skips both the probe and the compiled parser; parsing stays correct, only interpreted.
 * This module has to be evaluated before any schema is constructed, which importing `z` from
 * it guarantees (ES modules evaluate their imports first).
 */
import { z } from 'zod'

z.config({ jitless: true })

export { z }
export { ZodError } from 'zod'
