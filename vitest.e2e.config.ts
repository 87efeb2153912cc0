/**
 * Vitest config for the browser (end-to-end) suite: `tests/e2e/**\/*.e2e.test.ts`, driven by
 * playwright-core against the built `dist/` plus the sandbox platform (DESIGN.md "Testing
 * pyramid", STYLE.md §8). Files run one after another (one shared server and sandbox); `npm test`
 * runs the fault tests and a few short files in a second process beside them, with a server of its
 * own (scripts/test-all.mjs `E2E_BESIDE_FILES`).
 * No React/Lingui plugins are loaded because the tests only talk to a browser.
 */
import { defineConfig } from 'vitest/config'
import { alias } from './vite.config'

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    // resilience-reporter prints the issue 5 summary (faults, bad inputs, accessibility checks).
    globalSetup: ['./tests/e2e/support/global-setup.ts', './tests/e2e/support/resilience-reporter.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    retry: 0,
  },
})
