// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NGINX_TEMPLATE, nginxConfig, nginxConfigForBuild } from '../../deploy/nginx-config'
import { scriptHash, securityConfigFromEnv, securityHeaders } from '../../deploy/security-headers'

const template = readFileSync(NGINX_TEMPLATE, 'utf8')
const bootHash = [...new Set(template.match(/'sha256-[A-Za-z0-9+/]+=*'/g) ?? [])]

describe('deploy/nginx-config.ts (the nginx config follows the build)', () => {
  let dist = ''
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true })
  })

  it('leaves deploy/nginx.conf as it is for a build with no keys: the file is its output', () => {
    expect(nginxConfig(template, securityHeaders({ scriptHashes: bootHash }))).toBe(template)
  })

  it('sets every location\'s policy from the build\'s keys and index.html\'s boot script', () => {
    dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'))
    writeFileSync(join(dist, 'index.html'), "<head><meta charset=\"UTF-8\" />\n<script>boot()</script></head>")
    const config = securityConfigFromEnv({ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_x', VITE_SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' })
    const text = nginxConfigForBuild(dist, config, template)
    const headers = securityHeaders({ ...config, scriptHashes: [scriptHash('boot()')] })
    for (const [name, value] of Object.entries(headers)) {
      const lines = text.split('\n').filter((l) => l.includes(`add_header ${name} `))
      expect(lines, name).toHaveLength(3)
      for (const line of lines) expect(line).toContain(`"${value.replace(/"/g, '\\"')}" always;`)
    }
    expect(text).toContain('https://js.stripe.com https://*.js.stripe.com')
    expect(text).toContain('https://o1.ingest.sentry.io')
    expect(text).toContain('payment=(self \\"https://js.stripe.com\\")')
    expect(text).not.toContain(bootHash[0])
    // Only header values change.
    expect(text.split('\n').filter((l) => !l.includes('add_header'))).toEqual(template.split('\n').filter((l) => !l.includes('add_header')))
  })

  it('refuses a template without a header line, and a value nginx would read as a variable', () => {
    expect(() => nginxConfig('server {}', { 'X-Frame-Options': 'DENY' })).toThrow(/no add_header X-Frame-Options/)
    expect(() => nginxConfig(template, { 'X-Frame-Options': 'a$b' })).toThrow(/nginx would read/)
    // A config it wrote (escaped quotes included) is a template again.
    const stripe = securityHeaders({ stripe: true })
    expect(nginxConfig(nginxConfig(template, stripe), stripe)).toBe(nginxConfig(template, stripe))
  })
})
