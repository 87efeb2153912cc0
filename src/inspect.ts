import type { InspectionEvent } from 'xstate'

let inspect: ((event: InspectionEvent) => void) | undefined

/**
 * True when the Stately inspector is asked for and the build allows it: `VITE_INSPECT=true`
 * always; `?inspect` in the URL (not `=false`/`=0`) only in the dev server or a build with
 * `VITE_INSPECT=url` (`npm start` and `npm run dev` set it). A deployed shop's build has
 * neither: the inspector sends every event, the customer's info and payment secrets included,
 * to stately.ai, so a link with `?inspect` must not turn it on there.
 * @internal exported for its unit tests (knip --production)
 */
export function inspectorRequested(search: string): boolean {
  // Build-time constants: a deployed shop's build keeps none of the URL check.
  if (import.meta.env.VITE_INSPECT === 'true') return true
  if (!import.meta.env.DEV && import.meta.env.VITE_INSPECT !== 'url') return false
  const flag = new URLSearchParams(search).get('inspect')
  return flag !== null && flag !== 'false' && flag !== '0'
}

/**
 * Starts the Stately browser inspector when {@link inspectorRequested} says so (DESIGN.md:
 * QA watches the machines run). The package is loaded by dynamic import only, so a normal
 * visit downloads none of it. It opens a popup to stately.ai, which fails offline (TOOLCHAIN.md
 * pitfall 11); that only affects the inspector. Resolves once the inspector is ready.
 */
export async function setupInspector(search: string): Promise<void> {
  if (inspect || !inspectorRequested(search)) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  const inspector = createBrowserInspector()
  inspect = (event) => inspector.inspect.next?.(event)
}

/**
 * Options to spread into `createActor` / `useActorRef` / `useMachine`:
 * `{ inspect }` once {@link setupInspector} started the inspector, else `{}`.
 */
export function inspectOption(): { inspect?: (event: InspectionEvent) => void } {
  return inspect ? { inspect } : {}
}
