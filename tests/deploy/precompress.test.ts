// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIN_BYTES, precompressDir } from '../../deploy/precompress'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'))
  mkdirSync(join(dir, 'assets'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const text = (n: number) => Array.from({ length: n }, (_, i) => `const item${i} = { id: ${i}, title: "Article ${i}" };`).join('\n')

describe('precompressDir (issue 6)', () => {
  it('writes Brotli and gzip siblings that decode to the file, smaller than it, for text files of 1 kB and more', async () => {
    const files = { 'index.html': `<!doctype html>${text(40)}`, 'assets/index-abc12345.js': text(400), 'assets/index-abc12345.css': `.a{color:red}`.repeat(200), 'logo.svg': `<svg>${'<path d="M0 0h10v10"/>'.repeat(80)}</svg>` }
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body)
    const report = await precompressDir(dir)
    expect(report.map((r) => r.file)).toEqual(Object.keys(files).sort())
    for (const [name, body] of Object.entries(files)) {
      const br = readFileSync(join(dir, `${name}.br`))
      const gz = readFileSync(join(dir, `${name}.gz`))
      expect(brotliDecompressSync(br).toString(), name).toBe(body)
      expect(gunzipSync(gz).toString(), name).toBe(body)
      expect(br.length, name).toBeLessThan(Buffer.byteLength(body))
      const entry = report.find((r) => r.file === name)
      expect(entry).toEqual({ file: name, bytes: Buffer.byteLength(body), br: br.length, gzip: gz.length })
    }
    // Brotli at quality 11 beats gzip at level 9 on a script.
    const js = report.find((r) => r.file.endsWith('.js'))
    expect(js?.br).toBeLessThan(js?.gzip ?? 0)
  })

  it('leaves small files, images and files that do not shrink as they are', async () => {
    writeFileSync(join(dir, 'assets', 'tiny-abc12345.js'), 'x'.repeat(MIN_BYTES - 1))
    writeFileSync(join(dir, 'assets', 'photo-abc12345.png'), text(200))
    writeFileSync(join(dir, 'assets', 'noise-abc12345.js'), randomBytes(4096))
    const report = await precompressDir(dir)
    expect(report).toEqual([
      { file: 'assets/noise-abc12345.js', bytes: 4096, br: null, gzip: null },
      { file: 'assets/tiny-abc12345.js', bytes: MIN_BYTES - 1, br: null, gzip: null },
    ])
    for (const name of ['tiny-abc12345.js', 'photo-abc12345.png', 'noise-abc12345.js']) {
      expect(existsSync(join(dir, 'assets', `${name}.br`)), name).toBe(false)
      expect(existsSync(join(dir, 'assets', `${name}.gz`)), name).toBe(false)
    }
  })
})
