/**
 * The stack's floor (issue 6): the smallest app that still uses what the storefront's
 * `/$shopId` route cannot do without: react-dom rendering, a TanStack router with a
 * root route and a `$shopId` param route, an XState machine with a guard and `assign`, run
 * through @xstate/react. `npm run bench` builds it with the same Vite, React plugin and
 * target as the app and compares the app's initial JavaScript with this one's.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { assign, setup } from 'xstate'

const cartMachine = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'add' } | { type: 'remove' } },
  guards: { hasItems: ({ context }) => context.count > 0 },
}).createMachine({
  context: { count: 0 },
  on: {
    add: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    remove: { guard: 'hasItems', actions: assign({ count: ({ context }) => context.count - 1 }) },
  },
})

const rootRoute = createRootRoute({ component: () => <Outlet /> })

const shopRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$shopId',
  component: Shop,
})

function Shop() {
  const { shopId } = shopRoute.useParams()
  const actor = useActorRef(cartMachine)
  const count = useSelector(actor, (s) => s.context.count)
  return (
    <main>
      <h1>{shopId}</h1>
      <button type="button" onClick={() => actor.send({ type: 'add' })}>
        Add ({count})
      </button>
      <Link to="/$shopId" params={{ shopId }}>
        Home
      </Link>
    </main>
  )
}

const router = createRouter({ routeTree: rootRoute.addChildren([shopRoute]) })

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}
