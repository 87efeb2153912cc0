import { createRouter, useRouter, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router'
import type { AppServices } from '@/services/app-services'
import { ErrorView } from '@/views/app/error.view'
import { NotFoundView } from '@/views/app/not-found.view'
import { routeTree } from './routeTree.gen'

/** Error boundary of every route (SPEC §2): the generic error page, whose retry re-runs loaders. */
function RouteErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <ErrorView
      onRetry={() => {
        reset()
        void router.invalidate()
      }}
    />
  )
}

/** Options of {@link createAppRouter}. */
export interface AppRouterOptions {
  /** History to use; tests pass `createMemoryHistory({ initialEntries: ['/path'] })`. Default: browser history. */
  history?: RouterHistory
}

/**
 * Builds the app's router from the generated route tree with `services` in its context
 * (STYLE.md §4). `main.tsx` passes live services, route tests pass fakes. Unknown paths render
 * the not-found page and render errors the generic error page (SPEC §2).
 */
export function createAppRouter(services: AppServices, options: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    context: { services },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundView,
    // "Any other path" is the not-found page (SPEC §2), also below a shop id: /cafe/nope must
    // not render inside the shop layout, nor /a/b/c as the shop 'a'.
    notFoundMode: 'root',
  })
}

/** The app's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
