import type { Auth } from 'firebase/auth'
import type { PasswordResetError, PasswordResetFailure } from '@machines/password-reset/password-reset.machine'

/**
 * The identity service for password reset (SPEC §2 `/auth/passwordreset`, §7 "External",
 * CONTRACT.md "External services without keys"): Firebase Auth, loaded by dynamic import on
 * first use, so only that route's chunk carries the SDK.
 */

/** Firebase web configuration; without `apiKey` the SDK talks to `emulatorOrigin` instead. */
export interface IdentityConfig {
  apiKey: string | undefined
  authDomain: string | undefined
  projectId: string | undefined
  /** Origin of the identity toolkit stand-in used without keys (the app's own origin). */
  emulatorOrigin: string
}

/** Settings from the build environment (`VITE_FIREBASE_*`), emulated on the page's origin. */
export function identityConfigFromEnv(): IdentityConfig {
  return {
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    emulatorOrigin: window.location.origin,
  }
}

/** The two reset calls; both reject only with {@link PasswordResetError}. */
export interface IdentityService {
  /** Checks a reset code; resolves with the account's e-mail. */
  verifyResetCode(oobCode: string): Promise<string>
  /** Sets the new password for the account the code belongs to. */
  confirmReset(oobCode: string, password: string): Promise<void>
}

// Firebase error codes meaning the link cannot be used (SPEC §8: passwordReset.linkExpired).
const EXPIRED_LINK_CODES = new Set([
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/missing-action-code',
  'auth/user-disabled',
  'auth/user-not-found',
])

/** Maps a Firebase error (`{code: 'auth/…'}`) to the machine's failure; anything else is 'unknown'. @internal exported for its tests */
export function identityFailureOf(error: unknown): PasswordResetFailure {
  const code = error !== null && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : null
  if (code === 'auth/weak-password') return 'weakPassword'
  if (typeof code === 'string' && EXPIRED_LINK_CODES.has(code)) return 'expiredLink'
  return 'unknown'
}

function rejectWithFailure(error: unknown): never {
  throw { failure: identityFailureOf(error) } satisfies PasswordResetError
}

/**
 * Builds the identity service. Without an API key it initialises with apiKey 'sandbox-key' and
 * connects the SDK's Auth emulator support to `emulatorOrigin`, so the identity toolkit REST
 * calls go to whatever serves the app. Persistence is in memory: the page never signs anyone
 * in, so nothing is written to the visitor's storage.
 */
export function createIdentityService(config: IdentityConfig): IdentityService {
  let auth: Promise<Auth> | null = null
  function load(): Promise<Auth> {
    auth ??= (async () => {
      const [{ initializeApp, getApps }, firebaseAuth] = await Promise.all([import('firebase/app'), import('firebase/auth')])
      const name = 'identity'
      const app =
        getApps().find((a) => a.name === name) ??
        initializeApp(
          {
            apiKey: config.apiKey || 'sandbox-key',
            ...(config.authDomain ? { authDomain: config.authDomain } : {}),
            ...(config.projectId ? { projectId: config.projectId } : {}),
          },
          name,
        )
      const instance = firebaseAuth.initializeAuth(app, { persistence: firebaseAuth.inMemoryPersistence })
      if (!config.apiKey) firebaseAuth.connectAuthEmulator(instance, config.emulatorOrigin, { disableWarnings: true })
      return instance
    })()
    // A failed SDK load must not stick: the next call tries again.
    auth.catch(() => {
      auth = null
    })
    return auth
  }
  return {
    async verifyResetCode(oobCode) {
      try {
        const { verifyPasswordResetCode } = await import('firebase/auth')
        return await verifyPasswordResetCode(await load(), oobCode)
      } catch (error) {
        return rejectWithFailure(error)
      }
    },
    async confirmReset(oobCode, password) {
      try {
        const { confirmPasswordReset } = await import('firebase/auth')
        await confirmPasswordReset(await load(), oobCode, password)
      } catch (error) {
        rejectWithFailure(error)
      }
    },
  }
}
