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
 * The features Playwright switches off itself (its `--disable-features` list, playwright-core
 * 1.65). Chromium reads only the last `--disable-features` switch, so a list of ours has to
 * repeat these or it would switch them back on. The harness test compares this list with the
 * one Playwright passes, so an upgrade that changes it fails there.
 */
const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Browser UI the tests never see: headless Chromium 156 still builds each window's address-bar
 * popups as two WebUI pages with a renderer of their own, for every context a test opens. Off,
 * the browser tests use about a third less CPU (docs/performance.md "CI time").
 */
export const TEST_DISABLED_FEATURES: readonly string[] = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

/** The e2e and model suites' flags: {@link CHROMIUM_ARGS} without the address-bar popups. */
const TEST_CHROMIUM_ARGS: readonly string[] = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES].join(',')}`,
]

/**
 * Launches headless Chromium through playwright-core with `args` ({@link TEST_CHROMIUM_ARGS}
 * unless given; the bench passes {@link CHROMIUM_ARGS}, so its figures stay comparable).
 * @throws when the executable is missing or fails to start (playwright's launch error).
 */
export function launchBrowser(args: readonly string[] = TEST_CHROMIUM_ARGS): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...args] })
}
