import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenIdleLoaded } from './when-idle'

describe('whenIdleLoaded (issue 6)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('loads once the browser is idle, and shows once the load has settled', async () => {
    let finish!: () => void
    const load = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const show = vi.fn()
    whenIdleLoaded(load, show)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(250) // jsdom has no requestIdleCallback: the 200 ms stand-in
    expect(load).toHaveBeenCalledOnce()
    expect(show).not.toHaveBeenCalled()
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(show).toHaveBeenCalledOnce()
  })

  it('shows after a failed load too, so the lazy component reports the error', async () => {
    const show = vi.fn()
    whenIdleLoaded(() => Promise.reject(new Error('chunk missing')), show)
    await vi.advanceTimersByTimeAsync(250)
    expect(show).toHaveBeenCalledOnce()
  })

  it('does nothing once cancelled, before the idle moment or while loading', async () => {
    const load = vi.fn(() => Promise.resolve())
    const show = vi.fn()
    whenIdleLoaded(load, show)()
    await vi.advanceTimersByTimeAsync(250)
    expect(load).not.toHaveBeenCalled()
    let finish!: () => void
    const cancel = whenIdleLoaded(() => new Promise<void>((resolve) => (finish = resolve)), show)
    await vi.advanceTimersByTimeAsync(250)
    cancel()
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(show).not.toHaveBeenCalled()
  })
})
