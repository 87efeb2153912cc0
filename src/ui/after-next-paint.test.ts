import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './after-next-paint'

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
})
