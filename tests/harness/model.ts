import { getShortestPaths, serializeEvent } from '@xstate/graph'
import type { Page } from 'playwright-core'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate'
import { allStateNodes, coverTransitions, machineStates, machineTransitions, PathSimulator, pathEvents, statePaths } from './coverage'

/**
 * Model-based browser testing (DESIGN.md "Testing pyramid" 4): a machine plus two tables
 * written by hand, "event → cause" (how a person or the platform causes each event) and
 * "state → what the page shows". From them this module checks that both tables are complete,
 * generates paths with `@xstate/graph` (shortest paths to every state, then one path per
 * transition they miss), picks a set that takes every transition those paths take, and words
 * each path for QA. The browser replay is tests/e2e/model/runner.ts; `npm run flows` prints
 * the words. Nothing here drives a browser.
 */

/** What a cause or a state check gets while a path is replayed. */
export interface RunContext {
  page: Page
  /** Origin of the server under test, no trailing slash. */
  baseUrl: string
  /** Values the model's `prepare` made (a receipt id, …). */
  vars: Record<string, string>
}

/** How one machine event is caused in the browser. */
export interface Cause {
  /** 'user': the runner does `act` at the step; 'platform': the app gets the event by itself and the runner waits. */
  by: 'user' | 'platform'
  /** For QA, e.g. "type 'abc' in New password", "click 'Change password'", "platform: refuses a common password". */
  words: string
  /** The person's action (user causes). */
  act?: (ctx: RunContext) => Promise<void>
  /**
   * Platform causes: what makes the platform answer this way (`page.route`, `POST /sandbox/faults`),
   * done before the step that sends the request this event answers.
   */
  arrange?: (ctx: RunContext) => Promise<void>
  /**
   * Whether this cause can produce its event in a state (e.g. the sandbox refuses only common
   * passwords); default always. A platform answer is asked in the state it arrives in.
   */
  when?: (snapshot: AnyMachineSnapshot) => boolean
  /** It changes the whole sandbox (a fault switch): the path runs alone, and the sandbox's faults are cleared after it. */
  exclusive?: boolean
}

/** One sample event and its cause. */
export interface Sample {
  event: EventObject
  cause: Cause
}

/** An "event → cause" entry: the samples, or why the browser cannot cause the event. */
export type EventEntry = { samples: Sample[] } | { notInBrowser: string }

/** What the page shows, by role and accessible name (CONTRACT.md words). */
export interface Expectation {
  words: string
  /** Waits until the page shows it; throws when it does not in time. */
  check: (ctx: RunContext) => Promise<void>
}

/** A "state → what the page shows" entry. */
export type StateEntry =
  | { kind: 'shows'; shows: Expectation | ((snapshot: AnyMachineSnapshot) => Expectation) }
  /** A busy state: the runner holds the platform request matching `url` (a glob) while it checks the page, then lets it through. */
  | { kind: 'held'; url: string; shows: Expectation | ((snapshot: AnyMachineSnapshot) => Expectation) }
  /** Shown only until the platform answers: not checked, and no person acts in it. */
  | { kind: 'passing'; words: string }
  | { kind: 'notInBrowser'; reason: string }

/** One way to start the machine in the browser: its input and how the page is opened. */
export interface ModelStart {
  name: string
  input: unknown
  open: Cause
}

/** A machine and its two tables. */
export interface BrowserModel {
  /** The name in messages and output (the machine id, usually). */
  name: string
  machine: AnyStateMachine
  starts: ModelStart[]
  /** Context keys that make a state distinct for traversal (default: none). */
  contextKeys?: string[]
  /** Actions replaced for traversal (spawns with a systemId, as in the path tests). */
  actions?: Record<string, unknown>
  /** Viewport of the browser context (default desktop). */
  viewport?: 'desktop' | 'phone'
  /** "event → cause": an entry for every event type the machine handles. */
  events: Record<string, EventEntry>
  /** "state → what the page shows": an entry for every resting leaf state. */
  states: Record<string, StateEntry>
  /** Runs once before the paths (against the sandbox), e.g. to make a receipt; its values reach causes as `vars`. */
  prepare?: (baseUrl: string) => Promise<Record<string, string>>
}

/** Every event type the machine handles (`on`, `after`, invoke done/error), in document order. */
export function machineEvents(machine: AnyStateMachine): string[] {
  return [...new Set(allStateNodes(machine).flatMap((node) => [...node.transitions.keys()].map(String)))]
}

/** Resting leaf states: those the "state → what the page shows" table must name. */
export function restingLeaves(machine: AnyStateMachine): string[] {
  const { all, transient } = machineStates(machine)
  return all.filter((path) => !transient.includes(path) && !all.some((other) => other.startsWith(`${path}.`)))
}

/**
 * Problems with a model's tables, one message each (empty when complete):
 * `checkout: event 'payment.retry' has no "event → cause" entry`, a state without an entry,
 * a not-in-browser mark without a reason, an entry for something the machine does not have,
 * or a sample of the wrong type.
 */
export function checkTables(model: BrowserModel): string[] {
  const problems: string[] = []
  const events = machineEvents(model.machine)
  const leaves = restingLeaves(model.machine)
  const { all } = machineStates(model.machine)
  for (const type of events) {
    const entry = model.events[type]
    if (!entry) problems.push(`${model.name}: event '${type}' has no "event → cause" entry`)
    else if ('notInBrowser' in entry && entry.notInBrowser.trim() === '') problems.push(`${model.name}: event '${type}' is marked not in the browser without a reason`)
    else if ('samples' in entry) {
      if (entry.samples.length === 0) problems.push(`${model.name}: event '${type}' has an "event → cause" entry without samples`)
      for (const s of entry.samples) if (s.event.type !== type) problems.push(`${model.name}: event '${type}' has a sample of type '${s.event.type}'`)
      const keys = entry.samples.map((s) => serializeEvent(s.event))
      if (new Set(keys).size !== keys.length) problems.push(`${model.name}: event '${type}' has two samples with the same payload`)
    }
  }
  for (const type of Object.keys(model.events)) {
    if (!events.includes(type)) problems.push(`${model.name}: "event → cause" names '${type}', which the machine does not handle`)
  }
  for (const path of leaves) {
    const entry = model.states[path]
    if (!entry) problems.push(`${model.name}: state '${path}' has no "state → what the page shows" entry`)
    else if (entry.kind === 'notInBrowser' && entry.reason.trim() === '') problems.push(`${model.name}: state '${path}' is marked not in the browser without a reason`)
  }
  for (const path of Object.keys(model.states)) {
    if (!all.includes(path)) problems.push(`${model.name}: "state → what the page shows" names '${path}', which is not a state of the machine`)
  }
  return problems
}

/** One step of a model path: the event (null for opening the page), its cause, and where it lands. */
export interface ModelStep {
  event: EventObject | null
  cause: Cause
  snapshot: AnyMachineSnapshot
  transitions: string[]
}

/** A generated path: from one start, each step with its cause. */
export interface ModelPath {
  /** 1-based number in the generated order (stable for a given machine and tables). */
  id: number
  start: ModelStart
  steps: ModelStep[]
  /** Transitions it takes, in order. */
  transitions: string[]
  /** Leaf states whose page it checks. */
  checks: string[]
}

/** The generated paths of a model, the set the browser runs, and what can be covered at all. */
export interface ModelPlan {
  model: BrowserModel
  generated: ModelPath[]
  selected: ModelPath[]
  /** Every transition and every resting leaf of the machine (the B and Y of the coverage line). */
  allTransitions: string[]
  allStates: string[]
}

function entryFor(model: BrowserModel, snapshot: AnyMachineSnapshot) {
  return statePaths(snapshot.value as StateValue).flatMap((path) => {
    const entry = model.states[path]
    return entry ? [{ path, entry }] : []
  })
}

/** The expectation a shows/held entry resolves to in a snapshot. */
export function expectationOf(entry: StateEntry, snapshot: AnyMachineSnapshot): Expectation | null {
  if (entry.kind !== 'shows' && entry.kind !== 'held') return null
  return typeof entry.shows === 'function' ? entry.shows(snapshot) : entry.shows
}

/**
 * Generates a model's paths: per start, `@xstate/graph` shortest paths to every state, where
 * only browser-causable samples are sent (a cause's `when` holds, no person acts in a
 * 'passing' state, nothing continues from a not-in-browser state); then one path per
 * transition they miss; then a greedy set (most new transitions and checked states first,
 * the shorter path on a tie) that takes and checks everything those paths do.
 */
export function generateModelPaths(model: BrowserModel): ModelPlan {
  const machine = model.actions ? model.machine.provide({ actions: model.actions as never }) : model.machine
  const keys = model.contextKeys ?? []
  const samples = Object.values(model.events).flatMap((e) => ('samples' in e ? e.samples : []))
  const causeOf = new Map(samples.map((s) => [serializeEvent(s.event), s.cause]))
  const eventsAt = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const entries = entryFor(model, snapshot).map((e) => e.entry)
    if (snapshot.status !== 'active' || entries.some((e) => e.kind === 'notInBrowser')) return []
    const passing = entries.some((e) => e.kind === 'passing')
    return samples
      .filter((s) => !(passing && s.cause.by === 'user') && (s.cause.when?.(snapshot) ?? true))
      .filter((s) => machine.getTransitionData(snapshot as never, s.event as never).length > 0)
      .map((s) => s.event)
  }
  const serialize = (s: AnyMachineSnapshot) => {
    const picked: Record<string, unknown> = {}
    for (const key of keys) picked[key] = (s.context as Record<string, unknown>)[key]
    return JSON.stringify({ value: s.value, context: picked })
  }
  const allTransitions = machineTransitions(machine).map((t) => t.id)
  const taken = new Set<string>()
  const generated: ModelPath[] = []
  for (const start of model.starts) {
    const shortest = getShortestPaths(machine, { input: start.input, events: eventsAt as never, serializeState: serialize as never, limit: 20000 })
    const universe = allTransitions.filter((id) => !taken.has(id))
    const covered = coverTransitions(machine, start.input, shortest, eventsAt, universe)
    const sim = new PathSimulator(machine, start.input)
    for (const path of [...covered.paths, ...covered.added]) {
      const events = pathEvents(path)
      const run = sim.run(events)
      const steps: ModelStep[] = run.snapshots.map((snapshot, i) => ({
        event: i === 0 ? null : events[i - 1]!,
        cause: i === 0 ? start.open : causeOf.get(serializeEvent(events[i - 1]!))!,
        snapshot,
        transitions: run.steps[i] ?? [],
      }))
      const visited = steps.flatMap((s) => entryFor(model, s.snapshot))
      if (visited.some((v) => v.entry.kind === 'notInBrowser')) continue
      const checks = [...new Set(visited.filter((v) => v.entry.kind === 'shows' || v.entry.kind === 'held').map((v) => v.path))]
      generated.push({ id: generated.length + 1, start, steps, transitions: run.steps.flat(), checks })
      run.steps.flat().forEach((id) => taken.add(id))
    }
  }
  return { model, generated, selected: selectPaths(generated), allTransitions, allStates: restingLeaves(model.machine) }
}

/** Greedy set cover over transitions and checked states; returns the picked paths in generated order. */
function selectPaths(paths: ModelPath[]): ModelPath[] {
  const elements = (p: ModelPath) => [...p.transitions.map((t) => `t:${t}`), ...p.checks.map((s) => `s:${s}`)]
  const missing = new Set(paths.flatMap(elements))
  const picked: ModelPath[] = []
  while (missing.size > 0) {
    let best: ModelPath | undefined
    let bestGain = 0
    for (const p of paths) {
      const gain = new Set(elements(p).filter((e) => missing.has(e))).size
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && p.steps.length < best.steps.length)) {
        best = p
        bestGain = gain
      }
    }
    if (!best) break
    picked.push(best)
    elements(best).forEach((e) => missing.delete(e))
  }
  return picked.sort((a, b) => a.id - b.id)
}

/** What the page shows in a snapshot, in words (the entries of its active states). */
export function showsInWords(model: BrowserModel, snapshot: AnyMachineSnapshot): string {
  return entryFor(model, snapshot)
    .map(({ entry }) => (entry.kind === 'passing' ? entry.words : entry.kind === 'notInBrowser' ? `(not in the browser: ${entry.reason})` : expectationOf(entry, snapshot)!.words))
    .join(' and ')
}

/** A path in words: "open … → type 'abc' in New password → click 'Change password' → sees …". */
export function pathInWords(model: BrowserModel, path: ModelPath): string {
  const last = path.steps.at(-1)!
  return [...path.steps.map((s) => s.cause.words), `sees ${showsInWords(model, last.snapshot)}`].join(' → ')
}

/** Coverage of the browser suite: the paths that ran and passed. */
export function modelLine(plan: ModelPlan, passed: readonly ModelPath[]): string {
  const transitions = new Set(passed.flatMap((p) => p.transitions))
  const states = new Set(passed.flatMap((p) => p.checks))
  return (
    `model paths: ${plan.model.name} ${plan.generated.length} generated, ${passed.length} run, ` +
    `browser states ${plan.allStates.filter((s) => states.has(s)).length}/${plan.allStates.length}, ` +
    `transitions ${plan.allTransitions.filter((t) => transitions.has(t)).length}/${plan.allTransitions.length}`
  )
}
