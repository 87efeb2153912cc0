import { describe, expect, it } from 'vitest'
import { mobileAppLink, safeLink } from './owner-links'

const origin = 'http://127.0.0.1:4173'

describe('safeLink (SPEC §2 /download, CONTRACT.md "Download page")', () => {
  it.each([
    ['https://files.example.com/receipt.pdf?sig=a b', 'https://files.example.com/receipt.pdf?sig=a%20b'],
    ['/api/v2/webshop/cafe/receipt/r1/download', 'http://127.0.0.1:4173/api/v2/webshop/cafe/receipt/r1/download'],
    ['http://127.0.0.1:4173/x.pdf', 'http://127.0.0.1:4173/x.pdf'],
    ['  HTTPS://EXAMPLE.com/a  ', 'https://example.com/a'],
  ])('accepts %j', (raw, href) => {
    expect(safeLink(raw, origin)).toBe(href)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:application/pdf;base64,JVBERi0=',
    'http://evil.example/receipt.pdf',
    'http://127.0.0.1:4174/other-port',
    '//evil.example/x',
    'ftp://files.example.com/r.pdf',
    'blob:http://127.0.0.1:4173/abc',
    'http://[::1',
    '',
    null,
    undefined,
  ])('refuses %j', (raw) => {
    expect(safeLink(raw, origin)).toBeNull()
  })

  it('accepts protocol-relative links only when they are https on a secure origin', () => {
    expect(safeLink('//files.example.com/r.pdf', 'https://shop.example')).toBe('https://files.example.com/r.pdf')
  })
})

describe('mobileAppLink', () => {
  it('carries the callback query to the app, leaving out what is absent', () => {
    const link = mobileAppLink({ provider: 'fortnox', code: 'c 1', state: 'eyJ+/=', error: null, errorDescription: null })
    expect(link).toBe('kassaapp://integrate/fortnox?code=c+1&state=eyJ%2B%2F%3D')
    const url = new URL(link)
    expect([url.protocol, url.host, url.pathname, url.searchParams.get('state')]).toEqual(['kassaapp:', 'integrate', '/fortnox', 'eyJ+/='])
  })

  it('passes provider errors on', () => {
    expect(mobileAppLink({ provider: 'visma', code: null, state: null, error: 'access_denied', errorDescription: 'Nope' })).toBe(
      'kassaapp://integrate/visma?error=access_denied&error_description=Nope',
    )
    expect(mobileAppLink({ provider: 'stripe', code: 'ac_1', state: null, error: null, errorDescription: null })).toBe('kassaapp://integrate/stripe?code=ac_1')
  })
})
