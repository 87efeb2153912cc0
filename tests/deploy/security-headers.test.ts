// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  scriptHash,
  securityConfigForBuild,
  securityConfigFromEnv,
  securityHeaders,
  type BuildEnv,
} from '../../deploy/security-headers'

const nginx = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8')

describe('security headers (issue 5)', () => {
  it('allows no inline or foreign script without keys', () => {
    const csp = contentSecurityPolicy()
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$/m)
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('stripe')
  })

  const STRIPE = { VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }
  const FIREBASE = { VITE_FIREBASE_API_KEY: 'AIza-x' }
  const SENTRY = { VITE_SENTRY_DSN: 'https://abc@o1.ingest.de.sentry.io/2' }
  const stripeScript = ' https://js.stripe.com https://*.js.stripe.com'
  const stripeConnect = ' https://api.stripe.com'
  const stripeFrame = ' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com'
  const firebaseConnect = ' https://identitytoolkit.googleapis.com'
  const sentryConnect = ' https://o1.ingest.de.sentry.io'
  /** script-src, connect-src and frame-src of a policy. */
  const sources = (csp: string) => csp.split('; ').filter((d) => /^(script|connect|frame)-src /.test(d))

  it.each<[string, BuildEnv, string[]]>([
    ['no keys', {}, ["script-src 'self'", "connect-src 'self'", "frame-src 'self' blob:"]],
    ['Stripe', STRIPE, [`script-src 'self'${stripeScript}`, `connect-src 'self'${stripeConnect}`, `frame-src 'self' blob:${stripeFrame}`]],
    ['Firebase', FIREBASE, ["script-src 'self'", `connect-src 'self'${firebaseConnect}`, "frame-src 'self' blob:"]],
    ['Sentry', SENTRY, ["script-src 'self'", `connect-src 'self'${sentryConnect}`, "frame-src 'self' blob:"]],
    [
      'Stripe and Firebase',
      { ...STRIPE, ...FIREBASE },
      [`script-src 'self'${stripeScript}`, `connect-src 'self'${stripeConnect}${firebaseConnect}`, `frame-src 'self' blob:${stripeFrame}`],
    ],
    [
      'Stripe and Sentry',
      { ...STRIPE, ...SENTRY },
      [`script-src 'self'${stripeScript}`, `connect-src 'self'${stripeConnect}${sentryConnect}`, `frame-src 'self' blob:${stripeFrame}`],
    ],
    ['Firebase and Sentry', { ...FIREBASE, ...SENTRY }, ["script-src 'self'", `connect-src 'self'${firebaseConnect}${sentryConnect}`, "frame-src 'self' blob:"]],
    [
      'all three',
      { ...STRIPE, ...FIREBASE, ...SENTRY },
      [`script-src 'self'${stripeScript}`, `connect-src 'self'${stripeConnect}${firebaseConnect}${sentryConnect}`, `frame-src 'self' blob:${stripeFrame}`],
    ],
  ])('the Content-Security-Policy follows the build\'s keys: %s', (_name, env, expected) => {
    const csp = contentSecurityPolicy(securityConfigFromEnv(env))
    expect(sources(csp)).toEqual(expected)
    // The rest of the policy does not depend on the keys.
    expect(csp.split('; ').filter((d) => !/^(script|connect|frame)-src /.test(d))).toEqual(
      contentSecurityPolicy().split('; ').filter((d) => !/^(script|connect|frame)-src /.test(d)),
    )
    const permissions = securityHeaders(securityConfigFromEnv(env))['Permissions-Policy']
    expect(permissions).toContain(env.VITE_STRIPE_PUBLISHABLE_KEY ? 'payment=(self "https://js.stripe.com")' : 'payment=(self)')
  })

  it('counts a key as the app does: an empty key or a blank DSN is no key', () => {
    expect(securityConfigFromEnv({ VITE_STRIPE_PUBLISHABLE_KEY: '', VITE_FIREBASE_API_KEY: '', VITE_SENTRY_DSN: '  ' })).toEqual({ stripe: false, firebase: false })
  })

  describe('securityConfigForBuild reads the variables as the build does', () => {
    let root = ''
    afterEach(() => {
      vi.unstubAllEnvs()
      if (root) rmSync(root, { recursive: true, force: true })
    })

    it('from .env files of the mode, with the environment over them', () => {
      root = mkdtempSync(join(tmpdir(), 'storefront-env-'))
      writeFileSync(join(root, '.env'), 'VITE_SENTRY_DSN=https://k@o9.ingest.sentry.io/1\n')
      writeFileSync(join(root, '.env.production'), 'VITE_STRIPE_PUBLISHABLE_KEY=pk_live_file\nVITE_API_BASE_URL=https://api.example.se\n')
      vi.stubEnv('VITE_FIREBASE_API_KEY', 'AIza-env')
      expect(securityConfigForBuild({ root })).toEqual({
        apiBaseUrl: 'https://api.example.se',
        stripe: true,
        firebase: true,
        sentryDsn: 'https://k@o9.ingest.sentry.io/1',
      })
      // Another mode's build does not read .env.production.
      expect(securityConfigForBuild({ root, mode: 'staging' })).toMatchObject({ stripe: false })
    })
  })

  it('adds Stripe, Firebase, Sentry and a foreign API origin only when configured', () => {
    const csp = contentSecurityPolicy(
      securityConfigFromEnv({
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        VITE_FIREBASE_API_KEY: 'k',
        VITE_SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/2',
        VITE_API_BASE_URL: 'https://api.example.se/base',
      }),
    )
    expect(csp).toContain("script-src 'self' https://js.stripe.com")
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.example\.se https:\/\/api\.stripe\.com https:\/\/identitytoolkit\.googleapis\.com .*https:\/\/o1\.ingest\.sentry\.io/)
    expect(csp).toContain('frame-src \'self\' blob: https://js.stripe.com')
  })

  it('ignores a non-http API base', () => {
    expect(contentSecurityPolicy({ apiBaseUrl: 'javascript:alert(1)' })).toContain("connect-src 'self';")
  })

  it('hashes inline script text as CSP level 2 does', () => {
    // The example of the CSP specification (and MDN) for a hash source.
    expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='")
  })

  it('allows the inline scripts of index.html by hash, never scripts with a src or data blocks (issue 6)', () => {
    const html =
      '<head><meta charset="UTF-8" />\n<script data-catalog-en="/assets/m.js">alert(\'Hello, world.\');</script><script type="application/json">{"a":1}</script><script type="module" crossorigin src="/assets/index.js"></script></head>'
    const hashes = inlineScriptHashes(html)
    expect(hashes).toEqual(["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"])
    expect(contentSecurityPolicy({ scriptHashes: hashes })).toContain("script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=';")
    expect(contentSecurityPolicy({ scriptHashes: hashes, stripe: true })).toContain("script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=' https://js.stripe.com https://*.js.stripe.com;")
  })

  it('deploy/nginx.conf sends the same default headers on every location, with one boot script hash', () => {
    // The hash itself is this build's boot script's: the nginx e2e test compares it with dist/.
    const hashes = [...new Set(nginx.match(/'sha256-[A-Za-z0-9+/]+=*'/g) ?? [])]
    expect(hashes).toHaveLength(1)
    const headers = securityHeaders({ scriptHashes: hashes })
    for (const [name, value] of Object.entries(headers)) {
      const lines = nginx.split('\n').filter((l) => l.includes(`add_header ${name} `))
      expect(lines.length, name).toBe(3)
      for (const line of lines) expect(line).toContain(`"${value}"`)
    }
    expect(nginx).toMatch(/location \/assets\/[\s\S]*?immutable/)
    expect(nginx).toMatch(/location \/ \{[\s\S]*?no-cache[\s\S]*?try_files \$uri \/index\.html/)
  })
})
