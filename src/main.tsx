import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import '@/styles/global.css'
import { activateLocale, detectLocale, localeFromSearch, readStoredLocale } from '@/i18n'
import { setupInspector } from '@/inspect'
import { createAppRouter } from '@/router'
import { createAppServices } from '@/services/app-services'
import { initErrorReporting } from '@/services/error-reporting'

async function start(): Promise<void> {
  void initErrorReporting()
  const { search } = window.location
  const locale = detectLocale({ search, stored: readStoredLocale(), navigatorLanguages: navigator.languages })
  // Only an explicit choice (`?lang=`) is remembered; a guess from the browser is not.
  await activateLocale(i18n, locale, { persist: localeFromSearch(search) !== null })
  await setupInspector(search)

  const services = createAppServices()
  const router = createAppRouter(services)
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} context={{ services }} />
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
