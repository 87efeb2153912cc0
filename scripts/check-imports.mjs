#!/usr/bin/env node
/**
 * Enforces DESIGN.md "Layers, and which way imports go" with a small regex scanner over the
 * import / export-from / import() statements of every .ts/.tsx file:
 * - `machines/**` imports only `xstate`, `machines/**` and `src/domain/**`;
 * - `src/domain/**` imports nothing outside `src/domain`;
 * - `src/views/**` and `src/ui/**` never import `src/api`, `src/services`, `ky`, `firebase`;
 * - nothing under `src/` imports `sandbox/` (tests included) or `tests/` (tests excepted);
 * - nothing in `src/` imports `zod` (subpaths such as `zod/mini` included): the app's schemas are
 *   valibot's. zod 4 probes `new Function` when its first object schema is built, which the
 *   Content-Security-Policy reports, and it weighed 8 kB gzip of the menu's load (issue 6).
 * Test files (`*.test.ts(x)`, `*.samples.ts`, `tests/**`) are exempt from every rule but the
 * sandbox one. Prints each violation and exits 1 if there is any.
 *
 * Usage: node scripts/check-imports.mjs [rootDir]
 */
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** Folders scanned, relative to the repository root. */
export const SCANNED_DIRS = ['src', 'machines', 'sandbox', 'tests']

/** Path aliases of vite.config.ts / tsconfig.json, alias prefix → repo-relative folder. */
export const ALIASES = { '@/': 'src/', '@machines/': 'machines/', '@tests/': 'tests/' }

const STATIC_RE = /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s*from\s*)?['"]([^'"\n]+)['"]/g
const DYNAMIC_RE = /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g

/** Removes comments (roughly) so commented-out imports do not count; keeps string contents. */
function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"\\])\/\/[^\n]*/g, '$1')
}

/**
 * Module specifiers of import/export-from statements and literal `import()` calls, in order.
 * @param {string} source TypeScript source text
 * @returns {string[]}
 */
export function extractSpecifiers(source) {
  const code = stripComments(source)
  const out = []
  for (const re of [STATIC_RE, DYNAMIC_RE]) {
    for (const m of code.matchAll(re)) if (m[1]) out.push(m[1])
  }
  return out
}

/**
 * What a specifier points at: `{ kind: 'file', path }` (repo-relative, forward slashes) for
 * relative and aliased paths, otherwise `{ kind: 'package', name }` (`ky`, `@scope/pkg`).
 * @param {string} fromFile repo-relative path of the importing file
 * @param {string} spec the module specifier
 */
export function resolveSpecifier(fromFile, spec) {
  if (spec.startsWith('.')) {
    const abs = resolve('/', dirname(fromFile), spec)
    return { kind: 'file', path: relative('/', abs).split(sep).join('/') }
  }
  for (const [prefix, folder] of Object.entries(ALIASES)) {
    if (spec.startsWith(prefix)) return { kind: 'file', path: folder + spec.slice(prefix.length) }
  }
  const parts = spec.split('/')
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec)
  return { kind: 'package', name }
}

/** True for test code, which is exempt from the layer rules (not from the sandbox rule). */
export function isTestFile(file) {
  return file.startsWith('tests/') || /\.(test|spec)\.tsx?$/.test(file) || /\.samples\.tsx?$/.test(file)
}

const under = (path, folder) => path === folder || path.startsWith(folder + '/')

/**
 * Layer violations of one import.
 * @param {string} file repo-relative path of the importing file
 * @param {string} spec the module specifier
 * @returns {string[]} human-readable reasons (empty when allowed)
 */
export function checkImport(file, spec) {
  const target = resolveSpecifier(file, spec)
  const test = isTestFile(file)
  const reasons = []
  const isFile = target.kind === 'file'
  const path = isFile ? target.path : ''
  const pkg = isFile ? '' : target.name

  if (under(file, 'src')) {
    if (isFile && under(path, 'sandbox')) reasons.push('src/ must not import sandbox/')
    if (!test && isFile && under(path, 'tests')) reasons.push('src/ must not import tests/')
  }
  if (test) return reasons

  if (under(file, 'machines')) {
    const ok = isFile ? under(path, 'machines') || under(path, 'src/domain') : pkg === 'xstate'
    if (!ok) reasons.push('machines/ may import only xstate, machines/ and src/domain/')
  }
  if (under(file, 'src/domain')) {
    if (!(isFile && under(path, 'src/domain'))) reasons.push('src/domain/ must import nothing outside src/domain/')
  }
  if (under(file, 'src/views') || under(file, 'src/ui')) {
    const forbidden = isFile
      ? under(path, 'src/api') || under(path, 'src/services')
      : pkg === 'ky' || pkg === 'firebase' || pkg.startsWith('@firebase/')
    if (forbidden) reasons.push('views/ui must not import src/api, src/services, ky or firebase')
  }
  if (under(file, 'src') && !under(file, 'src/domain') && pkg === 'zod') reasons.push("the app's schemas use valibot, not zod")
  return reasons
}

/**
 * All violations of one file.
 * @param {string} file repo-relative path
 * @param {string} source its text
 * @returns {{ file: string, spec: string, reason: string }[]}
 */
export function checkFile(file, source) {
  return extractSpecifiers(source).flatMap((spec) => checkImport(file, spec).map((reason) => ({ file, spec, reason })))
}

async function* walk(dir) {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return // a missing folder has nothing to check
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue
    const full = join(dir, e.name)
    if (e.isDirectory()) yield* walk(full)
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) yield full
  }
}

/**
 * Scans `root` and returns every violation.
 * @param {string} root repository root (absolute)
 */
export async function checkTree(root) {
  const violations = []
  let files = 0
  for (const dir of SCANNED_DIRS) {
    for await (const full of walk(join(root, dir))) {
      files++
      const file = relative(root, full).split(sep).join('/')
      violations.push(...checkFile(file, await readFile(full, 'utf8')))
    }
  }
  return { files, violations }
}

async function main() {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
  const { files, violations } = await checkTree(root)
  for (const v of violations) console.error(`${v.file}: imports '${v.spec}': ${v.reason}`)
  if (violations.length > 0) {
    console.error(`check-imports: ${violations.length} violation(s) in ${files} files`)
    process.exit(1)
  }
  console.log(`check-imports: ${files} files, no violations`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main()
}
