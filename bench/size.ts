import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { collectInitialChunks, entryUrls, gzipBytes, inlineScripts } from '../scripts/size-check.mjs'

/** One JavaScript file and its sizes in bytes. */
interface JsFile {
  path: string
  raw: number
  gzip: number
}

/** A set of JavaScript files and their summed gzip size (bytes, gzip -9 as size-check). */
export interface JsSet {
  files: JsFile[]
  gzip: number
  raw: number
}

/**
 * Sizes of dist-relative `paths` in `distDir`, after index.html's inline scripts: JavaScript
 * the page runs before the menu as well, fetched with the page (the boot script, issue 6).
 */
export function jsSet(distDir: string, paths: readonly string[]): JsSet {
  const files = [
    ...inlineJs(distDir),
    ...paths.map((path) => {
      const data = readFileSync(join(distDir, path))
      return { path, raw: data.length, gzip: gzipBytes(data) }
    }),
  ]
  return { files, gzip: files.reduce((s, f) => s + f.gzip, 0), raw: files.reduce((s, f) => s + f.raw, 0) }
}

/** index.html's inline scripts as files named `index.html inline script N`. */
function inlineJs(distDir: string): JsFile[] {
  return inlineScripts(readFileSync(join(distDir, 'index.html'), 'utf8')).map((code, index) => ({
    path: `index.html inline script ${index + 1}`,
    raw: Buffer.byteLength(code),
    gzip: gzipBytes(code),
  }))
}

/**
 * The JavaScript a build loads up front, counted exactly as `scripts/size-check.mjs` does in
 * CI: index.html's inline scripts, module scripts and modulepreloads, their static imports,
 * and lazily imported chunks whose name matches `routePattern`.
 * @throws when `distDir` has no index.html
 */
export function staticInitialJs(distDir: string, routePattern?: RegExp): JsSet {
  const roots = entryUrls(readFileSync(join(distDir, 'index.html'), 'utf8'))
    .filter((u) => !/^[a-z]+:\/\//i.test(u) && u.endsWith('.js'))
    .map((u) => posix.normalize(u.replace(/^\.?\//, '')))
  const read = (p: string) => readFileSync(join(distDir, p), 'utf8')
  return jsSet(distDir, collectInitialChunks(read, roots, routePattern))
}

/** size-budget.json as the size check reads it. */
export interface SizeBudget {
  menuInitialJsGzipBytes: number
  menuRouteChunkPattern?: string
}

/** Reads `size-budget.json` from the repo root. @throws when it is missing or malformed */
export function readBudget(root: string): SizeBudget {
  const raw: unknown = JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8'))
  if (typeof raw !== 'object' || raw === null || !('menuInitialJsGzipBytes' in raw) || typeof raw.menuInitialJsGzipBytes !== 'number') {
    throw new Error('size-budget.json needs a numeric menuInitialJsGzipBytes')
  }
  const pattern = 'menuRouteChunkPattern' in raw && typeof raw.menuRouteChunkPattern === 'string' ? raw.menuRouteChunkPattern : undefined
  return { menuInitialJsGzipBytes: raw.menuInitialJsGzipBytes, ...(pattern === undefined ? {} : { menuRouteChunkPattern: pattern }) }
}
