import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { nextIdle, useIdleLoaded, whenIdle, whenIdleLoaded } from './idle'

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the task once the browser is idle, or not at all once cancelled', async () => {
    const task = vi.fn()
    whenIdle(task)
    const cancelled = vi.fn()
    whenIdle(cancelled)()
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(250) // jsdom has no requestIdleCallback: the 200 ms stand-in
    expect(task).toHaveBeenCalledOnce()
    expect(cancelled).not.toHaveBeenCalled()
  })
})

describe('nextIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('runs the task at the next idle moment, within its timeout, while whenIdle still waits for the paint hold', async () => {
    const idle: { run: () => void; timeout: number | undefined }[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) => idle.push({ run, timeout: options?.timeout }))
    // Element Timing that never reports the held paint.
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['element']
        observe() {}
        disconnect() {}
      },
    )
    vi.resetModules()
    const [{ holdIdleUntilPainted }, fresh] = await Promise.all([import('./paint-hold'), import('./idle')])
    holdIdleUntilPainted('never-painted', 60_000)
    const held = vi.fn()
    fresh.whenIdle(held)
    const step = vi.fn()
    fresh.nextIdle(step)
    expect(idle.map((i) => i.timeout)).toEqual([2000, 500])
    for (const { run } of idle) run()
    expect(step).toHaveBeenCalledOnce()
    expect(held).not.toHaveBeenCalled()
    const cancelled = vi.fn()
    fresh.nextIdle(cancelled)()
    idle[2]?.run()
    expect(cancelled).not.toHaveBeenCalled()
  })

  it('runs in a task of its own where there is no requestIdleCallback', async () => {
    vi.useFakeTimers()
    const task = vi.fn()
    nextIdle(task)
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(0)
    expect(task).toHaveBeenCalledOnce()
  })
})

describe('whenIdleLoaded', () => {
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

describe('useIdleLoaded', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('is false until the load has settled after the idle moment, then true; loads once across renders', async () => {
    const load = vi.fn(() => Promise.resolve())
    const { result, rerender } = renderHook(() => useIdleLoaded(() => load()))
    expect(result.current).toBe(false)
    rerender()
    await act(() => vi.advanceTimersByTimeAsync(250))
    expect(load).toHaveBeenCalledOnce()
    expect(result.current).toBe(true)
  })

  it('loads nothing once unmounted before the idle moment', async () => {
    const load = vi.fn(() => Promise.resolve())
    const { unmount } = renderHook(() => useIdleLoaded(load))
    unmount()
    await act(() => vi.advanceTimersByTimeAsync(250))
    expect(load).not.toHaveBeenCalled()
  })
})
