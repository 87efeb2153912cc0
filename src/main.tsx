import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import '@/styles/global.css'
import { activateLocale, activatePending, detectLocale, loadCatalog, localeFromSearch, readStoredLocale } from '@/i18n'
import { setupInspector } from '@/inspect'
import { createAppRouter, type AppRouter } from '@/router'
import { whenIdle } from '@/perf/idle'
import { preloadPaymentCalls } from '@/api/client'
import { createAppServices } from '@/services/app-services'
import { yieldToMain } from '@/perf/yield-to-main'

/**
 * Matches the page's routes before the first render, when none of them has a loader (the
 * shop's pages have none): the first render then draws the page itself, in slices React can
 * interrupt, instead of an empty app that the router's store update renders again in one long
 * synchronous task (docs/performance.md, "routes matched before the first render"). A page
 * with a loader (a receipt) renders at once and shows its loading screen.
 * Never rejects: the router reports its errors on the page.
 */
async function matchBeforeRender(router: AppRouter): Promise<void> {
  const [branch] = router.getMatchedRoutes(router.state.location.pathname)
  if (branch.some((route) => route.options.loader)) return
  try {
    await router.load()
  } catch {
    // Rendered regardless; the router shows its error or not-found page.
  }
}

async function start(): Promise<void> {
  // Error reporting is on only in a build with a Sentry DSN (CONTRACT.md); without one, its
  // code is not even in the build, with one it loads beside the app.
  if (import.meta.env.VITE_SENTRY_DSN?.trim()) void import('@/services/error-reporting').then((m) => m.initErrorReporting())
  const { search } = window.location
  const locale = detectLocale({ search, stored: readStoredLocale(), navigatorLanguages: navigator.languages })
  // The catalog's request starts now and runs alongside the router's construction and the
  // shop's requests: awaited first, it would cost the menu a round trip. The language is
  // active meanwhile, for code that reads it before the first render.
  const catalog = loadCatalog(locale)
  catalog.catch(() => undefined) // handled where it is awaited below
  activatePending(i18n, locale)
  const services = createAppServices()
  await setupInspector(search)
  // Ends the task that evaluated the bundle: the router's construction (its route tree and the
  // page's first history.replaceState) gets a task of its own, so neither makes a long task on
  // a phone (docs/performance.md, "routes matched before the first render").
  await yieldToMain()
  const router = createAppRouter(services)
  // The matching gets a task of its own too.
  await yieldToMain()
  await matchBeforeRender(router)
  // Focus moves on the customer's page changes, none before the first page is up: the code
  // comes once the page is idle. Started after the matching, so the menu's paint hold (set as
  // its route loads) holds it too. Failing, it leaves focus as it is.
  whenIdle(() => void import('@/ui/route-focus').then((m) => m.focusHeadingOnPageChange(router), () => {}))
  // The payment calls' code too, so no payment (or cancel) waits for it, online or off.
  whenIdle(preloadPaymentCalls)
  // Ends the matching's task before rendering.
  await yieldToMain()

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  try {
    // Rendered with its texts: the boot script has usually preloaded the catalog, so this
    // waits for little. Only an explicit choice (`?lang=`) is remembered, not a guess.
    await activateLocale(i18n, locale, { persist: localeFromSearch(search) !== null, messages: catalog })
  } catch {
    // A catalog that failed to load still leaves a working (if untranslated) shop.
  }
  // A transition: React renders the app in slices that yield to the browser, instead of one
  // long task right after the bundle's evaluation (Total Blocking Time).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} context={{ services }} />
        </I18nProvider>
      </StrictMode>,
    ),
  )
}

void start()
