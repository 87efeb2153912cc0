import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { productOpenerMachine } from './product-opener.machine'
import { productOpenerSamples } from './product-opener.samples'

type Snapshot = SnapshotFrom<typeof productOpenerMachine>

const options: PathSuiteOptions<typeof productOpenerMachine> = {
  events: productOpenerSamples,
  contextKeys: ['productId'],
  invariants: {
    idle: (s: Snapshot) => expect(s.context.productId).toBeNull(),
    waitingForPaint: (s: Snapshot) => expect(s.context.productId).not.toBeNull(),
  },
}

describe('productOpener paths (SPEC §2 "Menu page" → "Product popup")', () => {
  const paths = expectAllStatesReachable(productOpenerMachine, options)

  it('reaches idle and waitingForPaint (distinct event sequences)', () => {
    expect([...new Set(describePaths(paths))]).toMatchInlineSnapshot(`
      [
        "idle <- (initial)",
        "idle <- card.pressed, xstate.done.actor.nextPaint",
        "waitingForPaint <- card.pressed",
      ]
    `)
  })

  it('replays every path on a live actor', () => replayPaths(productOpenerMachine, paths, options))
})

describe('productOpener behaviour', () => {
  /** An opener whose paint comes when the test says so. */
  function run() {
    const opened: string[] = []
    const paints: Array<() => void> = []
    const actor = createActor(
      productOpenerMachine.provide({
        actors: { nextPaint: fromPromise<void, void>(() => new Promise<void>((resolve) => paints.push(resolve))) },
        actions: { openProduct: (_, { productId }) => void opened.push(productId) },
      }),
    ).start()
    const paint = async () => {
      paints.splice(0).forEach((resolve) => resolve())
      await Promise.resolve()
      await Promise.resolve()
    }
    return { actor, opened, paint }
  }

  it('opens the pressed product only after the next paint', async () => {
    const { actor, opened, paint } = run()
    actor.send({ type: 'card.pressed', productId: 'cappuccino' })
    expect(actor.getSnapshot().matches('waitingForPaint')).toBe(true)
    expect(opened).toEqual([])
    await paint()
    expect(opened).toEqual(['cappuccino'])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('ignores a second press while waiting, and opens again after', async () => {
    const { actor, opened, paint } = run()
    actor.send({ type: 'card.pressed', productId: 'cappuccino' })
    actor.send({ type: 'card.pressed', productId: 'bun' })
    await paint()
    expect(opened).toEqual(['cappuccino'])
    actor.send({ type: 'card.pressed', productId: 'bun' })
    await paint()
    expect(opened).toEqual(['cappuccino', 'bun'])
  })

  it('opens nothing once stopped before the paint', async () => {
    const { actor, opened, paint } = run()
    actor.send({ type: 'card.pressed', productId: 'cappuccino' })
    actor.stop()
    await paint()
    expect(opened).toEqual([])
  })
})
