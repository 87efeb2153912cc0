import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, fromPromise, setup, type EventObject } from 'xstate'
import { machineTransitions, PathSimulator } from './coverage'
import { describePaths, expectAllStatesReachable, replayPaths, reportPathCoverage, type PathSuiteOptions } from './paths'

/** A small machine with every kind of transition the harness names: guarded `on`, root `on`, `always`, `after`, invoke done/error. */
const door = setup({
  types: { context: {} as { code: string; tries: number }, events: {} as { type: 'type'; code: string } | { type: 'open' } | { type: 'reset' }, input: {} as { locked: boolean } },
  actors: { unlock: fromPromise<void, { code: string }>(() => new Promise(() => {})) },
  guards: {
    isLocked: (_, params: { locked: boolean }) => params.locked,
    hasCode: ({ context }) => context.code !== '',
  },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ code: input.locked ? '' : '0000', tries: 0 }),
  initial: 'start',
  on: { reset: { target: '.closed', actions: assign({ code: '', tries: 0 }) } },
  states: {
    start: { always: [{ guard: { type: 'isLocked', params: ({ context }) => ({ locked: context.code === '' }) }, target: 'locked' }, { target: 'closed' }] },
    locked: {
      on: {
        type: { actions: assign({ code: ({ event }) => event.code }) },
        open: [{ guard: 'hasCode', target: 'unlocking' }, { actions: assign({ tries: ({ context }) => context.tries + 1 }) }],
      },
    },
    unlocking: {
      invoke: { id: 'unlock', src: 'unlock', input: ({ context }) => ({ code: context.code }), onDone: 'closed', onError: 'locked' },
      after: { 1000: 'locked' },
    },
    closed: { on: { open: 'opened' } },
    opened: { type: 'final' },
  },
})

const samples = {
  type: [{ type: 'type', code: '1234' }],
  open: [{ type: 'open' }],
  reset: [{ type: 'reset' }],
  'xstate.done.actor.unlock': [{ type: 'xstate.done.actor.unlock', output: undefined }],
  'xstate.error.actor.unlock': [{ type: 'xstate.error.actor.unlock', error: new Error('jammed') }],
  'xstate.after.1000.door.unlocking': [{ type: 'xstate.after.1000.door.unlocking' }],
}

const options: PathSuiteOptions<typeof door> = { input: { locked: true }, events: samples, contextKeys: ['code'] }

// Each test reads its own figures; nothing is left for the file's afterAll report.
afterEach(() => {
  vi.restoreAllMocks()
})

function figures() {
  vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    return { figures: reportPathCoverage(), error: null }
  } catch (error) {
    return { figures: null, error: (error as Error).message }
  }
}

describe('transition coverage (DESIGN.md "Testing pyramid" 2)', () => {
  it('names every transition: source, event, guard branch and target', () => {
    expect(machineTransitions(door).map((t) => t.id)).toEqual([
      '(root) on reset → closed',
      'start on always #0 [isLocked] → locked',
      'start on always #1 → closed',
      'locked on type → (stays)',
      'locked on open #0 [hasCode] → unlocking',
      'locked on open #1 → (stays)',
      'unlocking on xstate.done.actor.unlock → closed',
      'unlocking on xstate.error.actor.unlock → locked',
      'unlocking on xstate.after.1000.door.unlocking → locked',
      'closed on open → opened',
    ])
  })

  it('records the transitions a path takes, eventless ones and the guard branch included', () => {
    const sim = new PathSimulator(door, { locked: true })
    const events: EventObject[] = [{ type: 'open' }, { type: 'type', code: '1' } as EventObject, { type: 'open' }, { type: 'xstate.done.actor.unlock', output: undefined } as EventObject]
    const run = sim.run(events)
    expect(run.snapshot.value).toBe('closed')
    expect(run.steps).toEqual([
      ['start on always #0 [isLocked] → locked'],
      ['locked on open #1 → (stays)'],
      ['locked on type → (stays)'],
      ['locked on open #0 [hasCode] → unlocking'],
      ['unlocking on xstate.done.actor.unlock → closed'],
    ])
  })

  it("in report mode keeps the shortest paths and says what 'strict' would take", () => {
    const paths = expectAllStatesReachable(door, { ...options, transitionCoverage: 'report' })
    expect(paths.every((p) => Array.isArray(p.transitions))).toBe(true)
    const { figures: f } = figures()
    expect(f?.map((x) => x.line)).toEqual(["paths: door states 4/4, transitions 6/10; 'strict' would take 9/10"])
  })

  it('in strict mode (the default) adds the shortest path to the source plus the event, and fails naming what is never taken', () => {
    const paths = expectAllStatesReachable(door, options)
    const lines = describePaths(paths)
    for (const added of ['locked <- open', 'locked <- type, open, xstate.error.actor.unlock', 'locked <- type, open, xstate.after.1000.door.unlocking']) {
      expect(lines).toContain(added)
    }
    replayPaths(door, paths, options)
    const { error } = figures()
    expect(error).toContain('paths: door: transition coverage')
    expect(error).toContain('never taken: start on always #1 → closed')
    expect(error).not.toContain('locked on open #1')
  })

  it('accepts a transition listed unreachable with a reason, and refuses stale or unexplained entries', () => {
    expectAllStatesReachable(door, {
      ...options,
      unreachableTransitions: { 'start on always #1 → closed': 'the input is always locked here' },
    })
    expect(figures()).toEqual({ figures: [{ machine: 'door', line: 'paths: door states 4/4, transitions 9/9 (+1 unreachable by design)', problems: [] }], error: null })

    expectAllStatesReachable(door, {
      ...options,
      unreachableTransitions: { 'start on always #1 → closed': ' ', 'locked on open #1 → (stays)': 'stale', 'locked on kick → opened': 'no such event' },
    })
    const { error } = figures()
    expect(error).toContain('listed unreachable without a reason: start on always #1 → closed')
    expect(error).toContain('listed unreachable but a path takes it: locked on open #1 → (stays)')
    expect(error).toContain('listed unreachable but not a transition of the machine: locked on kick → opened')
  })

  it('adds up the suites of one machine in a file: another input takes the remaining branch', () => {
    expectAllStatesReachable(door, options)
    expectAllStatesReachable(door, { ...options, input: { locked: false }, unreachable: ['locked', 'unlocking'] })
    expect(figures()).toEqual({ figures: [{ machine: 'door', line: 'paths: door states 4/4, transitions 10/10', problems: [] }], error: null })
  })

  it('explores several inputs in one suite: states reached by any, each path replayed with its own input', () => {
    const { input: _one, ...rest } = options
    const paths = expectAllStatesReachable(door, { ...rest, inputs: [{ locked: true }, { locked: false }] })
    const unlocked = paths.filter((p) => (p.input as { locked: boolean }).locked === false)
    // The second input adds its shortest paths, and takes the branch the first could not.
    expect(unlocked.map((p) => p.transitions[0])).toContain('start on always #1 → closed')
    expect(unlocked.every((p) => !p.transitions.includes('locked on open #1 → (stays)'))).toBe(true)
    replayPaths(door, paths, rest)
    expect(figures()).toEqual({ figures: [{ machine: 'door', line: 'paths: door states 4/4, transitions 10/10', problems: [] }], error: null })
  })

  it('fails naming a state no input reaches', () => {
    const { input: _one, ...rest } = options
    expect(() => expectAllStatesReachable(door, { ...rest, inputs: [{ locked: false }] })).toThrow(/states no path reaches in door/)
    figures()
  })
})
