import { serializeEvent, type StatePath } from '@xstate/graph'
import {
  getInitialMicrosteps,
  getMicrosteps,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type StateValue,
} from 'xstate'

/**
 * Transition coverage for the path tests (DESIGN.md "Testing pyramid" 2): names every
 * transition of a machine, replays event sequences with xstate's pure functions
 * (`getInitialMicrosteps`, `getMicrosteps`, `machine.getTransitionData`) to record which
 * transitions each path takes, and extends a set of shortest paths with one path per
 * transition they miss. Shared by the unit path tests and the browser model suite.
 */

/** One transition of a machine, as coverage counts it. */
export interface TransitionInfo {
  /** Stable, readable id, e.g. `form on submit #0 [isTooShort] → (stays)`. */
  id: string
  /** Dot path of the source state; '(root)' for the machine's own `on`. */
  source: string
  /** Event type; 'always' for eventless transitions. */
  event: string
  /** Position among the source's transitions for that event (guard branch). */
  branch: number
  /** Guard name, or null when unguarded. */
  guard: string | null
  /** Dot paths of the targets; empty when the transition stays (actions only). */
  targets: string[]
}

/** A generated path plus the ids of the transitions it takes, in order. */
export type CoveredPath<TSnapshot = AnyMachineSnapshot, TEvent extends EventObject = EventObject> = StatePath<TSnapshot & AnyMachineSnapshot, TEvent> & {
  transitions: string[]
}

/** Dot paths of every active state in a state value, e.g. {started:'swish'} → ['started', 'started.swish']. */
export function statePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value]
  return Object.entries(value).flatMap(([key, child]) => [prefix + key, ...(child ? statePaths(child as StateValue, `${prefix}${key}.`) : [])])
}

const nodePath = (node: AnyStateNode): string => node.path.join('.') || '(root)'

function guardName(guard: AnyTransitionDefinition['guard']): string | null {
  if (guard === undefined) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name || 'inline guard'
  const { type, params } = guard as { type: string; params?: unknown }
  return params === undefined || typeof params === 'function' ? type : `${type} ${JSON.stringify(params)}`
}

/** Names a transition definition (from a state node or `getTransitionData`). */
function describeTransition(t: AnyTransitionDefinition): TransitionInfo {
  const event = t.eventType === '' ? 'always' : String(t.eventType)
  const siblings: readonly AnyTransitionDefinition[] = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
  const branch = Math.max(0, siblings.indexOf(t))
  const guard = guardName(t.guard)
  const targets = (t.target ?? []).map(nodePath)
  const source = nodePath(t.source)
  const id = `${source} on ${event}${siblings.length > 1 ? ` #${branch}` : ''}${guard ? ` [${guard}]` : ''} → ${targets.length ? targets.join(', ') : '(stays)'}`
  return { id, source, event, branch, guard, targets }
}

/** Every state node of a machine as dot paths, and which of them are transient (unconditional `always`). */
export function machineStates(machine: AnyStateMachine): { all: string[]; transient: string[] } {
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

/** Every state node of a machine, root first, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    out.push(node)
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return out
}

/** Every transition of a machine: each node's `on`, `after`, invoke done/error and `always`. */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return allStateNodes(machine).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(describeTransition))
}

function nodeAt(machine: AnyStateMachine, path: string): AnyStateNode | undefined {
  let node: AnyStateNode | undefined = machine.root
  for (const key of path.split('.')) node = node?.states[key] as AnyStateNode | undefined
  return node
}

/**
 * Evaluates a guard the way the machine would, through its public implementations:
 * true/false, or undefined when it cannot be evaluated from outside (higher-order guards).
 */
function guardPasses(guard: AnyTransitionDefinition['guard'], snapshot: AnyMachineSnapshot, event: EventObject): boolean | undefined {
  if (guard === undefined) return true
  const args = { context: snapshot.context, event }
  try {
    if (typeof guard === 'function') {
      const result: unknown = (guard as (a: typeof args, p: undefined) => unknown)(args, undefined)
      return typeof result === 'boolean' ? result : undefined
    }
    const { type, params } = typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type: string; params?: unknown })
    const impl = (snapshot.machine.implementations.guards as Record<string, unknown>)[type]
    if (typeof impl !== 'function') return undefined
    const resolved = typeof params === 'function' ? (params as (a: typeof args) => unknown)(args) : params
    const result: unknown = (impl as (a: typeof args, p: unknown) => unknown)(args, resolved)
    return typeof result === 'boolean' ? result : undefined
  } catch {
    return undefined
  }
}

/**
 * The eventless transitions one microstep took from `before` to `after`: for each active
 * leaf, the first `always` transition (leaf first, then ancestors) whose guard passes, as
 * xstate selects them. A guard that cannot be evaluated counts as passing when the
 * transition's targets are active afterwards.
 */
function eventlessTaken(before: AnyMachineSnapshot, after: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  const activeAfter = new Set(statePaths(after.value as StateValue))
  const leaves = statePaths(before.value as StateValue)
    .map((p) => nodeAt(before.machine, p))
    .filter((n): n is AnyStateNode => n !== undefined && Object.keys(n.states).length === 0)
  const taken: AnyTransitionDefinition[] = []
  for (const leaf of leaves) {
    let found: AnyTransitionDefinition | undefined
    for (let node: AnyStateNode | undefined = leaf; node && !found; node = node.parent) {
      found = (node.always ?? []).find((t) => guardPasses(t.guard, before, event) ?? (t.target ?? []).every((n) => activeAfter.has(n.path.join('.'))))
    }
    if (found && !taken.includes(found)) taken.push(found)
  }
  return taken
}

/** The result of one step: the snapshot it ends in and the ids of the transitions it took. */
interface StepResult {
  snapshot: AnyMachineSnapshot
  transitions: string[]
}

function microstepsTaken(microsteps: AnyMachineSnapshot[], event: EventObject): string[] {
  const ids: string[] = []
  for (let i = 1; i < microsteps.length; i++) {
    for (const t of eventlessTaken(microsteps[i - 1]!, microsteps[i]!, event)) ids.push(describeTransition(t).id)
  }
  return ids
}

/** Takes `event` in `snapshot` (pure, nothing is executed) and names the transitions taken. */
function step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): StepResult {
  const direct = machine.getTransitionData(snapshot as never, event as never).map((t) => describeTransition(t).id)
  const micro = getMicrosteps(machine, snapshot as never, event as never).map(([s]) => s as AnyMachineSnapshot)
  if (micro.length === 0) return { snapshot, transitions: direct }
  return { snapshot: micro.at(-1)!, transitions: [...direct, ...microstepsTaken(micro, event)] }
}

/** The initial snapshot for `input` and the eventless transitions taken to reach it. */
function initialStep(machine: AnyStateMachine, input: unknown): StepResult {
  const micro = getInitialMicrosteps(machine, input as never).map(([s]) => s as AnyMachineSnapshot)
  return { snapshot: micro.at(-1)!, transitions: microstepsTaken(micro, { type: 'xstate.init', input } as EventObject) }
}

interface TrieNode {
  result: StepResult
  children: Map<string, TrieNode>
}

/**
 * Replays event sequences from the machine's initial state with xstate's pure functions,
 * sharing common prefixes, so each path records the transitions it takes exactly as a live
 * actor would take them.
 */
export class PathSimulator {
  private readonly root: TrieNode

  constructor(
    private readonly machine: AnyStateMachine,
    input: unknown,
  ) {
    this.root = { result: initialStep(machine, input), children: new Map() }
  }

  /** The snapshot after `events` and, per step (the initial one first), the snapshot reached and the transitions taken. */
  run(events: readonly EventObject[]): { snapshot: AnyMachineSnapshot; steps: string[][]; snapshots: AnyMachineSnapshot[] } {
    let node = this.root
    const steps = [node.result.transitions]
    const snapshots = [node.result.snapshot]
    for (const event of events) {
      const key = serializeEvent(event)
      let next = node.children.get(key)
      if (!next) {
        next = { result: step(this.machine, node.result.snapshot, event), children: new Map() }
        node.children.set(key, next)
      }
      node = next
      steps.push(node.result.transitions)
      snapshots.push(node.result.snapshot)
    }
    return { snapshot: node.result.snapshot, steps, snapshots }
  }
}

/** The events of a path after the initial `xstate.init` step. */
export function pathEvents(path: StatePath<unknown & AnyMachineSnapshot, EventObject>): EventObject[] {
  return path.steps.slice(1).map((s) => s.event)
}

/**
 * Records the transitions each path takes, then, for every transition of `universe` the paths
 * miss, adds the shortest of the given paths to a state where some available event takes it,
 * plus that event (shortest paths first, events in the order given).
 * @returns the given paths with their transitions, and the added paths (in order added)
 */
export function coverTransitions<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  input: unknown,
  paths: Array<StatePath<TSnapshot, TEvent>>,
  eventsAt: (snapshot: AnyMachineSnapshot) => readonly EventObject[],
  universe: readonly string[],
): { paths: Array<CoveredPath<TSnapshot, TEvent>>; added: Array<CoveredPath<TSnapshot, TEvent>>; taken: Set<string> } {
  const sim = new PathSimulator(machine, input)
  const covered = paths.map((p) => ({ ...p, transitions: sim.run(pathEvents(p)).steps.flat() }))
  const taken = new Set(covered.flatMap((p) => p.transitions))
  const missing = () => universe.filter((id) => !taken.has(id))
  const added: Array<CoveredPath<TSnapshot, TEvent>> = []
  if (missing().length === 0) return { paths: covered, added, taken }

  const byLength = [...covered].sort((a, b) => a.steps.length - b.steps.length)
  for (const base of byLength) {
    const todo = new Set(missing())
    if (todo.size === 0) break
    const events = pathEvents(base)
    const { snapshot } = sim.run(events)
    const eventlessMissing = [...todo].some((id) => id.includes(' on always'))
    for (const event of eventsAt(snapshot)) {
      const direct = machine.getTransitionData(snapshot as never, event as never).map((t) => describeTransition(t).id)
      if (!eventlessMissing && !direct.some((id) => todo.has(id))) continue
      const run = sim.run([...events, event])
      const last = run.steps.at(-1) ?? []
      if (!last.some((id) => todo.has(id))) continue
      const path: CoveredPath<TSnapshot, TEvent> = {
        state: run.snapshot as TSnapshot,
        steps: [...base.steps, { event: event as TEvent, state: run.snapshot as TSnapshot }],
        weight: base.weight + 1,
        transitions: run.steps.flat(),
      }
      added.push(path)
      for (const id of path.transitions) {
        taken.add(id)
        todo.delete(id)
      }
      if (todo.size === 0) break
    }
  }
  return { paths: covered, added, taken }
}
