/**
 * V8's explicit compile hint on the entry chunk (Total
 * Blocking Time).
 *
 * Chrome compiles most functions of a script lazily, on the main thread, the first time they
 * run. Every function of the entry chunk (React DOM, the router, XState, the menu) runs while
 * the menu first renders, so that compilation landed in the one long task that evaluates the
 * module: 35–39 ms on the bench machine before Lighthouse's 4× slowdown, the largest single
 * item of its TBT. A script whose first line is the magic comment `//# allFunctionsCalledOnLoad`
 * (Chrome 136 and later) has all its functions compiled eagerly, on a background thread while
 * it streams in; the same evaluation then took 16–25 ms. Other browsers read a comment.
 *
 * Only entry chunks get it: a lazy chunk's functions mostly run later, if at all, and eager
 * compilation costs memory and background work for each one.
 */
import type { Plugin } from 'vite'

/** The magic comment, the first line of each entry chunk. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * A Vite plugin that makes {@link COMPILE_HINT} the first line of each entry chunk once the
 * bundle is complete (after Vite's own rewrites, which would otherwise put code above it), and
 * moves the chunk's source map one line down to match when there is one. Builds only.
 */
export function compileHints(): Plugin {
  return {
    name: 'storefront:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.isEntry || output.code.startsWith(COMPILE_HINT)) continue
          output.code = `${COMPILE_HINT}\n${output.code}`
          const map = bundle[`${output.fileName}.map`]
          if (map?.type === 'asset' && typeof map.source === 'string') map.source = shiftSourceMap(map.source)
        }
      },
    },
  }
}

/**
 * A source map (JSON text) for the same code one line lower: an empty first line of mappings.
 * Text that is not a source map is returned as it is.
 */
export function shiftSourceMap(json: string): string {
  try {
    const map = JSON.parse(json) as { mappings?: unknown }
    if (typeof map.mappings !== 'string') return json
    return JSON.stringify({ ...map, mappings: `;${map.mappings}` })
  } catch {
    return json
  }
}
