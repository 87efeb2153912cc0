import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { precompress } from '../deploy/precompress'

/** Directory of the floor app (`bench/floor/index.html`, `main.tsx`). */
const FLOOR_DIR = fileURLToPath(new URL('./floor/', import.meta.url))

/**
 * Builds the storefront with the project's own `vite.config.ts` into `outDir` (a temp dir,
 * so `dist/` of a running `npm start` is left alone). Like `npm run build`, the router plugin
 * regenerates `src/routeTree.gen.ts`.
 * @throws the build error (e.g. an unresolved import) as Vite reports it
 */
export async function buildApp(root: string, outDir: string): Promise<void> {
  await build({ root, mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } })
}

/**
 * Builds the floor app (issue 6: the same react, react-dom, xstate, @xstate/react and
 * @tanstack/react-router, built the same way: same Vite and React plugin, the app's target
 * `es2022`, default minifier) into `outDir`. No config file is read. Its files are
 * precompressed like the app's, so both are served alike in the Lighthouse reference run.
 * @throws the build error
 */
export async function buildFloor(outDir: string): Promise<void> {
  await build({
    root: FLOOR_DIR,
    configFile: false,
    mode: 'production',
    logLevel: 'error',
    plugins: [react(), precompress()],
    build: { target: 'es2022', sourcemap: false, outDir, emptyOutDir: true },
  })
}
