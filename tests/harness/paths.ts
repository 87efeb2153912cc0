import { getShortestPaths } from '@xstate/graph'
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type SnapshotFrom,
  type StateValue,
} from 'xstate'
import { expect } from 'vitest'

/**
 * Path-based testing for the machines (DESIGN.md "Testing pyramid" 2, STYLE.md §8):
 * `@xstate/graph` finds the shortest path to every reachable state from sample events
 * (including `xstate.done.actor.<id>` / `xstate.error.actor.<id>` payloads); each path is
 * replayed on a live actor whose side effects are fakes that never settle, and every reached
 * state is checked against the invariants the caller gives. A state that no path reaches fails.
 */

export interface PathSuiteOptions<TMachine extends AnyStateMachine> {
  input?: unknown
  /** Sample events per type; `xstate.*` done/error/after events go here too. */
  events: Record<string, EventObject[]>
  /** Context keys that identify a distinct state for the traversal (default: none, value only). */
  contextKeys?: string[]
  /** State ids (dot paths without the machine id) that cannot be reached as resting states by design. */
  unreachable?: string[]
  /** Invariants per state path prefix ('' for every state): throw (or expect) to fail. */
  invariants?: Record<string, (snapshot: SnapshotFrom<TMachine>) => void>
  /**
   * Actions replaced for traversal and replay: spawning actions with a `systemId` must be, since
   * the traversal shares one mock system across every branch it explores.
   */
  actions?: Record<string, unknown>
  /** Actor implementations for the replay (default: every actor hangs). */
  replayActors?: Record<string, unknown>
}

/** Dot paths of every active state in a state value, e.g. {started:'swish'} → ['started', 'started.swish']. */
function statePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value]
  return Object.entries(value).flatMap(([key, child]) => [prefix + key, ...(child ? statePaths(child as StateValue, `${prefix}${key}.`) : [])])
}

/** Every state node of a machine as dot paths, and which of them are transient (unconditional `always`). */
function machineStates(machine: AnyStateMachine): { all: string[]; transient: string[] } {
  const all: string[] = []
  const transient: string[] = []
  const visit = (node: AnyStateNode, prefix: string) => {
    for (const [key, child] of Object.entries(node.states) as [string, AnyStateNode][]) {
      const path = prefix + key
      all.push(path)
      if (child.always?.some((t) => !t.guard)) transient.push(path)
      visit(child, `${path}.`)
    }
  }
  visit(machine.root, '')
  return { all, transient }
}

function serialize(snapshot: { value: StateValue; context: Record<string, unknown> }, keys: string[]): string {
  const picked: Record<string, unknown> = {}
  for (const key of keys) picked[key] = snapshot.context[key]
  return JSON.stringify({ value: snapshot.value, context: picked })
}

/** The `xstate.after.*` events of every delayed transition, so traversal can take them as samples. */
export function afterEvents(machine: AnyStateMachine): Record<string, EventObject[]> {
  const out: Record<string, EventObject[]> = {}
  const visit = (node: AnyStateNode) => {
    for (const t of node.after ?? []) out[t.eventType] = [{ type: t.eventType }]
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return out
}

/** Placeholder side effects for the replay: promises that never settle, callbacks that do nothing. */
function hangingActors(names: string[]): Record<string, unknown> {
  return Object.fromEntries(
    names.map((name) => [name, name.endsWith('Callback') ? fromCallback(() => () => {}) : fromPromise(() => new Promise<never>(() => {}))]),
  )
}

/** Finds the shortest paths to every state and returns them with the set of states reached. */
export function explore<TMachine extends AnyStateMachine>(machine: TMachine, options: PathSuiteOptions<TMachine>) {
  const keys = options.contextKeys ?? []
  const traversed = options.actions ? machine.provide({ actions: options.actions as never }) : machine
  const paths = getShortestPaths(traversed, {
    input: options.input,
    events: Object.values(options.events).flat() as never,
    serializeState: (s) => serialize(s as never, keys) as never,
    limit: 20000,
  })
  const reached = new Set<string>()
  for (const path of paths) {
    for (const step of path.steps) statePaths((step.state as { value: StateValue }).value).forEach((p) => reached.add(p))
    statePaths((path.state as { value: StateValue }).value).forEach((p) => reached.add(p))
  }
  return { paths, reached }
}

/** Asserts that every non-transient state is reached, and returns the paths (for replay and snapshots). */
export function expectAllStatesReachable<TMachine extends AnyStateMachine>(machine: TMachine, options: PathSuiteOptions<TMachine>) {
  const { paths, reached } = explore(machine, options)
  const { all, transient } = machineStates(machine)
  const excused = new Set([...transient, ...(options.unreachable ?? [])])
  const missing = all.filter((s) => !reached.has(s) && !excused.has(s))
  expect(missing, `states no path reaches in ${machine.id}`).toEqual([])
  return paths
}

/** Human-readable list of paths: "state ← event, event", for snapshotting. */
export function describePaths(paths: ReturnType<typeof explore>['paths']): string[] {
  return paths
    .map((p) => {
      const target = statePaths((p.state as { value: StateValue }).value).at(-1) ?? ''
      const events = p.steps.slice(1).map((s) => s.event.type)
      return `${target} <- ${events.join(', ') || '(initial)'}`
    })
    .sort()
}

/**
 * Replays each path on a live actor (side effects replaced by the given or hanging actors) and
 * checks that it lands in the same state as the traversal, and that the invariants hold in
 * every state on the way.
 */
export function replayPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  paths: ReturnType<typeof explore>['paths'],
  options: PathSuiteOptions<TMachine>,
) {
  const actorNames = Object.keys((machine.implementations as { actors: Record<string, unknown> }).actors)
  const provided = machine.provide({
    actors: { ...hangingActors(actorNames), ...options.replayActors } as never,
    ...(options.actions ? { actions: options.actions as never } : {}),
  })
  for (const path of paths) {
    const actor = createActor(provided, { input: options.input as never })
    const errors: unknown[] = []
    actor.subscribe({ error: (e) => errors.push(e) })
    actor.start()
    for (const step of path.steps.slice(1)) {
      actor.send(step.event)
      const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>
      expect((snapshot as unknown as { value: StateValue }).value, `after ${step.event.type} on the path to ${JSON.stringify(path.state.value)}`).toEqual(
        (step.state as { value: StateValue }).value,
      )
      checkInvariants(snapshot, options.invariants ?? {})
    }
    expect(errors).toEqual([])
    actor.stop()
  }
}

function checkInvariants<TMachine extends AnyStateMachine>(
  snapshot: SnapshotFrom<TMachine>,
  invariants: Record<string, (s: SnapshotFrom<TMachine>) => void>,
) {
  const active = statePaths((snapshot as unknown as { value: StateValue }).value)
  for (const [prefix, check] of Object.entries(invariants)) {
    if (prefix === '' || active.includes(prefix)) check(snapshot)
  }
}
