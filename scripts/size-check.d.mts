/** Types of scripts/size-check.mjs for TypeScript callers (`scripts/bench.ts`). */

/** Script and modulepreload URLs of index.html, in document order. */
export function entryUrls(html: string): string[]
/** The code of index.html's inline scripts (no `src`, no data blocks), in document order. */
export function inlineScripts(html: string): string[]
/** Relative specifiers a built chunk imports statically. */
export function staticImports(code: string): string[]
/** Relative specifiers of literal dynamic imports. */
export function dynamicImports(code: string): string[]
/**
 * Dist-relative chunk paths needed up front, following static imports from `roots`, plus
 * lazily imported chunks whose file name matches `routePattern` (with their static imports).
 */
export function collectInitialChunks(read: (path: string) => string, roots: string[], routePattern: RegExp | undefined): string[]
/** Gzip size in bytes at level 9. */
export function gzipBytes(data: Buffer | string): number
