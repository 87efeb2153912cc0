// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMPILE_HINT, compileHints, shiftSourceMap } from '../../deploy/compile-hints'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'compile-hints-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Builds `main.js` (which imports `lazy.js` dynamically) with the plugin, in memory. */
async function buildSample(sourcemap: boolean): Promise<(Rolldown.OutputChunk | Rolldown.OutputAsset)[]> {
  writeFileSync(join(dir, 'main.js'), `export function greet(name) { return 'Hello ' + name }\ndocument.title = greet('menu')\nimport('./lazy.js').then((m) => m.later())\n`)
  writeFileSync(join(dir, 'lazy.js'), `export function later() { return 42 }\n`)
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHints()],
    build: { write: false, sourcemap, minify: false, rolldownOptions: { input: join(dir, 'main.js') } },
  })
  return (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []))
}

describe('compileHints (issue 6: the entry compiles off the main thread)', () => {
  it('makes the magic comment the first line of the entry chunk only', async () => {
    const output = await buildSample(false)
    const chunks = output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
    const entry = chunks.find((c) => c.isEntry)
    const lazy = chunks.find((c) => !c.isEntry && c.code.includes('42'))
    expect(entry?.code.split('\n')[0]).toBe(COMPILE_HINT)
    expect(entry?.code.match(/allFunctionsCalledOnLoad/g)).toHaveLength(1)
    expect(lazy?.code).not.toContain('allFunctionsCalledOnLoad')
  })

  it('moves the source map one line down with the code', async () => {
    const output = await buildSample(true)
    const entry = output.find((o): o is Rolldown.OutputChunk => o.type === 'chunk' && o.isEntry)
    const mapAsset = output.find((o): o is Rolldown.OutputAsset => o.type === 'asset' && o.fileName === `${entry?.fileName}.map`)
    expect(entry && mapAsset).toBeTruthy()
    const lines = entry?.code.split('\n') ?? []
    const line = lines.findIndex((l) => l.includes("greet('menu')") || l.includes('greet("menu")'))
    expect(line).toBeGreaterThan(0)
    const found = new SourceMap(JSON.parse(String(mapAsset?.source))).findEntry(line, lines[line]?.indexOf('greet') ?? 0)
    expect('originalSource' in found && found.originalSource).toMatch(/main\.js$/)
    expect('originalLine' in found && found.originalLine).toBe(1)
  })

  it('shifts only what is a source map', () => {
    expect(JSON.parse(shiftSourceMap(JSON.stringify({ version: 3, mappings: 'AAAA' }))).mappings).toBe(';AAAA')
    expect(shiftSourceMap('not json')).toBe('not json')
    expect(shiftSourceMap('{"version":3}')).toBe('{"version":3}')
  })
})
