/**
 * CLI: serves the storefront and the sandbox platform (or a proxy) on one origin.
 *
 *   node --import tsx scripts/serve.ts [--dev] [--build]
 *
 * Environment: PORT (default 4173), HOST (default 127.0.0.1), PLATFORM_API_URL (proxy to a
 * real platform instead of the sandbox), SANDBOX_DATA_DIR (sandbox receipts and stock).
 * `--build` runs a production Vite build first; `--dev` serves through Vite's dev server.
 */
import { parseArgs } from 'node:util'
import { demoShopIds } from '../sandbox/fixtures'
import { REPO_ROOT, startServer } from '../sandbox/serve'

const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false }, build: { type: 'boolean', default: false } } })
const platformApiUrl = process.env.PLATFORM_API_URL || undefined

// The sandbox serves its own simulated Viva page, for a build here and for the dev server alike
// (CONTRACT.md: `npm run dev` does what `npm start` does); a real platform keeps the live default.
if ((values.build || values.dev) && !platformApiUrl) process.env.VITE_VIVA_CHECKOUT_URL ??= '/sandbox/viva/checkout'
// QA's build: `?inspect` starts the Stately inspector (a deployed shop's build ignores it).
if (values.build || values.dev) process.env.VITE_INSPECT ??= 'url'

if (values.build && !values.dev) {
  const { build } = await import('vite')
  await build({ root: REPO_ROOT, mode: 'production' })
}

const running = await startServer({
  mode: values.dev ? 'dev' : 'production',
  port: process.env.PORT ? Number(process.env.PORT) : 4173,
  host: process.env.HOST || '127.0.0.1',
  ...(platformApiUrl ? { platformApiUrl } : {}),
  ...(process.env.SANDBOX_DATA_DIR ? { dataDir: process.env.SANDBOX_DATA_DIR } : {}),
})

console.log(`Storefront: ${running.url}`)
if (running.sandbox) {
  console.log(`Demo shop: ${running.url}cafe`)
  console.log(`Other demo shops: ${demoShopIds.filter((id) => id !== 'cafe').map((id) => `${running.url}${id}`).join('  ')}`)
  console.log(`Tables: ${running.url}tables?table=4   Tab: ${running.url}tab?tabId=tab-1`)
  console.log(`All demo shops, open one by id: ${running.url}sandbox`)
} else {
  console.log(`API proxied to ${platformApiUrl}`)
}

let closing = false
const shutdown = () => {
  if (closing) return
  closing = true
  void running.close().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
