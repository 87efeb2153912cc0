/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { fileURLToPath } from 'node:url'

// Run Babel only on files that import a Lingui macro (TOOLCHAIN.md).
const linguiMacroPreset = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /from ['"]@lingui\/(?:core\/|react\/)?macro['"]/ } },
})

/**
 * The boot script (`src/boot/boot.ts`, issue 6) and the modules it imports. They stay out of
 * the app's chunk: the boot chunk must be a few hundred bytes that run before the app's
 * bundle has arrived; the modules it shares with the app go to a small common chunk.
 */
const BOOT_MODULES = ['/src/boot/', '/src/api/early-requests.ts', '/src/api/boot-prefetch.ts', '/src/domain/ids.ts', '/src/i18n/activate.ts', '/src/i18n/locales.ts', '/src/domain/money.ts', 'vite/preload-helper']
const isBootModule = (id: string): boolean => BOOT_MODULES.some((part) => id.includes(part))

/**
 * Puts the boot chunk's `<script type="module">` first in the built index.html, so it runs as
 * soon as it arrives, before the app's entry (module scripts run in document order). In
 * development the source module is served as is.
 */
function bootScript(): Plugin {
  return {
    name: 'storefront:boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = ctx.bundle
          ? Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot')
          : undefined
        if (ctx.bundle && !chunk) throw new Error('boot-script: the build has no boot chunk')
        const src = chunk ? `/${chunk.fileName}` : '/src/boot/boot.ts'
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' }]
      },
    },
  }
}

/** Routes every menu visit renders: not code-split (see tanstackRouter below). */
const MENU_PATH_ROUTES: ReadonlySet<string> = new Set(['__root__', '/$shopId', '/$shopId/'])

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@machines': fileURLToPath(new URL('./machines', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

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
            // round trip before the shop could even be requested (issue 6). Other routes stay lazy.
            codeSplittingOptions: { splitBehavior: ({ routeId }) => (MENU_PATH_ROUTES.has(routeId) ? [] : undefined) },
          }),
        ]),
    react(),
    babel({ presets: [linguiMacroPreset] }),
    lingui(),
    vanillaExtractPlugin(),
    ...(mode === 'test' ? [] : [bootScript()]),
  ],
  resolve: { alias },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the es2022 target runs on follows <link rel="modulepreload"> natively except
    // Safari before 17, which then simply fetches the chunk when imported; the polyfill would
    // cost every visit 0.4 kB gzip of the menu's load (issue 6).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot/boot.ts', import.meta.url)) },
      output: {
        // Everything the entry imports statically in one chunk (Rolldown's `$initial` tag). Left
        // to automatic splitting, the modules the lazy routes share came as 17 more small
        // files: on HTTP/1.1 (six connections) that is several round trips before the menu can
        // even ask for the shop (issue 6: Lighthouse LCP 3.3 s → 2.6 s, and 5 kB less gzip).
        // The modules the boot script shares with the app get a small chunk of their own, which
        // both import; left alone, Rolldown put them in the app's chunk, and the boot script
        // would have waited for all of it.
        codeSplitting: {
          groups: [
            { name: 'boot-shared', priority: 2, test: (id: string) => isBootModule(id) && !id.includes('/src/boot/') },
            { name: 'app', priority: 1, tags: ['$initial'], test: (id: string) => !isBootModule(id) },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'tests/**/*.test.{ts,tsx}', 'sandbox/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['./tests/setup.ts'],
    testTimeout: 15000,
  },
}))
