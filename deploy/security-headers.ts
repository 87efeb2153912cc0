/**
 * Security headers for the served app (issue 5): one source for `npm start` (sandbox/serve.ts)
 * and for `deploy/nginx.conf`, whose default policy a unit test compares with this one.
 *
 * The Content-Security-Policy allows no inline script but the built index.html's own boot
 * script, by its hash ({@link inlineScriptHashes}); Stripe's origins only when a Stripe
 * key is configured; Firebase and Sentry origins only when their keys are; the API origin
 * when the API is not same-origin. Inline `style` attributes are allowed (the shop theme sets
 * CSS variables on an element), inline `<style>` elements are not.
 */
import { createHash } from 'node:crypto'
import { inlineScripts } from '../scripts/size-check.mjs'

export interface SecurityConfig {
  /** VITE_API_BASE_URL: '' (same origin) or an absolute URL. */
  apiBaseUrl?: string
  stripe?: boolean
  firebase?: boolean
  /** VITE_SENTRY_DSN, to allow its ingest origin. */
  sentryDsn?: string
  /** VITE_VIVA_CHECKOUT_URL when it is absolute (the redirect is a navigation, but form-action may apply). */
  vivaCheckoutUrl?: string
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
 * boot script, issue 6), in document order. Which scripts count (no `src`, no data blocks) is
 * the size check's rule (`inlineScripts` in scripts/size-check.mjs), so both see the same code.
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map(scriptHash)
}

/** The Content-Security-Policy value for a configuration. */
export function contentSecurityPolicy(config: SecurityConfig = {}): string {
  const api = originOf(config.apiBaseUrl)
  const sentry = originOf(config.sentryDsn)
  const stripe = config.stripe === true
  const firebase = config.firebase === true
  const list = (...items: (string | null | false)[]) => items.filter(Boolean).join(' ')
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...(config.scriptHashes ?? []), stripe && 'https://js.stripe.com')],
    ['style-src', "'self'"],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self' data:"],
    [
      'connect-src',
      list("'self'", api, stripe && 'https://api.stripe.com', firebase && 'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com', sentry),
    ],
    ['frame-src', list("'self' blob:", stripe && 'https://js.stripe.com https://hooks.stripe.com')],
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

/** The configuration as the build sees it (process.env at serve time mirrors the build's VITE_* vars). */
export function securityConfigFromEnv(env: Record<string, string | undefined>): SecurityConfig {
  return {
    ...(env.VITE_API_BASE_URL ? { apiBaseUrl: env.VITE_API_BASE_URL } : {}),
    stripe: Boolean(env.VITE_STRIPE_PUBLISHABLE_KEY),
    firebase: Boolean(env.VITE_FIREBASE_API_KEY),
    ...(env.VITE_SENTRY_DSN ? { sentryDsn: env.VITE_SENTRY_DSN } : {}),
  }
}
