import { describe, expect, it, vi } from 'vitest'
import { whenIdle } from './browser'

describe('whenIdle (issue 6)', () => {
  it('runs the task once the browser is idle, or not at all once cancelled', async () => {
    vi.useFakeTimers()
    try {
      const task = vi.fn()
      whenIdle(task, 2000)
      const cancelled = vi.fn()
      whenIdle(cancelled, 2000)()
      expect(task).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(250) // jsdom has no requestIdleCallback: the 200 ms stand-in
      expect(task).toHaveBeenCalledOnce()
      expect(cancelled).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })
})
