import type { Hono } from 'hono'
import * as v from 'valibot'
import { notArray } from '../../src/api/schemas/common.schema'
import { readJson } from '../http'
import type { SandboxEnv } from '../http'

const resetPasswordSchema = notArray(v.object({ oobCode: v.nullish(v.string()), newPassword: v.nullish(v.string()) }))

/** Passwords the simulated identity service refuses as too weak even when long enough. */
const weakPasswords = new Set(['password', 'password1', '123456', '1234567', '12345678', '123456789', 'qwerty', 'abc123', '111111'])

/**
 * Mounts the identity toolkit's `accounts:resetPassword` (CONTRACT.md "External services
 * without keys"): oobCode `expired…` → EXPIRED_OOB_CODE, `invalid…` or none →
 * INVALID_OOB_CODE, a new password under 6 characters or a common one → WEAK_PASSWORD.
 * Any other identity call answers UNSUPPORTED_OPERATION.
 */
export function mountIdentityRoutes(app: Hono<SandboxEnv>): void {
  app.post('/identitytoolkit.googleapis.com/v1/*', async (c) => {
    const identityError = (message: string) => c.json({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }, 400)
    if (!c.req.path.endsWith('/accounts:resetPassword')) return identityError('UNSUPPORTED_OPERATION')
    const parsed = v.safeParse(resetPasswordSchema, await readJson(c))
    const oobCode = parsed.success ? (parsed.output.oobCode ?? '') : ''
    if (oobCode.startsWith('expired')) return identityError('EXPIRED_OOB_CODE')
    if (oobCode === '' || oobCode.startsWith('invalid')) return identityError('INVALID_OOB_CODE')
    const newPassword = parsed.success ? parsed.output.newPassword : null
    if (newPassword != null && (newPassword.length < 6 || weakPasswords.has(newPassword.toLowerCase()))) {
      return identityError('WEAK_PASSWORD : Password should be at least 6 characters')
    }
    return c.json({ kind: 'identitytoolkit#ResetPasswordResponse', email: 'owner@example.com', requestType: 'PASSWORD_RESET' })
  })
}
