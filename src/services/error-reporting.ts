import { version as packageVersion } from '../../package.json'

/**
 * Error reporting (SPEC §7 "External", §9; CONTRACT.md "Error reporting"): @sentry/react, on
 * only when a DSN is configured. The SDK is loaded by dynamic import, so a build without
 * `VITE_SENTRY_DSN` ships and runs none of it. Events are scrubbed before they leave
 * (`./error-scrubbing`, loaded with the SDK): no customer e-mail, phone number, name, card
 * number, user or request data.
 */

/** Build-time settings of {@link initErrorReporting}. */
export interface ErrorReportingConfig {
  /** Sentry DSN; unset or blank → reporting stays off. */
  dsn: string | undefined
  /** Release name; default the package version. */
  release: string | undefined
}

/** Settings from the build environment (`VITE_SENTRY_DSN`, `VITE_RELEASE`). */
function errorReportingConfigFromEnv(): ErrorReportingConfig {
  return { dsn: import.meta.env.VITE_SENTRY_DSN, release: import.meta.env.VITE_RELEASE }
}

type SentryModule = typeof import('@sentry/react')
let sentry: SentryModule | null = null

/**
 * Starts error reporting when `config.dsn` is set: release (`config.release`, default the
 * package version), environment 'production', trace rate 0, `IGNORED_ERRORS` ignored,
 * no user, cookie, header, body or query collection, every event through `scrubEvent`
 * (both `./error-scrubbing`). Resolves true when reporting is on,
 * false when off; never rejects (a failed SDK load leaves reporting off).
 */
export async function initErrorReporting(config: ErrorReportingConfig = errorReportingConfigFromEnv()): Promise<boolean> {
  const dsn = config.dsn?.trim()
  if (!dsn) return false
  try {
    const [module, { IGNORED_ERRORS, scrubEvent }] = await Promise.all([import('@sentry/react'), import('./error-scrubbing')])
    module.init({
      dsn,
      release: config.release?.trim() || packageVersion,
      environment: 'production',
      tracesSampleRate: 0,
      // Collect nothing about the visitor in the first place; beforeSend scrubs what is left.
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
      ignoreErrors: [...IGNORED_ERRORS],
      beforeSend: (event) => scrubEvent(event),
    })
    sentry = module
    return true
  } catch {
    return false
  }
}

/** Reports an error that the UI handled (e.g. a failed bookkeeping integration); no-op while reporting is off. */
export function reportError(error: unknown): void {
  sentry?.captureException(error)
}
