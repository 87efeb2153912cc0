#!/usr/bin/env node
/**
 * Bundle budget for the menu route (`/$shopId`, SPEC §2): sums the gzip size of the JavaScript
 * the browser must fetch before the menu can render, and fails when it is over budget.
 *
 * "Up front" = the inline scripts of dist/index.html (the boot script), its entry script(s),
 * its `<link rel="modulepreload">`s, and every chunk those import statically (`from"./x.js"`,
 * `import"./x.js"`), recursively.
 * Dynamic `import()` targets are lazy and not counted, except chunks whose file name matches
 * the optional `menuRouteChunkPattern` regex in size-budget.json (the lazily split route
 * chunks of the shop layout / menu route), which are counted with their static imports.
 *
 * size-budget.json: `{ "menuInitialJsGzipBytes": number, "menuRouteChunkPattern"?: string }`.
 * Usage: node scripts/size-check.mjs [distDir]   (exit 1 when over budget or dist is missing)
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

/**
 * Script and modulepreload URLs of index.html, in document order (as written, e.g. `/assets/x.js`).
 * @param {string} html
 * @returns {string[]}
 */
export function entryUrls(html) {
  const out = []
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const tag = (m[1] ?? '').toLowerCase()
    const attrs = m[2] ?? ''
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attrs)?.[1]
    if (tag === 'script' && attr('type') === 'module' && attr('src')) out.push(attr('src'))
    if (tag === 'link' && attr('rel') === 'modulepreload' && attr('href')) out.push(attr('href'))
  }
  return out
}

/**
 * The code of index.html's inline scripts (no `src`), in document order: classic and module
 * scripts; data blocks (`type="application/json"` and the like) are not code and are skipped.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  const out = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? ''
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase()
    if (/\bsrc\s*=/i.test(attrs) || (type !== undefined && type !== 'module' && type !== 'text/javascript')) continue
    out.push(m[2] ?? '')
  }
  return out
}

/**
 * Relative specifiers a built chunk imports statically (`import"./a.js"`, `from"./b.js"`,
 * `export*from"./c.js"`); `import("./d.js")` is dynamic and left out.
 * @param {string} code minified chunk source
 * @returns {string[]}
 */
export function staticImports(code) {
  const out = new Set()
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+?\.m?js)["']/g)) if (m[1]) out.add(m[1])
  return [...out]
}

/**
 * Relative specifiers of literal dynamic imports (`import("./x.js")`, also with backquotes).
 * @param {string} code
 * @returns {string[]}
 */
export function dynamicImports(code) {
  const out = new Set()
  // Rolldown's minifier writes dynamic specifiers as template literals: import(`./x.js`).
  for (const m of code.matchAll(/\bimport\s*\(\s*(["'`])(\.{1,2}\/[^"'`$]+?\.m?js)\1\s*\)/g)) if (m[2]) out.add(m[2])
  return [...out]
}

/**
 * The set of dist-relative chunk paths needed up front, following static imports from `roots`.
 * @param {(path: string) => string} read reads a dist-relative file
 * @param {string[]} roots dist-relative paths (e.g. `assets/index-abc.js`)
 * @param {RegExp | undefined} routePattern lazily imported chunks to count anyway (file name match)
 * @returns {string[]} dist-relative paths in discovery order
 */
export function collectInitialChunks(read, roots, routePattern) {
  const seen = new Set()
  const queue = [...roots]
  while (queue.length > 0) {
    const path = queue.shift()
    if (path === undefined || seen.has(path)) continue
    seen.add(path)
    const code = read(path)
    const dir = posix.dirname(path)
    for (const spec of staticImports(code)) queue.push(posix.normalize(posix.join(dir, spec)))
    if (routePattern) {
      for (const spec of dynamicImports(code)) {
        const target = posix.normalize(posix.join(dir, spec))
        if (routePattern.test(posix.basename(target))) queue.push(target)
      }
    }
  }
  return [...seen]
}

/** Gzip size in bytes at level 9. @param {Buffer | string} data */
export function gzipBytes(data) {
  return gzipSync(data, { level: 9 }).length
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const dist = resolve(process.argv[2] ?? join(root, 'dist'))
  const indexPath = join(dist, 'index.html')
  if (!existsSync(indexPath)) {
    console.error(`size-check: ${indexPath} not found; run vite build first`)
    process.exit(1)
  }
  const budgetPath = join(root, 'size-budget.json')
  const budget = JSON.parse(readFileSync(budgetPath, 'utf8'))
  const limit = budget.menuInitialJsGzipBytes
  if (typeof limit !== 'number' || !(limit > 0)) {
    console.error(`size-check: ${budgetPath} needs a positive "menuInitialJsGzipBytes"`)
    process.exit(1)
  }
  const routePattern = typeof budget.menuRouteChunkPattern === 'string' ? new RegExp(budget.menuRouteChunkPattern) : undefined

  const html = readFileSync(indexPath, 'utf8')
  const roots = entryUrls(html)
    .filter((u) => !/^[a-z]+:\/\//i.test(u) && u.endsWith('.js'))
    .map((u) => posix.normalize(u.replace(/^\.?\//, '')))
  if (roots.length === 0) {
    console.error('size-check: no module script found in dist/index.html')
    process.exit(1)
  }
  const read = (p) => readFileSync(join(dist, p), 'utf8')
  const chunks = collectInitialChunks(read, roots, routePattern)

  let total = 0
  console.log('size-check: JS loaded up front for /$shopId (gzip -9)')
  for (const [index, code] of inlineScripts(html).entries()) {
    const bytes = gzipBytes(code)
    total += bytes
    console.log(`  ${String(bytes).padStart(9)} B  index.html inline script ${index + 1}`)
  }
  for (const chunk of chunks) {
    const bytes = gzipBytes(readFileSync(join(dist, chunk)))
    total += bytes
    console.log(`  ${String(bytes).padStart(9)} B  ${chunk}`)
  }
  const verdict = total <= limit ? 'within' : 'OVER'
  console.log(`  ${String(total).padStart(9)} B  total (${chunks.length} files and index.html's inline code), budget ${limit} B: ${verdict} budget`)
  if (total > limit) process.exit(1)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main()
}
