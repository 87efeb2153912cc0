/// <reference types="vitest/config" />
import { build, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { fileURLToPath } from 'node:url'
import { precompress } from './deploy/precompress.ts'

// Run Babel only on files that import a Lingui macro (TOOLCHAIN.md).
const linguiMacroPreset = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /from ['"]@lingui\/(?:core\/|react\/)?macro['"]/ } },
})

/** Import aliases of the app, its tests and the test configs (tsconfig.json `paths` has the same). */
export const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

const BOOT_ENTRY = fileURLToPath(new URL('./src/boot/boot.ts', import.meta.url))
/** The tag the boot script follows in index.html: the charset stays in the first 1024 bytes. */
const CHARSET_META = '<meta charset="UTF-8" />'

/**
 * Builds the boot script (`src/boot/boot.ts`) on its own into one minified classic
 * script (an IIFE) with its own copy of the few modules it shares with the app (under 2 kB
 * gzip); it hands its requests to the app through `window` (src/api/early-requests.ts).
 * @throws the build error, or when the code could end its `<script>` element early
 */
async function buildBootScript(): Promise<string> {
  const result = await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    mode: 'production',
    logLevel: 'error',
    resolve: { alias },
    // The boot script imports nothing from a catalog, but the module it reads the stored
    // language from does, lazily: the plugin lets the build parse that import.
    plugins: [lingui()],
    build: { write: false, target: 'es2022', minify: true, lib: { entry: BOOT_ENTRY, formats: ['iife'], name: 'storefrontBoot' } },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []))
  const entry = outputs.find((o) => o.type === 'chunk' && o.isEntry)
  if (!entry || entry.type !== 'chunk') throw new Error('boot-script: the boot build has no entry chunk')
  const code = entry.code.trim()
  if (/<\/script|<!--/i.test(code)) throw new Error('boot-script: the boot code contains "</script" or "<!--"')
  return code
}

/**
 * Inlines the boot script into the built index.html right after the charset, before the
 * app's entry and stylesheet: it runs while the HTML is parsed, with no request of its own
 * (the shop and session GETs start a round trip sooner, and Lighthouse's LCP graph
 * lost the two small chunks the external boot module needed). Each language's menu catalog
 * file is named on the tag (`data-catalog-en="/assets/messages-….js"`) for it to preload.
 * The Content-Security-Policy allows the script by its hash, which the server reads from
 * index.html (deploy/security-headers.ts `inlineScriptHashes`). In development the source
 * module is served as is.
 * @throws when index.html has no charset meta to follow
 */
function bootScript(): Plugin {
  let base = '/'
  return {
    name: 'storefront:boot-script',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return [{ tag: 'script', attrs: { type: 'module', src: '/src/boot/boot.ts' }, injectTo: 'head-prepend' }]
        if (!html.includes(CHARSET_META)) throw new Error(`boot-script: index.html has no ${CHARSET_META}`)
        const catalogs = Object.values(ctx.bundle).flatMap((chunk) => {
          const locale = chunk.type === 'chunk' ? /\/locales\/([a-z]+)\/messages\.po$/.exec(chunk.facadeModuleId ?? '')?.[1] : undefined
          return locale ? [` data-catalog-${locale}="${base}${chunk.fileName}"`] : []
        })
        const tag = `<script${catalogs.sort().join('')}>${await buildBootScript()}</script>`
        return html.replace(CHARSET_META, `${CHARSET_META}\n    ${tag}`)
      },
    },
  }
}

/** Routes every menu visit renders: not code-split (see tanstackRouter below). */
const MENU_PATH_ROUTES: ReadonlySet<string> = new Set(['__root__', '/$shopId', '/$shopId/'])

export default defineConfig(({ mode }) => ({
  plugins: [
    // The router plugin generates src/routeTree.gen.ts; tests do not import the route tree
    // through the plugin, so it is left out under Vitest.
    ...(mode === 'test'
      ? []
      : [
          tanstackRouter({
            target: 'react',
            autoCodeSplitting: true,
            routesDirectory: 'src/routes',
            generatedRouteTree: 'src/routeTree.gen.ts',
            // The menu path (shop layout + menu) ships in the entry chunk: split, it cost one more
            // round trip before the shop could even be requested. Other routes stay lazy.
            codeSplittingOptions: { splitBehavior: ({ routeId }) => (MENU_PATH_ROUTES.has(routeId) ? [] : undefined) },
          }),
        ]),
    react(),
    babel({ presets: [linguiMacroPreset] }),
    lingui(),
    vanillaExtractPlugin(),
    ...(mode === 'test' ? [] : [bootScript()]),
    // `.br` and `.gz` beside each text file, for the server to send as they are.
    precompress(),
  ],
  resolve: { alias },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // Every browser the es2022 target runs on follows <link rel="modulepreload"> natively
      // except Safari before 17, which then simply fetches the chunk when imported; the
      // polyfill would cost every visit 0.4 kB gzip of the menu's load.
      polyfill: false,
      // index.html still preloads the entry's own imports. A lazy chunk's shared JS is found by
      // the browser when it parses the chunk, not listed ahead: the list of every lazy chunk's
      // files and the helper's work were 0.76 kB gzip of the menu's load, and the helper checked
      // each file against the whole document (a querySelector per file, over a 500-article
      // menu) in the idle task that loads the checkout: up to 40 ms of it. The lazy chunks the
      // menu uses load while the browser is idle anyway; a lazy route opened before its chunk
      // is here waits one more round trip for the chunks it shares. CSS is still loaded with
      // its chunk (Total Blocking Time).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (Rolldown's `$initial` tag). Left
        // to automatic splitting, the modules the lazy routes share came as 17 more small
        // files: on HTTP/1.1 (six connections) that is several round trips before the menu can
        // even ask for the shop (docs/performance.md).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'tests/**/*.test.{ts,tsx}', 'sandbox/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['./tests/setup.ts'],
    // One jsdom and one module graph per worker, not per file: on a 2-core CI machine the suite
    // took 180 s, 86 s of them building environments, and takes 30 s so. Every file passes in a
    // shuffled order too (`vitest run --sequence.shuffle.files`); tests/setup.ts still runs before each file.
    isolate: false,
    testTimeout: 15000,
  },
}))
