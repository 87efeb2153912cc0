import { createActor, createMachine, type ActorRefFromLogic, type AnyActorLogic, type EventObject, type InputFrom } from 'xstate'

/**
 * Runs `logic` as the invoked child `child` of a parent that records every event the child
 * sends it (the `sendParent` reports of machines such as the session and the checkout), so a
 * machine that talks to its parent runs on its own in tests. `reports` fills as the child
 * reports; stop `parent` to stop both.
 */
export function startAsChild<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>) {
  const reports: EventObject[] = []
  const parent = createActor(
    createMachine({
      invoke: { id: 'child', src: logic, input },
      on: { '*': { actions: ({ event }) => void reports.push(event) } },
    }),
  ).start()
  // The parent's only child is `logic`'s actor, so its type is known here.
  const child = parent.getSnapshot().children.child as ActorRefFromLogic<TLogic>
  return { child, reports, parent }
}

/** The reports of one type (`session.updated`, `payment.completed`, …) among `reports`. */
export function reportsOf<T extends EventObject>(reports: EventObject[], type: T['type']): T[] {
  return reports.filter((report): report is T => report.type === type)
}
