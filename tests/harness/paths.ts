import { getShortestPaths } from '@xstate/graph'
import {
  createActor,
  type Actor,
  fromCallback,
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type SnapshotFrom,
  type StateValue,
} from 'xstate'
import { expect } from 'vitest'
import { coverTransitions, machineStates, machineTransitions, statePaths, type CoveredPath } from './coverage'


/**
 * Path-based testing for the machines (DESIGN.md "Testing pyramid" 2, STYLE.md §8):
 * `@xstate/graph` finds the shortest path to every reachable state from sample events
 * (including `xstate.done.actor.<id>` / `xstate.error.actor.<id>` payloads); each path is
 * replayed on a live actor whose side effects are fakes that never settle, and every reached
 * state is checked against the invariants the caller gives. A state that no path reaches fails.
 * Each path also records the transitions it takes (tests/harness/coverage.ts); in strict
 * transition coverage (the default) a path is added for every transition the shortest paths
 * miss and the file fails naming any transition never taken. `reportPathCoverage` (run after
 * each test file by tests/setup.ts) prints `paths: <machine> states X/Y, transitions A/B`.
 */

export interface PathSuiteOptions<TMachine extends AnyStateMachine> {
  input?: unknown
  /**
   * Several inputs explored by one suite, instead of `input` (a reload that resumes a payment,
   * a blank table): each gets its shortest paths, coverage paths are added only for transitions
   * no earlier input took, and a state counts as reached when any input's path reaches it.
   */
  inputs?: readonly unknown[]
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
  /**
   * 'strict' (default): adds, for each transition the shortest paths miss, the shortest path to
   * a state where a sample event takes it plus that event, and fails the test file naming any
   * transition still never taken. 'report': the shortest paths only; the coverage line shows
   * what 'strict' would reach (for the harness's own tests).
   */
  transitionCoverage?: 'strict' | 'report'
  /**
   * Transitions no path can take by design: the id the coverage failure prints
   * (`form on submit #1 [isMismatch] → (stays)`) → a one-line reason.
   */
  unreachableTransitions?: Record<string, string>
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

/** A generated path, the transitions it takes, and the input its actor starts with. */
export type SuitePath = CoveredPath & { input: unknown }

/**
 * Finds the shortest paths to every state for each input (sample events are only sent where a
 * transition takes them), records the transitions each path takes, adds coverage paths in
 * strict mode, and books the figures for {@link reportPathCoverage}.
 * @returns the paths (each with `transitions`, the ids it takes, and its `input`) and the states they reach
 */
export function explore<TMachine extends AnyStateMachine>(machine: TMachine, options: PathSuiteOptions<TMachine>): { paths: SuitePath[]; reached: Set<string> } {
  const keys = options.contextKeys ?? []
  const traversed = options.actions ? machine.provide({ actions: options.actions as never }) : machine
  const samples = Object.values(options.events).flat()
  const eventsAt = (snapshot: AnyMachineSnapshot) => samples.filter((e) => traversed.getTransitionData(snapshot as never, e as never).length > 0)
  const universe = machineTransitions(traversed).map((t) => t.id)
  const strict = options.transitionCoverage !== 'report'
  const reachable = new Set<string>()
  const paths: SuitePath[] = []
  for (const input of options.inputs ?? [options.input]) {
    const shortest = getShortestPaths(traversed, {
      input,
      events: eventsAt as never,
      serializeState: (s) => serialize(s as never, keys) as never,
      limit: 50000,
    })
    const covered = coverTransitions(traversed, input, shortest, eventsAt, universe.filter((id) => !reachable.has(id)))
    covered.taken.forEach((id) => reachable.add(id))
    for (const path of strict ? [...covered.paths, ...covered.added] : covered.paths) paths.push({ ...(path as CoveredPath), input })
  }
  const reached = new Set<string>()
  for (const path of paths) {
    for (const step of path.steps) statePaths((step.state as { value: StateValue }).value).forEach((p) => reached.add(p))
    statePaths((path.state as { value: StateValue }).value).forEach((p) => reached.add(p))
  }
  bookCoverage(machine, {
    reached,
    taken: new Set(paths.flatMap((p) => p.transitions)),
    reachable,
    strict,
    unreachable: options.unreachableTransitions ?? {},
  })
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
  const provided = replayMachine(machine, options)
  for (const path of paths) {
    const actor = createActor(provided, { input: path.input as never })
    const errors: unknown[] = []
    actor.subscribe({ error: (e) => errors.push(e) })
    actor.start()
    for (const step of path.steps.slice(1)) {
      actor.send(step.event as never)
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

/** The machine as replays run it: every actor hangs unless `replayActors` gives one. */
function replayMachine<TMachine extends AnyStateMachine>(machine: TMachine, options: PathSuiteOptions<TMachine>): TMachine {
  const actorNames = Object.keys((machine.implementations as { actors: Record<string, unknown> }).actors)
  return machine.provide({
    actors: { ...hangingActors(actorNames), ...options.replayActors } as never,
    ...(options.actions ? { actions: options.actions as never } : {}),
  }) as TMachine
}

/**
 * A rule of every reachable state: replays each path to its end (as {@link replayPaths} does)
 * and hands the live actor to `probe`, which sends what it likes and asserts; `reached` is the
 * end state's value as JSON, for the failure message. For what any state must do with an event,
 * such as keeping what the customer types.
 */
export function probePathEnds<TMachine extends AnyStateMachine>(
  machine: TMachine,
  paths: ReturnType<typeof explore>['paths'],
  options: PathSuiteOptions<TMachine>,
  probe: (actor: Actor<TMachine>, reached: string) => void,
) {
  const provided = replayMachine(machine, options)
  for (const path of paths) {
    const actor = createActor(provided, { input: path.input as never })
    actor.start()
    for (const step of path.steps.slice(1)) actor.send(step.event as never)
    probe(actor, JSON.stringify((actor.getSnapshot() as { value: StateValue }).value))
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

interface MachineCoverage {
  machine: AnyStateMachine
  reached: Set<string>
  /** Taken by the paths the tests replay. */
  taken: Set<string>
  /** Taken by the shortest paths plus coverage paths (what 'strict' replays). */
  reachable: Set<string>
  strict: boolean
  unreachable: Map<string, string>
}

// The machines explored by the current test file (files run one at a time in a worker).
const booked = new Map<string, MachineCoverage>()

function bookCoverage(
  machine: AnyStateMachine,
  figures: { reached: Set<string>; taken: Set<string>; reachable: Set<string>; strict: boolean; unreachable: Record<string, string> },
) {
  const entry = booked.get(machine.id) ?? {
    machine,
    reached: new Set<string>(),
    taken: new Set<string>(),
    reachable: new Set<string>(),
    strict: false,
    unreachable: new Map<string, string>(),
  }
  figures.reached.forEach((s) => entry.reached.add(s))
  figures.taken.forEach((t) => entry.taken.add(t))
  figures.reachable.forEach((t) => entry.reachable.add(t))
  entry.strict ||= figures.strict
  for (const [id, reason] of Object.entries(figures.unreachable)) entry.unreachable.set(id, reason)
  booked.set(machine.id, entry)
}

/** The coverage figures of one machine over every path suite of the current test file. */
export interface CoverageFigures {
  machine: string
  /** `paths: <machine> states X/Y, transitions A/B` (plus what 'strict' would reach, in report mode). */
  line: string
  /** Why the file fails (strict mode only): transitions never taken, stale or unexplained unreachable entries. */
  problems: string[]
}

function figuresOf(entry: MachineCoverage): CoverageFigures {
  const { all, transient } = machineStates(entry.machine)
  const states = all.filter((s) => !transient.includes(s))
  const reachedStates = states.filter((s) => entry.reached.has(s)).length
  const ids = machineTransitions(entry.machine).map((t) => t.id)
  const counted = ids.filter((id) => !entry.unreachable.has(id))
  const taken = counted.filter((id) => entry.taken.has(id))
  const excused = entry.unreachable.size ? ` (+${entry.unreachable.size} unreachable by design)` : ''
  let line = `paths: ${entry.machine.id} states ${reachedStates}/${states.length}, transitions ${taken.length}/${counted.length}${excused}`
  if (!entry.strict && taken.length < counted.length) {
    line += `; 'strict' would take ${counted.filter((id) => entry.reachable.has(id)).length}/${counted.length}`
  }
  const problems: string[] = []
  if (entry.strict) {
    for (const id of counted) if (!entry.taken.has(id)) problems.push(`never taken: ${id}`)
    for (const [id, reason] of entry.unreachable) {
      if (!ids.includes(id)) problems.push(`listed unreachable but not a transition of the machine: ${id}`)
      else if (entry.taken.has(id)) problems.push(`listed unreachable but a path takes it: ${id}`)
      if (reason.trim() === '') problems.push(`listed unreachable without a reason: ${id}`)
    }
  }
  return { machine: entry.machine.id, line, problems }
}

/**
 * Prints one coverage line per machine explored in the current test file and forgets them;
 * run after each test file (tests/setup.ts `afterAll`).
 * @throws Error naming every transition a strict machine never takes (and stale
 *   `unreachableTransitions` entries), so the machine's path test file fails
 */
export function reportPathCoverage(): CoverageFigures[] {
  const figures = [...booked.values()].map(figuresOf)
  booked.clear()
  for (const f of figures) console.log(f.line)
  const failing = figures.filter((f) => f.problems.length > 0)
  if (failing.length > 0) {
    throw new Error(
      failing
        .map((f) => `paths: ${f.machine}: transition coverage (add sample events that take them, or list them in unreachableTransitions with a reason):\n  - ${f.problems.join('\n  - ')}`)
        .join('\n'),
    )
  }
  return figures
}
