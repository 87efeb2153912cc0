import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

describe('holdIdleUntilPainted', () => {
  type Entries = { getEntries: () => { identifier?: string }[] }
  let report: (entries: { identifier?: string }[]) => void
  let disconnected = 0

  /** Fresh paint-hold and idle modules with a stand-in PerformanceObserver listing `entryTypes`. */
  async function withObserver(entryTypes: string[]) {
    vi.resetModules()
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = entryTypes
        constructor(callback: (list: Entries) => void) {
          report = (entries) => callback({ getEntries: () => entries })
        }
        observe(options: { type: string; buffered: boolean }) {
          expect(options).toEqual({ type: 'element', buffered: true })
        }
        disconnect() {
          disconnected += 1
        }
      },
    )
    const [{ holdIdleUntilPainted, releaseIdleHold }, { whenIdle }] = await Promise.all([import('./paint-hold'), import('./idle')])
    return { holdIdleUntilPainted, releaseIdleHold, whenIdle }
  }

  beforeEach(() => {
    vi.useFakeTimers()
    disconnected = 0
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('holds idle work until the named element has painted, then runs it', async () => {
    const { holdIdleUntilPainted, whenIdle } = await withObserver(['element', 'paint'])
    holdIdleUntilPainted('menu-first-image')
    const task = vi.fn()
    whenIdle(task)
    await vi.advanceTimersByTimeAsync(250) // the idle moment comes (jsdom: the 200 ms stand-in)
    expect(task).not.toHaveBeenCalled()
    report([{ identifier: 'another-image' }])
    await vi.advanceTimersByTimeAsync(0)
    expect(task).not.toHaveBeenCalled()
    report([{ identifier: 'menu-first-image' }])
    await vi.advanceTimersByTimeAsync(0)
    expect(task).toHaveBeenCalledOnce()
    expect(disconnected).toBe(1)
    // Once painted, idle work runs at the idle moment again, and a second hold does nothing.
    holdIdleUntilPainted('menu-first-image')
    const later = vi.fn()
    whenIdle(later)
    await vi.advanceTimersByTimeAsync(250)
    expect(later).toHaveBeenCalledOnce()
  })

  it('lets idle work go after timeoutMs when the element never paints', async () => {
    const { holdIdleUntilPainted, whenIdle } = await withObserver(['element'])
    holdIdleUntilPainted('menu-first-image', 1000)
    const task = vi.fn()
    whenIdle(task)
    await vi.advanceTimersByTimeAsync(999)
    expect(task).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(task).toHaveBeenCalledOnce()
    expect(disconnected).toBe(1)
  })

  it('lets idle work go at once when released, and holds nothing after', async () => {
    const { holdIdleUntilPainted, releaseIdleHold, whenIdle } = await withObserver(['element'])
    releaseIdleHold() // nothing held yet: no effect
    holdIdleUntilPainted('menu-first-image')
    const task = vi.fn()
    whenIdle(task)
    await vi.advanceTimersByTimeAsync(250)
    expect(task).not.toHaveBeenCalled()
    releaseIdleHold()
    await vi.advanceTimersByTimeAsync(0)
    expect(task).toHaveBeenCalledOnce()
    expect(disconnected).toBe(1)
    releaseIdleHold()
    expect(disconnected).toBe(1)
  })

  it('runs nothing that was cancelled while held', async () => {
    const { holdIdleUntilPainted, whenIdle } = await withObserver(['element'])
    holdIdleUntilPainted('menu-first-image')
    const task = vi.fn()
    const cancel = whenIdle(task)
    await vi.advanceTimersByTimeAsync(250)
    cancel()
    report([{ identifier: 'menu-first-image' }])
    await vi.advanceTimersByTimeAsync(0)
    expect(task).not.toHaveBeenCalled()
  })

  it('holds nothing in a browser without Element Timing', async () => {
    const { holdIdleUntilPainted, whenIdle } = await withObserver(['paint', 'largest-contentful-paint'])
    holdIdleUntilPainted('menu-first-image')
    const task = vi.fn()
    whenIdle(task)
    await vi.advanceTimersByTimeAsync(250)
    expect(task).toHaveBeenCalledOnce()
  })
})
