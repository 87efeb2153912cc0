/**
 * Vitest config for the browser model suite (`tests/e2e/model/all.model.test.ts`, DESIGN.md
 * "Testing pyramid" 4): the machines' generated paths replayed in Chromium against the built
 * `dist/` and the sandbox (the e2e suite's global setup starts the server). The paths of every
 * model run two at a time in one pool, each in its own browser context.
 */
import { defineConfig } from 'vitest/config'
import { alias } from './vite.config'

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    include: ['tests/e2e/model/**/*.model.test.ts'],
    globalSetup: ['./tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxConcurrency: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    retry: 0,
  },
})
