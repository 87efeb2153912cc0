import type { Browser, BrowserContext } from 'playwright-core'
import { CHROMIUM_ARGS, launchBrowser as launchWith } from '../tests/e2e/support/chromium'

/** Chromium as the e2e suite starts it (Debian's, offline flags): one definition for both. */
export { CHROMIUM_ARGS as CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

/**
 * Chromium with {@link CHROMIUM_ARGS} only: the bench keeps the browser UI the tests switch off,
 * so its figures compare with earlier runs.
 */
export function launchBrowser(): Promise<Browser> {
  return launchWith(CHROMIUM_ARGS)
}

/** The phone screen Lighthouse's mobile preset emulates (Moto G Power), CSS pixels. */
const PHONE_VIEWPORT = { width: 412, height: 823 } as const

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
