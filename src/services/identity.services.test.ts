// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createIdentityService, identityFailureOf, type IdentityService } from './identity.services'

// The real Firebase SDK against a loopback identity toolkit stand-in, through the SDK's
// emulator support: the same requests the browser makes without keys (CONTRACT.md). The
// stand-in answers as the real service does (TOOLCHAIN.md "Answer 5").
let server: Server
let identity: IdentityService
const requests: { path: string; body: unknown }[] = []

function answer(body: { oobCode?: string; newPassword?: string }): { status: number; json: unknown } {
  const error = (message: string) => ({ status: 400, json: { error: { code: 400, message } } })
  const code = body.oobCode ?? ''
  if (code.startsWith('expired')) return error('EXPIRED_OOB_CODE')
  if (code.startsWith('invalid')) return error('INVALID_OOB_CODE')
  if (code.startsWith('down')) return error('INTERNAL_ERROR')
  if (body.newPassword !== undefined && body.newPassword.length < 6) return error('WEAK_PASSWORD : Password should be at least 6 characters')
  return { status: 200, json: { email: 'owner@example.com', requestType: 'PASSWORD_RESET' } }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { oobCode?: string; newPassword?: string }
      requests.push({ path: req.url ?? '', body })
      const { status, json } = answer(body)
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  identity = createIdentityService({ apiKey: undefined, authDomain: undefined, projectId: undefined, emulatorOrigin: `http://127.0.0.1:${port}` })
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('identity service (Firebase Auth through the emulator protocol)', () => {
  it('verifies a valid code to the account e-mail and changes the password', async () => {
    expect(await identity.verifyResetCode('valid-code')).toBe('owner@example.com')
    await expect(identity.confirmReset('valid-code', 'Tr1cky-horse')).resolves.toBeUndefined()
    expect(requests.slice(0, 2)).toEqual([
      { path: '/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=sandbox-key', body: { oobCode: 'valid-code' } },
      { path: '/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=sandbox-key', body: { oobCode: 'valid-code', newPassword: 'Tr1cky-horse' } },
    ])
  })

  it('rejects expired and invalid codes as expiredLink, weak passwords as weakPassword', async () => {
    await expect(identity.verifyResetCode('expired-1')).rejects.toEqual({ failure: 'expiredLink' })
    await expect(identity.verifyResetCode('invalid-1')).rejects.toEqual({ failure: 'expiredLink' })
    await expect(identity.confirmReset('valid-code', 'abc')).rejects.toEqual({ failure: 'weakPassword' })
    await expect(identity.verifyResetCode('down-1')).rejects.toEqual({ failure: 'unknown' })
  })

  it('maps SDK error codes; anything unknown is unknown', () => {
    expect(identityFailureOf({ code: 'auth/weak-password' })).toBe('weakPassword')
    expect(identityFailureOf({ code: 'auth/expired-action-code' })).toBe('expiredLink')
    expect(identityFailureOf({ code: 'auth/network-request-failed' })).toBe('unknown')
    expect(identityFailureOf(new TypeError('Failed to fetch'))).toBe('unknown')
  })
})
