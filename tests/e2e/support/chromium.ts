/**
 * How this project starts Chromium, shared by the e2e suite and `npm run bench`: Debian's
 * Chromium (`CHROMIUM_PATH` overrides, TOOLCHAIN.md item 4), never a downloaded browser.
 * No test-runner imports here, so the bench can use it outside vitest.
 */
import { chromium, type Browser } from 'playwright-core'

/** The Chromium executable: `CHROMIUM_PATH` if set, otherwise `/usr/bin/chromium`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Chromium flags: `--no-sandbox` because CI runs as root; the rest stop Chromium from
 * trying to reach Google hosts on an offline machine (TOOLCHAIN.md pitfall 14).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * Launches headless Chromium through playwright-core with {@link CHROMIUM_ARGS}.
 * @throws when the executable is missing or fails to start (playwright's launch error).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] })
}
