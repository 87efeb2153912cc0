/**
 * Tests of the test machinery itself: the bundle-size chunk walker, test-all's summary
 * arithmetic, the browser context presets and the test browser's flags.
 * Runs in the e2e suite because it needs Node (no jsdom) and lives with the support code.
 */
import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { checkA11y, contextOptions, expectNoPageErrors, formatA11y, launchBrowser, newPage, pageErrorsOf } from './browser'
import { TEST_DISABLED_FEATURES } from './chromium'

interface SizeCheckModule {
  entryUrls(html: string): string[]
  inlineScripts(html: string): string[]
  staticImports(code: string): string[]
  dynamicImports(code: string): string[]
  collectInitialChunks(read: (p: string) => string, roots: string[], routePattern?: RegExp): string[]
  gzipBytes(data: string): number
}
interface Counts { passed: number; failed: number; skipped: number }
interface TestAllModule {
  suiteCounts(r: { exitCode: number; report?: unknown; isTestSuite: boolean }): Counts
  suiteLine(name: string, c: Counts, isTestSuite: boolean): string
  totalLine(all: Counts[]): string
  E2E_BESIDE_FILES: string[]
  STEPS: { name: string; args: string[]; beside?: { name: string; args: string[]; json: string }[] }[]
}

// The scripts are plain .mjs (no allowJs in tsconfig), so their shapes are declared above.
const script = (name: string): string => fileURLToPath(new URL(`../../../scripts/${name}`, import.meta.url))
const size = (await import(/* @vite-ignore */ script('size-check.mjs'))) as SizeCheckModule
const all = (await import(/* @vite-ignore */ script('test-all.mjs'))) as TestAllModule

describe('size-check chunk walker', () => {
  const files: Record<string, string> = {
    'assets/index-a.js': 'import{r}from"./vendor-b.js";import"./c.js";const L=()=>import("./_shopId-d.js"),M=()=>import(`./reset-e.js`);',
    'assets/vendor-b.js': 'export const r=1;export*from"./shared-f.js"',
    'assets/c.js': 'console.log(1)',
    'assets/shared-f.js': 'export const f=2',
    'assets/_shopId-d.js': 'import{r}from"./vendor-b.js";import"./menu-g.js";export default r',
    'assets/menu-g.js': 'export const g=3',
    'assets/reset-e.js': 'import"./firebase-h.js"',
    'assets/firebase-h.js': 'x'.repeat(1000),
  }
  const read = (p: string): string => {
    const f = files[p]
    if (f === undefined) throw new Error(`no such chunk ${p}`)
    return f
  }

  it('reads entry scripts and modulepreload links from index.html', () => {
    const html = '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-b.js"><link rel="stylesheet" href="/assets/x.css">'
    expect(size.entryUrls(html)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js'])
  })

  it('counts the inline boot script, not data blocks or scripts with a src (issue 6)', () => {
    const html =
      '<meta charset="UTF-8" />\n<script data-catalog-en="/assets/m.js">(function(){boot()})();</script><script type="application/json">{"a":1}</script><script type="module" src="/assets/index-a.js"></script><script type="module">go()</script>'
    expect(size.inlineScripts(html)).toEqual(['(function(){boot()})();', 'go()'])
  })

  it('follows static imports recursively and leaves dynamic imports out', () => {
    expect(size.staticImports(files['assets/index-a.js'] ?? '')).toEqual(['./vendor-b.js', './c.js'])
    expect(size.dynamicImports(files['assets/index-a.js'] ?? '')).toEqual(['./_shopId-d.js', './reset-e.js'])
    expect(size.collectInitialChunks(read, ['assets/index-a.js']).sort()).toEqual(
      ['assets/index-a.js', 'assets/vendor-b.js', 'assets/c.js', 'assets/shared-f.js'].sort(),
    )
  })

  it('counts lazily loaded menu route chunks matching the pattern, with their static imports', () => {
    const chunks = size.collectInitialChunks(read, ['assets/index-a.js'], /^_shopId/)
    expect(chunks).toContain('assets/_shopId-d.js')
    expect(chunks).toContain('assets/menu-g.js')
    expect(chunks).not.toContain('assets/reset-e.js')
  })

  it('measures gzip size, which is far below raw size for repetitive code', () => {
    const bytes = size.gzipBytes('x'.repeat(10_000))
    expect(bytes).toBeGreaterThan(0)
    expect(bytes).toBeLessThan(200)
  })
})

describe('test-all summary', () => {
  it('takes counts from the vitest JSON report', () => {
    const c = all.suiteCounts({ exitCode: 1, isTestSuite: true, report: { numPassedTests: 7, numFailedTests: 2, numPendingTests: 0, numTodoTests: 0 } })
    expect(c).toEqual({ passed: 7, failed: 2, skipped: 0 })
    expect(all.suiteLine('unit', c, true)).toBe('unit: 7 passed, 2 failed')
  })

  it('never reports a red test step as green (no report, or a suite error with no failed test)', () => {
    expect(all.suiteCounts({ exitCode: 1, isTestSuite: true }).failed).toBe(1)
    expect(all.suiteCounts({ exitCode: 1, isTestSuite: true, report: { numPassedTests: 3, numFailedTests: 0, numFailedTestSuites: 2 } })).toEqual({ passed: 3, failed: 2, skipped: 0 })
    expect(all.suiteCounts({ exitCode: 0, isTestSuite: true }).failed).toBe(1)
  })

  it('counts a failed non-test step as one failure and a green one as nothing', () => {
    expect(all.suiteCounts({ exitCode: 2, isTestSuite: false })).toEqual({ passed: 0, failed: 1, skipped: 0 })
    expect(all.suiteLine('build', { passed: 0, failed: 0, skipped: 0 }, false)).toBe('build: ok')
    expect(all.suiteLine('build', { passed: 0, failed: 1, skipped: 0 }, false)).toBe('build: 0 passed, 1 failed')
  })

  it('runs each browser test file once, in one of two processes, with the model paths beside them', () => {
    const e2e = all.STEPS.find((s) => s.name === 'e2e')
    const [second, model] = e2e?.beside ?? []
    expect(all.E2E_BESIDE_FILES).toContain('tests/e2e/faults.e2e.test.ts')
    for (const file of all.E2E_BESIDE_FILES) {
      expect(existsSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url))), file).toBe(true)
      expect(second?.args).toContain(file)
      expect(e2e?.args[e2e.args.indexOf(file) - 1], file).toBe('--exclude')
    }
    expect(second?.name).toBe('e2e-beside')
    expect(model?.args).toEqual(expect.arrayContaining(['--config', 'vitest.model.config.ts']))
    expect(all.STEPS.map((s) => s.name)).not.toContain('model')
    // Each writes its own report, so no count is lost or taken twice.
    expect(new Set([e2e?.args.find((a) => a.startsWith('--outputFile.json=')), second?.json, model?.json]).size).toBe(3)
  })

  it('sums every suite into the last line', () => {
    expect(all.totalLine([{ passed: 120, failed: 0, skipped: 0 }, { passed: 5, failed: 1, skipped: 0 }, { passed: 0, failed: 1, skipped: 0 }])).toBe('125 passed, 2 failed')
  })
})

describe('browser context presets', () => {
  it('desktop is 1280×800 with the given locale and base URL', () => {
    expect(contextOptions({ locale: 'sv-SE', baseUrl: 'http://127.0.0.1:1' })).toEqual({ locale: 'sv-SE', baseURL: 'http://127.0.0.1:1', viewport: { width: 1280, height: 800 } })
  })

  it('phone is 375×740, mobile, touch, with an iPhone user agent', () => {
    const o = contextOptions({ viewport: 'phone' })
    expect(o.viewport).toEqual({ width: 375, height: 740 })
    expect(o.isMobile).toBe(true)
    expect(o.hasTouch).toBe(true)
    expect(o.userAgent).toMatch(/iPhone/)
    expect(o.locale).toBe('en-US')
  })
})

describe('page checks in a real browser', () => {
  it('collects uncaught page errors and reports axe violations', async () => {
    const browser = await launchBrowser()
    try {
      const page = await newPage(browser)
      await page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Hi</h1><button></button><img src="data:," ></main><script>setTimeout(() => { throw new Error("boom") })</script></body></html>')
      await expect.poll(() => pageErrorsOf(page).length).toBe(1)
      expect(() => expectNoPageErrors(page)).toThrow(/boom/)

      const rules = (await checkA11y(page)).map((v) => v.id).sort()
      expect(rules).toEqual(['button-name', 'image-alt'])
      expect(await checkA11y(page, { exclude: ['button', 'img'] })).toEqual([])
      expect(formatA11y(await checkA11y(page, { exclude: ['img'] }))).toEqual([expect.stringMatching(/^button-name \(critical\): button — /)])

      const clean = await newPage(browser, { viewport: 'phone', locale: 'fi-FI' })
      await clean.setContent('<p>ok</p>')
      expect(await clean.evaluate(() => navigator.language)).toBe('fi-FI')
      expect(await clean.evaluate(() => navigator.maxTouchPoints > 0)).toBe(true)
      expectNoPageErrors(clean)
    } finally {
      await browser.close()
    }
  })
})

/** The command lines (one argument list each) of this process's Chromium browser processes (Linux /proc). */
function browserCommandLines(): string[][] {
  const lines: string[][] = []
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
      if (ppid === process.pid && args.includes('--remote-debugging-pipe')) lines.push(args)
    } catch {
      // The process ended while it was read.
    }
  }
  return lines
}

describe('the test browser', () => {
  it("keeps every feature Playwright switches off, and opens no address-bar popups for a context", async () => {
    const browser = await launchBrowser()
    try {
      const [args, ...others] = browserCommandLines()
      expect(others).toEqual([])
      // Chromium reads the last --disable-features only: it must still hold Playwright's own.
      const lists = (args ?? []).filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','))
      expect(lists.length).toBeGreaterThan(1)
      const last = lists.at(-1) ?? []
      for (const list of lists) expect(last).toEqual(expect.arrayContaining(list))
      expect(last).toEqual(expect.arrayContaining([...TEST_DISABLED_FEATURES]))

      const page = await newPage(browser)
      await page.setContent('<p>ok</p>')
      const cdp = await browser.newBrowserCDPSession()
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] })
      expect(targetInfos.filter((t) => t.type === 'page').map((t) => t.url)).toEqual(['about:blank'])
      expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://'))).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
