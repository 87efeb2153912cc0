/**
 * The owner and staff pages in the browser (SPEC §2, §4, §8; CONTRACT.md "Download page",
 * "More words"): the download link page, the PDF receipt page, the integration link, the
 * bookkeeping callbacks and the password reset, each with its success and every error text,
 * against the built app and the sandbox (sandbox/README.md "Outcomes"). Failures the sandbox has
 * no switch for (a server error, a dropped request) are made with playwright's request routing.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { checkA11y, formatA11y, requestsSince, useBrowser } from './support/browser'
import { paidReceiptId } from './support/platform-customer'

const b = useBrowser()

// The CSP blocks the harness's inline axe injection; a CDP evaluation is not subject to it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
async function a11y(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  return formatA11y(await checkA11y(page))
}

beforeAll(async () => {
  const res = await fetch(new URL('/sandbox/reset', b.baseUrl), { method: 'POST' })
  expect(res.ok).toBe(true)
})

/** base64 JSON state as the platform writes it into provider links (SPEC §3). */
function state(value: { isWeb: boolean; companyID: string; scopeState: string }): string {
  return Buffer.from(JSON.stringify(value)).toString('base64')
}
const webState = state({ isWeb: true, companyID: 'cafe', scopeState: 'bookkeeping' })

describe('/download?url= (CONTRACT.md "Download page")', () => {
  it.each([
    ['https://files.example.com/receipts/42.pdf', 'https://files.example.com/receipts/42.pdf'],
    ['/api/v2/webshop/cafe/receipt/r1/download', '/api/v2/webshop/cafe/receipt/r1/download'],
  ])('offers a Download receipt link for %s', async (url, expected) => {
    const page = await b.page()
    await page.goto(`/download?url=${encodeURIComponent(url)}`)
    const link = page.getByRole('link', { name: 'Download receipt' })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(expected.startsWith('/') ? new URL(expected, b.baseUrl).href : expected)
    expect(await a11y(page)).toEqual([])
  })

  it.each(['javascript:alert(document.cookie)', 'data:application/pdf;base64,JVBERi0=', 'http://evil.example/receipt.pdf', ''])(
    'shows an error and no link for %j',
    async (url) => {
      const page = await b.page()
      await page.goto(`/download?url=${encodeURIComponent(url)}`)
      await page.getByRole('alert').filter({ hasText: 'This download link is not valid' }).waitFor()
      expect(await page.getByRole('link', { name: /download/i }).count()).toBe(0)
    },
  )
})

describe('/receipt/{companyId}/{receiptId} (SPEC §2 PDF receipt page)', () => {
  it('offers the PDF as receipt-{id}.pdf and shows it inline', async () => {
    const receiptId = await paidReceiptId(b.baseUrl)
    const page = await b.page()
    await page.goto(`/receipt/cafe/${receiptId}`)
    const link = page.getByRole('link', { name: 'Download receipt' })
    await link.waitFor({ timeout: 10_000 })
    expect(await link.getAttribute('download')).toBe(`receipt-${receiptId}.pdf`)
    const href = (await link.getAttribute('href')) ?? ''
    expect(href).toMatch(/^blob:/)
    expect(await page.locator('iframe[title="Receipt"]').getAttribute('src')).toBe(href)
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe(`receipt-${receiptId}.pdf`)
    // The CSP keeps blob: out of fetch, so the saved file is what shows the bytes are a PDF.
    const saved = await download.path()
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('shows the server message of a 400', async () => {
    const page = await b.page()
    await page.goto('/receipt/cafe/notready')
    await page.getByRole('alert').filter({ hasText: 'Receipt is not ready yet' }).waitFor()
    expect(await page.getByRole('link', { name: 'Download receipt' }).count()).toBe(0)
  })

  it('shows "An error occurred" for anything else', async () => {
    const page = await b.page()
    await page.goto('/receipt/cafe/no-such-receipt')
    await page.getByRole('alert').filter({ hasText: /^An error occurred$/ }).waitFor()
  })
})

describe('/integrate/{bookkeeper}/{companyId}/{authCode} (SPEC §2, §8)', () => {
  it('fetches the link, continues to the provider and the callback connects', async () => {
    const since = Date.now()
    const page = await b.page()
    await page.goto('/integrate/fortnox/cafe/abc?companyName=Caf%C3%A9%20S%C3%B6der')
    await page.getByRole('heading', { name: 'Connect Café Söder to Fortnox' }).waitFor()
    expect(await a11y(page)).toEqual([])
    await page.getByRole('button', { name: 'Continue' }).click()
    // The sandbox's link leads straight to the callback (it skips the provider's consent page).
    await page.waitForURL(/\/integrateFortnox\?/)
    await page.getByRole('heading', { name: 'Fortnox is now connected' }).waitFor()
    const calls = (await requestsSince(b.baseUrl, since)).map((r) => `${r.method} ${r.path}`)
    expect(calls).toContain('GET /api/v1/webshop/bookkeeping/integrationUrl/fortnox/cafe/abc')
    expect(calls).toContain('POST /api/v1/webshop/bookkeeping/fortnox/integrate/cafe')
  })

  it('says the link has expired on 401', async () => {
    const page = await b.page()
    await page.goto('/integrate/visma/cafe/expired')
    await page.getByRole('alert').filter({ hasText: 'The integration link has expired. Create a new one in the app and try again.' }).waitFor()
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0)
  })

  it('says the link could not be had on any other failure, and tries again', async () => {
    const page = await b.page()
    let failures = 1
    await page.route('**/api/v1/webshop/bookkeeping/integrationUrl/**', (route) => (failures-- > 0 ? route.abort('connectionreset') : route.continue()))
    await page.goto('/integrate/visma/cafe/abc')
    await page.getByRole('alert').filter({ hasText: 'Failed to get integration link. Create a new one in the app and try again.' }).waitFor()
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('button', { name: 'Continue' }).waitFor()
  })

  it('supports only Fortnox and Visma', async () => {
    const since = Date.now()
    const page = await b.page()
    await page.goto('/integrate/bokio/cafe/abc')
    await page.getByRole('alert').filter({ hasText: 'Only Visma and Fortnox are supported.' }).waitFor()
    expect((await requestsSince(b.baseUrl, since)).filter((r) => r.path.includes('integrationUrl'))).toEqual([])
  })

  it('says something went wrong when a path parameter is missing, and asks the platform nothing', async () => {
    const since = Date.now()
    const page = await b.page()
    for (const path of ['/integrate/fortnox/cafe', '/integrate/fortnox/cafe/', '/integrate/visma', '/integrate/']) {
      await page.goto(path)
      await page.getByRole('heading', { name: 'Something went wrong' }).waitFor()
    }
    expect((await requestsSince(b.baseUrl, since)).filter((r) => r.path.includes('integrationUrl'))).toEqual([])
    await page.goto('/integrate/fortnox/cafe/abc/more')
    await page.getByRole('heading', { name: 'Page not found!' }).waitFor()
  })
})

describe('bookkeeping callbacks (SPEC §2, §4 "Bookkeeping callback", §8)', () => {
  it('connects Visma for a web-started link', async () => {
    const page = await b.page()
    await page.goto(`/integrateVisma?code=good-code&state=${encodeURIComponent(webState)}`)
    await page.getByRole('heading', { name: 'Visma is now connected' }).waitFor()
    expect(await a11y(page)).toEqual([])
  })

  it('shows the success again on a reload without sending the one-time code twice', async () => {
    const page = await b.page()
    const since = Date.now()
    await page.goto(`/integrateFortnox?code=reload-code&state=${encodeURIComponent(webState)}`)
    await page.getByRole('heading', { name: 'Fortnox is now connected' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Fortnox is now connected' }).waitFor()
    const posts = (await requestsSince(b.baseUrl, since)).filter((r) => r.path.includes('/integrate/'))
    expect(posts.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/webshop/bookkeeping/fortnox/integrate/cafe'])
  })

  it('shows the server message when the provider refuses the code', async () => {
    const page = await b.page()
    await page.goto(`/integrateFortnox?code=fail-1&state=${encodeURIComponent(webState)}`)
    await page.getByRole('alert').filter({ hasText: 'The integration with Fortnox failed: The authorization code was rejected' }).waitFor()
  })

  it('says the developers were notified when the platform does not answer', async () => {
    const page = await b.page()
    // A 5xx answer names its failure instead (tests/e2e/spec-rules.e2e.test.ts).
    await page.route('**/api/v1/webshop/bookkeeping/*/integrate/**', (route) => route.abort('connectionreset'))
    await page.goto(`/integrateFortnox?code=good-code&state=${encodeURIComponent(webState)}`)
    await page
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong with the connection. Our developers have been notified. Please try again in a moment' })
      .waitFor()
  })

  it('translates a provider error and shows its description', async () => {
    const page = await b.page()
    await page.goto(`/integrateFortnox?error=access_denied&error_description=${encodeURIComponent('The user cancelled')}&state=${encodeURIComponent(webState)}`)
    const alert = page.getByRole('alert')
    await alert.filter({ hasText: 'You did not allow the connection.' }).waitFor()
    expect(await alert.textContent()).toContain('The user cancelled')
  })

  it('has its own text for error_missing_license', async () => {
    const page = await b.page()
    await page.goto('/integrateFortnox?error=error_missing_license&error_description=No%20license')
    await page.getByRole('alert').filter({ hasText: 'The account lacks a package for integrations with Fortnox.' }).waitFor()
  })

  it.each([
    ['an app-started state', `/integrateFortnox?code=c1&state=${encodeURIComponent(state({ isWeb: false, companyID: 'cafe', scopeState: 's' }))}`, 'kassaapp://integrate/fortnox?code=c1&state='],
    ['an undecodable state', '/integrateVisma?code=c1&state=not-base64!', 'kassaapp://integrate/visma?code=c1&state=not-base64%21'],
    ['a missing state', '/integrateVisma?code=c1', 'kassaapp://integrate/visma?code=c1'],
    ['a missing code', `/integrateFortnox?state=${encodeURIComponent(webState)}`, 'kassaapp://integrate/fortnox?state='],
    ['the Stripe callback', `/stripe?code=ac_1&state=${encodeURIComponent(webState)}`, 'kassaapp://integrate/stripe?code=ac_1&state='],
  ])('hands %s to the mobile app and says so', async (_name, path, linkStart) => {
    const since = Date.now()
    const page = await b.page()
    await page.goto(path)
    await page.getByRole('heading', { name: 'Opening the app…' }).waitFor()
    await page.getByText('If nothing happens, the app may not be installed on this device.').waitFor()
    const link = page.getByRole('link', { name: 'Open the app' })
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${linkStart.replace(/[?.+]/g, '\\$&')}`))
    expect((await requestsSince(b.baseUrl, since)).filter((r) => r.path.includes('/integrate/'))).toEqual([])
  })
})

describe('/auth/passwordreset (SPEC §2, §4, §5, §8)', () => {
  async function form(page: Page, code: string) {
    await page.goto(`/auth/passwordreset?mode=resetPassword&oobCode=${code}`)
    await page.getByLabel('New password').waitFor({ timeout: 10_000 })
    return {
      fill: async (password: string, repeat = password) => {
        await page.getByLabel('New password').fill(password)
        await page.getByLabel('Repeat password').fill(repeat)
        await page.getByRole('button', { name: 'Change password' }).click()
      },
      alert: (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor(),
    }
  }

  it('refuses short, mismatched and weak passwords, then changes it', async () => {
    const page = await b.page()
    const f = await form(page, 'valid-code')
    expect(await a11y(page)).toEqual([])
    await f.fill('abc')
    await f.alert('Password must be at least 6 characters')
    await f.fill('abcdef', 'abcdeg')
    await f.alert('Passwords do not match')
    await f.fill('password')
    await f.alert('Your password is not secure enough')
    await f.fill('correct horse battery')
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor()
  })

  it.each(['', 'expired-code', 'invalid-code'])('says the link is too old for oobCode %j', async (code) => {
    const page = await b.page()
    await page.goto(code ? `/auth/passwordreset?oobCode=${code}` : '/auth/passwordreset')
    await page.getByRole('alert').filter({ hasText: 'The link is too old. Request a new one in the app.' }).waitFor({ timeout: 10_000 })
    expect(await page.getByLabel('New password').count()).toBe(0)
  })

  it('shows error.anErrorOccurred when the identity service fails, and retries (SPEC §8)', async () => {
    const page = await b.page()
    let failures = 1
    await page.route('**/identitytoolkit.googleapis.com/**', (route) =>
      failures-- > 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":500,"message":"INTERNAL_ERROR"}}' }) : route.continue(),
    )
    await page.goto('/auth/passwordreset?oobCode=valid-code')
    await page.getByRole('alert').filter({ hasText: 'An error occurred' }).waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByLabel('New password').waitFor()
  })

  it('loads the identity SDK only on this page', async () => {
    const page = await b.page()
    const scripts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())))
    await page.goto('/download?url=https%3A%2F%2Fexample.com%2Fa.pdf')
    await page.getByRole('link', { name: 'Download receipt' }).waitFor()
    const before = scripts.length
    const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()))
    expect(bodies.some((code) => code.includes('identitytoolkit'))).toBe(false)
    expect(before).toBeGreaterThan(0)
  })
})
