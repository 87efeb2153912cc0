import { useEffect } from 'react'
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import * as v from 'valibot'
import { activateLocale, normalizeLocale } from '@/i18n'
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
 * Search parameters every page accepts (CONTRACT.md "Language", DESIGN.md inspector):
 * `lang` (`se` is the spec's alias for Swedish) and the `inspect` flag. Invalid values are
 * dropped, never an error. Only these keys are returned; TanStack merges the rest of the
 * query into child routes' search untouched.
 */
const rootSearchSchema = v.object({
  lang: v.fallback(v.optional(v.picklist(['sv', 'en', 'fi', 'se'])), undefined),
  // `?inspect` arrives as '' (no value); any present value except false/'false' turns it on.
  inspect: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === undefined || value === false || value === 'false' ? undefined : true)),
    ),
  ),
})

/** Validated root search: `{ lang?: 'sv'|'en'|'fi'|'se', inspect?: true }`. */
export type RootSearch = v.InferOutput<typeof rootSearchSchema>

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): RootSearch => v.parse(rootSearchSchema, search),
  component: RootLayout,
})

function RootLayout() {
  const { lang } = Route.useSearch()
  const { i18n } = useLingui()
  // `?lang=` on any navigation switches language and is remembered as the visitor's choice.
  useEffect(() => {
    const locale = normalizeLocale(lang)
    if (locale !== null && locale !== i18n.locale) void activateLocale(i18n, locale)
  }, [lang, i18n])
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
