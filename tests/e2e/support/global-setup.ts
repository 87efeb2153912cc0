/**
 * Global setup of the e2e suite (DESIGN.md "Testing pyramid"): checks that `dist/` was built,
 * starts the production server (built app + sandbox platform on one origin) on a free port with
 * a fresh data directory, and hands its URL to the tests as `inject('baseUrl')`.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startServer } from '../../../sandbox/serve'

declare module 'vitest' {
  interface ProvidedContext {
    /** Origin of the server under test, e.g. `http://127.0.0.1:41234` (no trailing slash). */
    baseUrl: string
  }
}

const distDir = resolve(process.cwd(), 'dist')

/**
 * Starts the server and provides `baseUrl`; returns the teardown that closes it.
 * With `E2E_BASE_URL` set, runs against that already running server instead (nothing is
 * started or checked; sandbox-only helpers such as faults then need a sandbox there).
 * @throws Error when `dist/index.html` is missing (build first: `npm run test:e2e` does);
 *   whatever `startServer` throws (port taken, ...).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL
  if (external) {
    project.provide('baseUrl', external.replace(/\/+$/, ''))
    return async () => {}
  }
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `e2e: ${join(distDir, 'index.html')} not found. Build the app first (vite build, or npm run test:e2e / npm test, which build before running).`,
    )
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-e2e-'))
  const server = await startServer({ mode: 'production', port: 0, host: '127.0.0.1', distDir, dataDir, quiet: true })
  project.provide('baseUrl', server.url.replace(/\/+$/, ''))

  return async () => {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
