import { startTransition, useEffect } from 'react'
import { Outlet, createRootRouteWithContext, useRouter } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { rootSearchSchema } from '@/api/schemas/route-root.schema'
import { activateLocale, localeFromParam } from '@/i18n'
import type { AppServices } from '@/services/app-services'
import type { ShopNavigation } from '@/services/shop.services'
import { AppShell } from '@/views/app/app-shell.view'

/**
 * What every route can read from `context` (STYLE.md §4: services injected, fakes in tests;
 * `navigation` is the router's own, for machines that send the customer somewhere).
 */
export interface RouterContext {
  services: AppServices
  navigation: ShopNavigation
}

/**
 * The root route: the app shell around every page, and `?lang=sv|en|fi` (or `se`) on any URL,
 * which switches the language, is kept as the visitor's choice and leaves the URL (CONTRACT "Language").
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  component: RootLayout,
})

function RootLayout() {
  const { lang } = Route.useSearch()
  const { i18n } = useLingui()
  const router = useRouter()
  // `?lang=` on any navigation switches language and is remembered as the visitor's choice; then
  // it leaves the URL, or on a reload it would win over a later choice in the switcher.
  useEffect(() => {
    const locale = localeFromParam(lang)
    if (locale === null) return
    if (locale !== i18n.locale) void activateLocale(i18n, locale, { transition: startTransition })
    const { pathname, searchStr, hash } = router.state.location
    const query = new URLSearchParams(searchStr)
    query.delete('lang')
    const rest = query.toString()
    void router.navigate({ href: `${pathname}${rest === '' ? '' : `?${rest}`}${hash === '' ? '' : `#${hash}`}`, replace: true, resetScroll: false })
  }, [lang, i18n, router])
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
