import type { InspectionEvent } from 'xstate'

let inspect: ((event: InspectionEvent) => void) | undefined

/**
 * True when the Stately inspector is asked for: `?inspect` in the URL (not `=false`/`=0`) or `VITE_INSPECT=true`.
 * @internal exported for its unit tests (knip --production)
 */
export function inspectorRequested(search: string): boolean {
  const flag = new URLSearchParams(search).get('inspect')
  const fromUrl = flag !== null && flag !== 'false' && flag !== '0'
  return fromUrl || import.meta.env.VITE_INSPECT === 'true'
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
