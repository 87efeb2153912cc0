/**
 * Precompressed copies of the built app's text files.
 *
 * Compressing once at build time lets the server pick the best encoding at no cost per
 * request: Brotli at quality 11 makes the menu's entry chunk about 13 % smaller than the gzip
 * a server makes on the fly (112 kB against 130 kB for `index-*.js`), too slow to do per
 * request but only about a second and a half for the whole build. Each file gets two siblings:
 * `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9), served by `npm start`
 * (`serveStatic({ precompressed: true })` in sandbox/serve.ts) and by `deploy/nginx.conf`
 * (`brotli_static` and `gzip_static`) to clients that send the matching `Accept-Encoding`.
 * The size budget stays in gzip (scripts/size-check.mjs, docs/performance.md).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** File names worth compressing: text the browser loads (script, style, page, data, vector image). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/i

/** The name of a file's precompressed copy ends so: `x.js.br`, `x.js.gz` (sent under `x.js`). */
export const PRECOMPRESSED_COPY = /\.(?:br|gz)$/

/** Below this many bytes a file is sent as it is: the encoding's headers and framing eat the gain. */
export const MIN_BYTES = 1024

/** One file's sizes in bytes: as built, Brotli and gzip (`null` when that copy was not written). */
export interface PrecompressedFile {
  /** Path relative to the output directory, with `/` separators. */
  file: string
  bytes: number
  br: number | null
  gzip: number | null
}

/**
 * The Brotli (quality 11, text mode) and gzip (level 9) encodings of `data`.
 * @returns both buffers; the caller keeps one only when it is smaller than `data`
 */
async function encodings(data: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: zlib.Z_BEST_COMPRESSION }),
  ])
  return { br, gzip: gz }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return filesUnder(path)
      return Promise.resolve(entry.isFile() ? [path] : [])
    }),
  )
  return nested.flat()
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `outDir` of at least
 * {@link MIN_BYTES}, each only when it is smaller than the file (an old sibling of a file that
 * no longer compresses would be served stale, so the build empties `outDir` first).
 * @param outDir a built app's directory (Vite's `build.outDir`); about 1.5 s of work for the app
 * @returns one entry per compressible file, in path order
 * @throws the file system's error when a file cannot be read or written
 */
export async function precompressDir(outDir: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(outDir)).filter((path) => COMPRESSIBLE.test(path)).sort()
  return Promise.all(
    files.map(async (path): Promise<PrecompressedFile> => {
      const file = relative(outDir, path).split('\\').join('/')
      const { size } = await stat(path)
      if (size < MIN_BYTES) return { file, bytes: size, br: null, gzip: null }
      const data = await readFile(path)
      const encoded = await encodings(data)
      const kept = { br: encoded.br.length < size ? encoded.br : null, gzip: encoded.gzip.length < size ? encoded.gzip : null }
      await Promise.all([kept.br && writeFile(`${path}.br`, kept.br), kept.gzip && writeFile(`${path}.gz`, kept.gzip)])
      return { file, bytes: size, br: kept.br?.length ?? null, gzip: kept.gzip?.length ?? null }
    }),
  )
}

/**
 * Vite plugin: once a production build has written its files (public files included, which
 * Vite copies first), runs {@link precompressDir} on the output directory. Not used by the
 * dev server; a build that writes nothing (`build.write: false`, as the boot script's own
 * build in vite.config.ts) never reaches the hook.
 */
export function precompress(): Plugin {
  return {
    name: 'storefront:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (output.dir) await precompressDir(output.dir)
    },
  }
}
