import { getShortestPaths, serializeEvent } from '@xstate/graph'
import type { Page } from 'playwright-core'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate'
import { allStateNodes, coverTransitions, machineStates, machineTransitions, PathSimulator, pathEvents, statePaths, type TransitionInfo } from './coverage'

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
  /**
   * User causes: the person's action. Platform causes: what the platform does at its step, once
   * the state before it was checked (a withheld answer let through), before held requests go.
   */
  act?: (ctx: RunContext) => Promise<void>
  /**
   * Platform causes: what makes the platform answer this way (`page.route`, `POST /sandbox/faults`),
   * done before the step that sends the request this event answers. An opening's: done before
   * the page is opened and its requests are held (how the platform answers from the start).
   */
  arrange?: (ctx: RunContext) => Promise<void>
  /**
   * Whether this cause can produce its event in a state (e.g. the sandbox refuses only common
   * passwords), for paths from `start`; default always. A platform answer is asked in the state
   * it arrives in. Two samples may carry the same event when their `when`s never hold together
   * (the same event caused one way in one state, another way in another).
   */
  when?: (snapshot: AnyMachineSnapshot, start: ModelStart) => boolean
  /**
   * Platform causes: the held request (the glob of a 'held' state) whose answer this event is,
   * or null when it answers none (the page tells the machine something by itself). Only that
   * request is let through; other held requests stay held while the next state holds them too.
   * Default: every held request is let through.
   */
  releases?: string | RegExp | null
  /**
   * The page goes away with this step (a reload): the machine ends with it, so the runner
   * checks this on the page that follows instead of the state's entries. Only a transition
   * that stays in its state can have it (nothing follows it on a generated path).
   */
  leavesPage?: Expectation
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

/** How a state was reached: the path's start, and the event (null on opening the page). */
export interface Via {
  start: ModelStart
  event: EventObject | null
}

/** What a state entry shows: one expectation, or one chosen from the snapshot and how it was reached. */
export type Shows = Expectation | ((snapshot: AnyMachineSnapshot, via: Via) => Expectation)

/** What the page shows, by role and accessible name (CONTRACT.md words). */
export interface Expectation {
  words: string
  /** Waits until the page shows it; throws when it does not in time. */
  check: (ctx: RunContext) => Promise<void>
}

/** A "state → what the page shows" entry. */
export type StateEntry =
  | { kind: 'shows'; shows: Shows }
  /**
   * A busy state: the runner holds the platform requests matching `url` (a glob, or the globs the
   * snapshot calls for; only `method` requests when given) while it checks the page, then lets
   * them through when the platform answers.
   */
  | { kind: 'held'; url: string | RegExp | ((snapshot: AnyMachineSnapshot, via: Via) => Array<string | RegExp>); method?: string; shows: Shows }
  /** Shown only until the platform answers: not checked, and no person acts in it. */
  | { kind: 'passing'; words: string }
  | { kind: 'notInBrowser'; reason: string }

/** One way to start the machine in the browser: its input and how the page is opened. */
export interface ModelStart {
  name: string
  input: unknown
  open: Cause
  /** Viewport of this start's browser context (default the model's). */
  viewport?: 'desktop' | 'phone'
  /**
   * The opening itself sends requests the start state holds (it loads the page again): hold
   * only those sent after it. Default: held from before the opening (a request the page
   * sends as it loads).
   */
  holdAfterOpening?: boolean
}

/** A machine and its two tables. */
export interface BrowserModel {
  /** The name in messages and output (the machine id, usually). */
  name: string
  machine: AnyStateMachine
  starts: ModelStart[]
  /** Context keys that make a state distinct for traversal (default: none). */
  contextKeys?: string[]
  /**
   * The browser takes every sample of "event → cause" and opens every start at least once,
   * not only every transition (default false): for machines whose rules live in context (a
   * choice within a group's bounds, a quantity at the stock cap) rather than in states, so
   * one transition is walked several ways. A sample no generated path takes is then a
   * coverage problem.
   */
  coverSamples?: boolean
  /** Actions replaced for traversal (spawns with a systemId, as in the path tests). */
  actions?: Record<string, unknown>
  /** Viewport of the browser context (default desktop). */
  viewport?: 'desktop' | 'phone'
  /** "event → cause": an entry for every event type the machine handles. */
  events: Record<string, EventEntry>
  /** "state → what the page shows": an entry for every resting leaf state. */
  states: Record<string, StateEntry>
  /**
   * Transitions no browser path can take (the ids of tests/harness/coverage.ts) → why. Those
   * of a not-in-browser event or state need no entry; every other transition the generated
   * paths miss must be listed here, or the suite fails naming it.
   */
  transitionsNotInBrowser?: Record<string, string>
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
      const repeated = entry.samples.filter((s, i) => keys.indexOf(keys[i]!) !== i || keys.lastIndexOf(keys[i]!) !== i)
      if (repeated.some((s) => !s.cause.when)) problems.push(`${model.name}: event '${type}' has two samples with the same payload, not both with a 'when'`)
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
  const ids = machineTransitions(model.machine).map((t) => t.id)
  for (const [id, reason] of Object.entries(model.transitionsNotInBrowser ?? {})) {
    if (!ids.includes(id)) problems.push(`${model.name}: transition '${id}' is listed not in the browser, but the machine has no such transition`)
    else if (reason.trim() === '') problems.push(`${model.name}: transition '${id}' is listed not in the browser without a reason`)
  }
  return problems
}

/**
 * Why the browser cannot take a transition, or null when nothing says so: its event or its
 * source or target state is marked not in the browser, or the model lists it with a reason.
 */
export function notInBrowserReason(model: BrowserModel, transition: TransitionInfo): string | null {
  const listed = model.transitionsNotInBrowser?.[transition.id]
  if (listed) return listed
  const event = model.events[transition.event]
  if (event && 'notInBrowser' in event) return `event '${transition.event}': ${event.notInBrowser}`
  for (const path of [transition.source, ...transition.targets]) {
    for (const [state, entry] of Object.entries(model.states)) {
      if (entry.kind === 'notInBrowser' && (path === state || path.startsWith(`${state}.`))) return `state '${state}': ${entry.reason}`
    }
  }
  return null
}

/**
 * Problems with what the generated paths take (empty when every transition is taken or
 * explained): `checkout: transition '…' is never taken in the browser and not listed in
 * transitionsNotInBrowser`, or one listed there that a path takes after all.
 */
export function checkCoverage(plan: ModelPlan): string[] {
  const { model } = plan
  const generated = new Set(plan.generated.flatMap((p) => p.transitions))
  const problems: string[] = []
  if (model.coverSamples) {
    const taken = new Set(plan.generated.flatMap((p) => p.samples))
    for (const [type, entry] of Object.entries(model.events)) {
      if (!('samples' in entry)) continue
      for (const s of entry.samples) {
        if (!taken.has(sampleKey(s.event, s.cause))) problems.push(`${model.name}: sample '${s.cause.words}' of event '${type}' is never taken in the browser`)
      }
    }
  }
  for (const t of machineTransitions(model.machine)) {
    const listed = model.transitionsNotInBrowser?.[t.id]
    if (generated.has(t.id)) {
      if (listed) problems.push(`${model.name}: transition '${t.id}' is listed not in the browser, but a path takes it`)
    } else if (!notInBrowserReason(model, t)) {
      problems.push(`${model.name}: transition '${t.id}' is never taken in the browser and not listed in transitionsNotInBrowser`)
    }
  }
  return problems
}

/** One step of a model path: the event (null for opening the page), its cause, and where it lands. */
interface ModelStep {
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
  /** The samples it takes ({@link sampleKey}), when the model covers samples. */
  samples: string[]
}

/** How a sample is told apart: its event and its cause's words (two causes of one event differ in words). */
function sampleKey(event: EventObject, cause: Cause): string {
  return `${serializeEvent(event)} by ${cause.words}`
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
export function expectationOf(entry: StateEntry, snapshot: AnyMachineSnapshot, via: Via): Expectation | null {
  if (entry.kind !== 'shows' && entry.kind !== 'held') return null
  return typeof entry.shows === 'function' ? entry.shows(snapshot, via) : entry.shows
}

/** The requests (globs or patterns) a held entry holds in a snapshot reached `via`. */
export function heldUrlsOf(entry: StateEntry, snapshot: AnyMachineSnapshot, via: Via): Array<string | RegExp> {
  if (entry.kind !== 'held') return []
  return typeof entry.url === 'function' ? entry.url(snapshot, via) : [entry.url]
}

/** A path the traversal found, before its causes are looked up. */
interface Candidate {
  start: ModelStart
  events: EventObject[]
  snapshots: AnyMachineSnapshot[]
  stepTransitions: string[][]
  transitions: string[]
  checks: string[]
  samples: string[]
}

/** What opening the page costs against one step, when picking the browser's paths. */
const OPEN_WEIGHT = 4
/** A path that switches a sandbox fault runs alone: it costs about as much again. */
const EXCLUSIVE_WEIGHT = 6

/**
 * Generates a model's paths: per start, `@xstate/graph` shortest paths to every state, where
 * only browser-causable samples are sent (a cause's `when` holds, no person acts in a
 * 'passing' state, nothing continues from a not-in-browser state), then one path per
 * transition they miss, and with `coverSamples` one per sample they miss (the candidates). Two sets come out of them:
 * - for QA, shortest first, the candidates that check a state or take a transition no earlier
 *   one does;
 * - for the browser, a greedy weighted set cover over every candidate: the most new
 *   transitions and checked states (and samples, with `coverSamples`) per cost (opening the
 *   page plus each step) first, until it takes and checks everything the candidates do.
 * The generated paths are both sets, per start, shortest first; `selected` is the browser's.
 * @throws Error when a step's event has no cause, or two, in the state it is sent in
 */
export function generateModelPaths(model: BrowserModel): ModelPlan {
  const machine = model.actions ? model.machine.provide({ actions: model.actions as never }) : model.machine
  const keys = model.contextKeys ?? []
  const samples = Object.values(model.events).flatMap((e) => ('samples' in e ? e.samples : []))
  /** The samples that can happen in `snapshot` on paths from `start`. */
  const samplesAt = (snapshot: AnyMachineSnapshot, start: ModelStart): Sample[] => {
    const entries = entryFor(model, snapshot).map((e) => e.entry)
    if (snapshot.status !== 'active' || entries.some((e) => e.kind === 'notInBrowser')) return []
    const passing = entries.some((e) => e.kind === 'passing')
    return samples
      .filter((s) => !(passing && s.cause.by === 'user') && (s.cause.when?.(snapshot, start) ?? true))
      .filter((s) => machine.getTransitionData(snapshot as never, s.event as never).length > 0)
  }
  const causeAt = (snapshot: AnyMachineSnapshot, start: ModelStart, event: EventObject): Cause => {
    const key = serializeEvent(event)
    const found = samplesAt(snapshot, start).filter((s) => serializeEvent(s.event) === key)
    if (found.length !== 1) {
      throw new Error(`${model.name}: ${found.length === 0 ? 'no' : 'more than one'} cause of ${key} in ${JSON.stringify(snapshot.value)} (start '${start.name}')`)
    }
    return found[0]!.cause
  }
  const serialize = (s: AnyMachineSnapshot) => {
    const picked: Record<string, unknown> = {}
    for (const key of keys) picked[key] = (s.context as Record<string, unknown>)[key]
    return JSON.stringify({ value: s.value, context: picked })
  }
  const allTransitions = machineTransitions(machine).map((t) => t.id)
  const taken = new Set<string>()
  const samplesTaken = new Set<string>()
  const perStart: Candidate[][] = []
  const toolsOf = new Map<ModelStart, { sim: PathSimulator; eventsAt: (s: AnyMachineSnapshot) => EventObject[] }>()
  for (const start of model.starts) {
    const memo = new WeakMap<AnyMachineSnapshot, EventObject[]>()
    const eventsAt = (snapshot: AnyMachineSnapshot): EventObject[] => {
      const known = memo.get(snapshot)
      if (known) return known
      const seen = new Set<string>()
      const events = samplesAt(snapshot, start)
        .map((s) => s.event)
        .filter((e) => !seen.has(serializeEvent(e)) && Boolean(seen.add(serializeEvent(e))))
      memo.set(snapshot, events)
      return events
    }
    const shortest = getShortestPaths(machine, { input: start.input, events: eventsAt as never, serializeState: serialize as never, limit: 20000 })
    const covered = coverTransitions(machine, start.input, shortest, eventsAt, allTransitions.filter((id) => !taken.has(id)))
    const sim = new PathSimulator(machine, start.input)
    toolsOf.set(start, { sim, eventsAt })
    const found: Candidate[] = []
    for (const path of [...covered.paths, ...covered.added]) {
      const candidate = candidateOf(start, sim, pathEvents(path))
      if (!candidate) continue
      found.push(candidate)
      candidate.transitions.forEach((id) => taken.add(id))
    }
    if (model.coverSamples) {
      // One path per sample the others miss: the shortest path to a state where it can happen, and it.
      found.forEach((c) => c.samples.forEach((key) => samplesTaken.add(key)))
      for (const base of [...found].sort((a, b) => a.events.length - b.events.length)) {
        const end = sim.run(base.events).snapshot
        for (const event of eventsAt(end)) {
          if (samplesTaken.has(sampleKey(event, causeAt(end, start, event)))) continue
          const candidate = candidateOf(start, sim, [...base.events, event])
          if (!candidate) continue
          found.push(candidate)
          candidate.samples.forEach((key) => samplesTaken.add(key))
          candidate.transitions.forEach((id) => taken.add(id))
        }
      }
    }
    perStart.push(found.sort((a, b) => a.events.length - b.events.length))
  }

  const forQa = new Set<Candidate>()
  const reached = new Set<string>()
  const kept = new Set<string>()
  for (const candidate of perStart.flat()) {
    if (candidate.checks.some((c) => !reached.has(c)) || candidate.transitions.some((t) => !kept.has(t)) || candidate.samples.some((s) => !kept.has(`s:${s}`))) {
      forQa.add(candidate)
      candidate.checks.forEach((c) => reached.add(c))
      candidate.transitions.forEach((t) => kept.add(t))
      candidate.samples.forEach((s) => kept.add(`s:${s}`))
    }
  }
  // Events some exclusive cause sends (a fault switch): a path with one likely runs alone.
  const exclusive = new Set(samples.filter((x) => x.cause.exclusive).map((x) => serializeEvent(x.event)))
  const cost = (c: Candidate) => OPEN_WEIGHT + c.events.length + (c.events.some((e) => exclusive.has(serializeEvent(e))) ? EXCLUSIVE_WEIGHT : 0)
  const extend = (seed: Candidate, missing: Set<string>) => extendToUncovered(seed, missing, toolsOf.get(seed.start)!, candidateOf, (c, i) => causeAt(c.snapshots[i]!, c.start, c.events[i]!))
  const forBrowser = new Set(selectPaths(perStart.flat(), cost, extend))

  const generated: ModelPath[] = []
  const selected: ModelPath[] = []
  // Paths extended for the browser follow the ones they were grown from.
  const grown = [...forBrowser].filter((c) => !perStart.flat().includes(c))
  for (const c of [...perStart.flat(), ...grown]) {
    if (!forQa.has(c) && !forBrowser.has(c)) continue
    const steps: ModelStep[] = c.snapshots.map((snapshot, i) => ({
      event: i === 0 ? null : c.events[i - 1]!,
      cause: i === 0 ? c.start.open : causeAt(c.snapshots[i - 1]!, c.start, c.events[i - 1]!),
      snapshot,
      transitions: c.stepTransitions[i] ?? [],
    }))
    const leaving = steps.findIndex((step) => step.cause.leavesPage)
    if (leaving !== -1 && leaving !== steps.length - 1) throw new Error(`${model.name}: '${steps[leaving]!.cause.words}' leaves the page, but the path goes on`)
    const path: ModelPath = { id: generated.length + 1, start: c.start, steps, transitions: c.transitions, checks: c.checks, samples: c.samples }
    generated.push(path)
    if (forBrowser.has(c)) selected.push(path)
  }
  return { model, generated, selected, allTransitions, allStates: restingLeaves(model.machine) }

  /** A path from `start` by `events` with what it takes and checks; null when it passes a state the browser cannot show. */
  function candidateOf(start: ModelStart, sim: PathSimulator, events: EventObject[]): Candidate | null {
    const run = sim.run(events)
    const visited = run.snapshots.flatMap((snapshot) => entryFor(model, snapshot))
    if (visited.some((v) => v.entry.kind === 'notInBrowser')) return null
    const checks = [...new Set(visited.filter((v) => v.entry.kind === 'shows' || v.entry.kind === 'held').map((v) => v.path))]
    const taken = model.coverSamples ? [`open ${start.name}`, ...new Set(events.map((event, i) => sampleKey(event, causeAt(run.snapshots[i]!, start, event))))] : []
    return { start, events, snapshots: run.snapshots, stepTransitions: run.steps, transitions: run.steps.flat(), checks, samples: taken }
  }
}

/** How many events a path is grown by at a time, and how often, when it is extended for the browser. */
const EXTEND_DEPTH = 2
const EXTEND_ROUNDS = 12

/**
 * Grows a path the browser will run by the fewest further events (at most {@link EXTEND_DEPTH}
 * at a time) that take a transition or check a state still missing, as long as it finds some:
 * one page opening then serves several branches of the shortest-path tree.
 */
function extendToUncovered(
  seed: Candidate,
  missing: Set<string>,
  tools: { sim: PathSimulator; eventsAt: (s: AnyMachineSnapshot) => EventObject[] },
  candidateOf: (start: ModelStart, sim: PathSimulator, events: EventObject[]) => Candidate | null,
  causeOfStep: (c: Candidate, i: number) => Cause,
): Candidate {
  const gainOf = (c: Candidate) => elementsOf(c).filter((e) => missing.has(e)).length
  let current = seed
  for (let round = 0; round < EXTEND_ROUNDS; round++) {
    if (current.events.length > 0 && causeOfStep(current, current.events.length - 1).leavesPage) break
    let best: Candidate | null = null
    let frontier: EventObject[][] = [[]]
    for (let depth = 1; depth <= EXTEND_DEPTH && !best; depth++) {
      const next: EventObject[][] = []
      for (const ext of frontier) {
        const end = tools.sim.run([...current.events, ...ext]).snapshot
        for (const event of tools.eventsAt(end)) {
          const grown = candidateOf(seed.start, tools.sim, [...current.events, ...ext, event])
          if (!grown) continue
          next.push([...ext, event])
          if (gainOf(grown) > 0 && (!best || gainOf(grown) > gainOf(best))) best = grown
        }
      }
      frontier = next
    }
    if (!best) break
    current = best
    elementsOf(current).forEach((e) => missing.delete(e))
  }
  return current
}

function elementsOf(c: { transitions: string[]; checks: string[]; samples: string[] }): string[] {
  return [...new Set([...c.transitions.map((t) => `t:${t}`), ...c.checks.map((s) => `s:${s}`), ...c.samples.map((s) => `c:${s}`)])]
}

/**
 * Greedy weighted set cover over transitions, checked states and (when the model covers
 * them) samples: the most new elements per cost first, each pick grown by `extend` while that
 * takes more of what is missing.
 */
function selectPaths<T extends { transitions: string[]; checks: string[]; samples: string[] }>(paths: T[], cost: (p: T) => number, extend: (seed: T, missing: Set<string>) => T): T[] {
  const all = paths.map((p) => ({ p, elements: elementsOf(p), cost: 0 }))
  const missing = new Set(all.flatMap((a) => a.elements))
  const picked: T[] = []
  while (missing.size > 0) {
    let best: (typeof all)[number] | undefined
    let bestScore = 0
    for (const a of all) {
      const gain = a.elements.filter((e) => missing.has(e)).length
      if (gain === 0) continue
      a.cost ||= cost(a.p)
      if (gain / a.cost > bestScore) {
        best = a
        bestScore = gain / a.cost
      }
    }
    if (!best) break
    best.elements.forEach((e) => missing.delete(e))
    picked.push(extend(best.p, missing))
  }
  return picked
}

/** What the page shows in a snapshot reached `via`, in words (the entries of its active states). */
function showsInWords(model: BrowserModel, snapshot: AnyMachineSnapshot, via: Via, leavesPage?: Expectation): string {
  if (leavesPage) return `${leavesPage.words} (on the page that follows)`
  return entryFor(model, snapshot)
    .map(({ entry }) =>
      entry.kind === 'passing' ? entry.words : entry.kind === 'notInBrowser' ? `(not in the browser: ${entry.reason})` : expectationOf(entry, snapshot, via)!.words,
    )
    .join(' and ')
}

/** A path in words: "open … → type 'abc' in New password → click 'Change password' → sees …". */
export function pathInWords(model: BrowserModel, path: ModelPath): string {
  const last = path.steps.at(-1)!
  return [...path.steps.map((s) => s.cause.words), `sees ${showsInWords(model, last.snapshot, { start: path.start, event: last.event }, last.cause.leavesPage)}`].join(' → ')
}

/**
 * Coverage of the browser suite: the paths that ran and passed, and how many transitions the
 * tables say the browser cannot take (each with its reason).
 */
export function modelLine(plan: ModelPlan, passed: readonly ModelPath[]): string {
  const transitions = new Set(passed.flatMap((p) => p.transitions))
  const states = new Set(passed.flatMap((p) => p.checks))
  const excused = machineTransitions(plan.model.machine).filter((t) => !transitions.has(t.id) && notInBrowserReason(plan.model, t)).length
  return (
    `model paths: ${plan.model.name} ${plan.generated.length} generated, ${passed.length} run, ` +
    `browser states ${plan.allStates.filter((s) => states.has(s)).length}/${plan.allStates.length}, ` +
    `transitions ${plan.allTransitions.filter((t) => transitions.has(t)).length}/${plan.allTransitions.length}` +
    (excused > 0 ? ` (${excused} not browser-causable, reasons in the table)` : '')
  )
}
