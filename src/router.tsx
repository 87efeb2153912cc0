import { lazy, Suspense } from 'react'
import { createRouter, useRouter, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router'
import type { AppServices } from '@/services/app-services'
import type { ShopNavigation } from '@/services/shop.services'
import { LoadingScreen } from '@/ui/loading-screen'
import { ErrorView } from '@/views/app/error.view'
import { routeTree } from './routeTree.gen'
import { parseSearch, stringifySearch } from './search-params'

/**
 * A part of the app whose code failed to load (the connection dropped while it loaded): the
 * browser and React keep that failed import, so only a reload asks for it again. Chromium,
 * Firefox and Safari all throw a TypeError whose message names the import.
 */
const isFailedImport = (error: unknown) => error instanceof TypeError && /import/i.test(error.message)

/**
 * Error boundary of every route (SPEC §2): the generic error page. Try again re-runs the
 * loaders, or reloads the page when code failed to load (the cart is on the platform).
 */
function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <ErrorView
      onRetry={() => {
        if (isFailedImport(error)) return window.location.reload()
        reset()
        void router.invalidate()
      }}
    />
  )
}

// The not-found page loads once a path needs it, with its texts (the `pages` catalog): it is
// not part of the menu's load. The error page stays: the connection may be gone.
const NotFoundScreen = lazy(() => import('@/views/app/not-found.view').then((m) => ({ default: m.NotFoundScreen })))

/** Not-found page of every route (SPEC §2 last row), the loading screen until it is here. */
function NotFoundPage() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <NotFoundScreen />
    </Suspense>
  )
}

/** Options of {@link createAppRouter}. */
export interface AppRouterOptions {
  /** History to use; tests pass `createMemoryHistory({ initialEntries: ['/path'] })`. Default: browser history. */
  history?: RouterHistory
}

/**
 * Builds the app's router from the generated route tree with `services` and the router's own
 * `navigation` in its context (STYLE.md §4). `main.tsx` passes live services, route tests pass
 * fakes. Unknown paths render the not-found page and render errors the generic error page
 * (SPEC §2). `main.tsx` adds route focus (the new page's heading after a page change) once idle.
 */
export function createAppRouter(services: AppServices, options: AppRouterOptions = {}) {
  const navigation: ShopNavigation = {
    openReceipt: (shopId, receiptId) => void router.navigate({ to: '/$shopId/receipt/$receiptId', params: { shopId, receiptId } }),
  }
  const router = createRouter({
    routeTree,
    context: { services, navigation },
    ...(options.history ? { history: options.history } : {}),
    // Query values stay text; each route's valibot schema (validateSearch) decides what it accepts.
    parseSearch,
    stringifySearch,
    // A pointer resting on a link preloads its route after the router's default 50 ms, in a
    // timer task of its own, not inside the event that moved the pointer (docs/performance.md).
    defaultPreload: 'intent',
    scrollRestoration: true,
    // A page whose code is still on its way (a slow network) shows 'Loading' after the router's
    // default second, instead of the last page under a URL that has already changed.
    defaultPendingComponent: LoadingScreen,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    // "Any other path" is the not-found page (SPEC §2), also below a shop id: /cafe/nope must
    // not render inside the shop layout, nor /a/b/c as the shop 'a'.
    notFoundMode: 'root',
  })
  return router
}

/** The app's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
