import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { afterNextPaint, nextPaintActor } from './after-next-paint'

afterEach(() => {
  vi.useRealTimers()
})

describe('afterNextPaint', () => {
  it('runs the task after the next animation frame, not before, and once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
    const task = vi.fn()
    afterNextPaint(task)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    expect(task).not.toHaveBeenCalled() // the frame itself paints first
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(500)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('falls back to a timeout when no frame comes', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const raf = globalThis.requestAnimationFrame
    // @ts-expect-error simulating an environment without frames
    globalThis.requestAnimationFrame = undefined
    try {
      const task = vi.fn()
      afterNextPaint(task, 50)
      vi.advanceTimersByTime(49)
      expect(task).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(task).toHaveBeenCalledTimes(1)
    } finally {
      globalThis.requestAnimationFrame = raf
    }
  })

  it('is cancelled by the function it returns', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    const task = vi.fn()
    const cancel = afterNextPaint(task)
    vi.advanceTimersToNextFrame()
    cancel()
    vi.advanceTimersByTime(500)
    expect(task).not.toHaveBeenCalled()
  })
})

describe('nextPaintActor', () => {
  it('resolves after the next paint, and a stopped actor cancels its wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    const actor = createActor(nextPaintActor).start()
    expect(actor.getSnapshot().status).toBe('active')
    vi.advanceTimersToNextFrame()
    vi.advanceTimersByTime(1)
    await waitFor(actor, (s) => s.status === 'done')

    const stopped = createActor(nextPaintActor).start()
    stopped.stop()
    expect(vi.getTimerCount()).toBe(0)
  })
})
