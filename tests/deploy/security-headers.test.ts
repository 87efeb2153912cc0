// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineScriptHashes, scriptHash, securityConfigFromEnv, securityHeaders } from '../../deploy/security-headers'

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
    expect(contentSecurityPolicy({ scriptHashes: hashes, stripe: true })).toContain("script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=' https://js.stripe.com;")
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
