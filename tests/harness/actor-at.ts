import { vi } from 'vitest'
import { createActor, type Actor, type AnyStateMachine, type ContextFrom, type StateValueFrom } from 'xstate'

/**
 * For view tests (views take an actor ref and read it with `useSelector`): an actor of
 * `machine` standing in `state`, never started, so nothing it would invoke runs. Its `send` is a
 * spy that records the events the view sends (`actor.send.mock.calls`) and drops them.
 */
export function actorAt<TMachine extends AnyStateMachine>(
  machine: TMachine,
  state: { value: StateValueFrom<TMachine>; context: ContextFrom<TMachine> },
): Actor<TMachine> & { send: ReturnType<typeof vi.fn> } {
  // A restored snapshot needs no input: the machine's own input type is not asked for here.
  const actor = createActor(machine as AnyStateMachine, { snapshot: machine.resolveState(state) }) as Actor<TMachine>
  const send = vi.fn()
  return Object.assign(actor, { send })
}

/** The events a view sent to an {@link actorAt} actor, in order. */
export function sentEvents(actor: { send: ReturnType<typeof vi.fn> }): unknown[] {
  return actor.send.mock.calls.map(([event]) => event as unknown)
}
