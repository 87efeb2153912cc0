import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { PRECOMPRESSED_COPY } from '../deploy/precompress'

const MAX_AGE_YEAR = /max-age=31536000/i
const IMMUTABLE_FLAG = /\bimmutable\b/i

/** True for `name-<hash>.ext` as Vite names hashed assets (hash of 8 url-safe characters). */
function isHashedName(file: string): boolean {
  return /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i.test(file)
}

/** True when a Cache-Control value lets a hashed asset be cached for a year without revalidation. */
function isImmutable(cacheControl: string | null): boolean {
  return cacheControl !== null && MAX_AGE_YEAR.test(cacheControl) && IMMUTABLE_FLAG.test(cacheControl) && !/no-cache|no-store|private/i.test(cacheControl)
}

/** True when a Cache-Control value makes the browser revalidate (or never store) the document. */
function isRevalidated(cacheControl: string | null): boolean {
  return cacheControl !== null && (/\bno-cache\b|\bno-store\b/i.test(cacheControl) || /\bmax-age=0\b.*must-revalidate|must-revalidate.*\bmax-age=0\b/i.test(cacheControl))
}

/** Findings of {@link checkCaching}. */
export interface CachingReport {
  assets: { immutable: number; hashed: number; total: number; bad: string[] }
  documents: { ok: number; total: number; seen: string[] }
}

/**
 * Fetches every file of `distDir/assets` and the SPA document at `/`, `/bigmenu` and
 * `/index.html` from the running server: hashed assets must be immutable for a year,
 * the document must be revalidated (`no-cache`), so a new deploy is seen at once.
 */
export async function checkCaching(baseUrl: string, distDir: string): Promise<CachingReport> {
  // Precompressed copies are sent under their file's own name (deploy/precompress.ts).
  const files = readdirSync(join(distDir, 'assets')).filter((file) => !PRECOMPRESSED_COPY.test(file))
  const bad: string[] = []
  let immutable = 0
  for (const file of files) {
    const res = await fetch(new URL(`/assets/${file}`, baseUrl))
    await res.arrayBuffer()
    const cc = res.headers.get('Cache-Control')
    if (res.ok && isImmutable(cc)) immutable += 1
    else bad.push(`${file}: ${res.status} ${cc ?? '(no Cache-Control)'}`)
  }
  const seen: string[] = []
  let ok = 0
  const documents = ['/', '/bigmenu', '/index.html']
  for (const path of documents) {
    const res = await fetch(new URL(path, baseUrl))
    await res.arrayBuffer()
    const cc = res.headers.get('Cache-Control')
    if (res.ok && isRevalidated(cc)) ok += 1
    seen.push(`${path}: ${cc ?? '(none)'}`)
  }
  return {
    assets: { immutable, hashed: files.filter(isHashedName).length, total: files.length, bad },
    documents: { ok, total: documents.length, seen },
  }
}
