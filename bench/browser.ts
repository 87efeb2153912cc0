import { chromium, type Browser, type BrowserContext } from 'playwright-core'

/** Debian's Chromium unless `CHROMIUM_PATH` says otherwise (TOOLCHAIN.md item 4). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Flags for an offline machine running as root (TOOLCHAIN.md pitfall 14): no sandbox, and no
 * background calls to Google hosts.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** The phone screen Lighthouse's mobile preset emulates (Moto G Power), CSS pixels. */
export const PHONE_VIEWPORT = { width: 412, height: 823 } as const

/** Launches headless Chromium through playwright-core. @throws when Chromium cannot start */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] })
}

/**
 * A fresh context (own cookies, so its own sandbox session) with a phone-sized viewport and
 * English UI. The user agent stays desktop Chromium's, so Swish asks for a phone number
 * instead of opening the app (SPEC §2 "Mobile payment").
 */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { ...PHONE_VIEWPORT }, locale: 'en-US' })
}

/**
 * Resolves `promise`, or rejects with `label timed out after N ms`. The timer never keeps
 * the process alive.
 */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out after ${timeoutMs} ms`)), timeoutMs)
    timer.unref()
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The message of anything thrown, on one line. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return (text.split('\n')[0] ?? text).slice(0, 300)
}
