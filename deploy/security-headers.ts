/**
 * Security headers for the served app: one source for `npm start` (sandbox/serve.ts)
 * and for nginx (`deploy/nginx-config.ts` writes `deploy/nginx.conf`'s header lines for a build).
 *
 * The Content-Security-Policy allows no inline script but the built index.html's own boot
 * script, by its hash ({@link inlineScriptHashes}), and exactly the outside origins the build's
 * services need, decided by the same `VITE_*` variables the build reads
 * ({@link securityConfigFromEnv}, {@link securityConfigForBuild}): Stripe's with a publishable
 * key, the identity toolkit's with a Firebase key, the DSN's ingest origin with a Sentry DSN,
 * the API origin when the API is not same-origin. Inline `style` attributes are allowed (the
 * shop theme sets CSS variables on an element), inline `<style>` elements are not.
 */
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { loadEnv } from 'vite'
import { inlineScripts } from '../scripts/size-check.mjs'

export interface SecurityConfig {
  /** VITE_API_BASE_URL: '' (same origin) or an absolute URL. */
  apiBaseUrl?: string
  stripe?: boolean
  firebase?: boolean
  /** VITE_SENTRY_DSN, to allow its ingest origin. */
  sentryDsn?: string
  /** CSP hash sources (`'sha256-…'`) of the inline scripts index.html may run. */
  scriptHashes?: readonly string[]
}

function originOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null
  } catch {
    return null
  }
}

/** The CSP hash source of an inline script's text: `'sha256-<base64>'` (CSP level 2). */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`
}

/**
 * The CSP hash sources of the inline scripts in `html` (the built index.html carries one, the
 * boot script), in document order. Which scripts count (no `src`, no data blocks) is
 * the size check's rule (`inlineScripts` in scripts/size-check.mjs), so both see the same code.
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map(scriptHash)
}

/**
 * Origins Stripe.js needs for the Payment Element (Stripe's CSP guide): its script and
 * frames on js.stripe.com (and its subdomains), 3-D Secure frames on hooks.stripe.com, calls to
 * api.stripe.com. The Address Element's maps.googleapis.com is left out: the app has none.
 */
const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
} as const

/**
 * Origins the identity service needs for the password reset (SPEC §7 "External"): both of its
 * calls go to the identity toolkit. The page signs nobody in, so no token service is called.
 */
const FIREBASE_ORIGINS = { connect: ['https://identitytoolkit.googleapis.com'] } as const

/** The Content-Security-Policy value for a configuration. */
export function contentSecurityPolicy(config: SecurityConfig = {}): string {
  const api = originOf(config.apiBaseUrl)
  const sentry = originOf(config.sentryDsn)
  const stripe = config.stripe === true
  const firebase = config.firebase === true
  const list = (...items: (string | null | false | readonly string[])[]) => items.flat().filter(Boolean).join(' ')
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...(config.scriptHashes ?? []), stripe && STRIPE_ORIGINS.script)],
    ['style-src', "'self'"],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self' data:"],
    ['connect-src', list("'self'", api, stripe && STRIPE_ORIGINS.connect, firebase && FIREBASE_ORIGINS.connect, sentry)],
    ['frame-src', list("'self' blob:", stripe && STRIPE_ORIGINS.frame)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map(([name, value]) => `${name} ${value}`).join('; ')
}

/** Every security header, by name. */
export function securityHeaders(config: SecurityConfig = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': `camera=(), microphone=(), geolocation=(), usb=(), payment=(self${config.stripe ? ' "https://js.stripe.com"' : ''})`,
  }
}

/** The build variables that decide the policy (src/vite-env.d.ts); others are ignored. */
export type BuildEnv = Partial<Record<'VITE_API_BASE_URL' | 'VITE_STRIPE_PUBLISHABLE_KEY' | 'VITE_FIREBASE_API_KEY' | 'VITE_SENTRY_DSN', string>>

/**
 * The configuration of a build with these variables, by the app's own rules: card payments use
 * Stripe.js when `VITE_STRIPE_PUBLISHABLE_KEY` is set (else the simulated provider on the API
 * origin), the identity SDK talks to Firebase when `VITE_FIREBASE_API_KEY` is set (else to its
 * emulator on the app's origin), reporting is on when `VITE_SENTRY_DSN` is not blank.
 */
export function securityConfigFromEnv(env: BuildEnv): SecurityConfig {
  const dsn = env.VITE_SENTRY_DSN?.trim()
  return {
    ...(env.VITE_API_BASE_URL ? { apiBaseUrl: env.VITE_API_BASE_URL } : {}),
    stripe: Boolean(env.VITE_STRIPE_PUBLISHABLE_KEY),
    firebase: Boolean(env.VITE_FIREBASE_API_KEY),
    ...(dsn ? { sentryDsn: dsn } : {}),
  }
}

/** The repository root, where the build's `.env` files are. */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The configuration of the build `vite build --mode <mode>` makes in `root`: its `VITE_*`
 * variables read as Vite reads them (`.env`, `.env.<mode>`, their `.local` twins, and the
 * process environment over them), so the policy allows exactly what that build calls.
 */
export function securityConfigForBuild(opts: { mode?: string; root?: string } = {}): SecurityConfig {
  return securityConfigFromEnv(loadEnv(opts.mode ?? 'production', opts.root ?? REPO_ROOT, 'VITE_'))
}
