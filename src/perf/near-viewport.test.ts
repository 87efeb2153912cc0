import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { NEAR_MARGIN_PX, useNearViewport } from './near-viewport'

/** A stand-in IntersectionObserver, driven by the test as the browser would be. */
class FakeObserver {
  static last: FakeObserver | null = null
  readonly targets = new Set<Element>()
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this
  }
  observe(target: Element) {
    this.targets.add(target)
  }
  unobserve(target: Element) {
    this.targets.delete(target)
  }
  disconnect() {
    this.disconnected = true
  }
  report(entries: { target: Element; isIntersecting: boolean }[]) {
    act(() => this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver))
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.last = null
})

describe('useNearViewport', () => {
  it('adds a part once it comes within the margin, stops watching it, and ignores parts still far', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const { result, unmount } = renderHook(() => useNearViewport())
    expect(result.current.near).toEqual(new Set())
    const [a, b, c] = [document.createElement('section'), document.createElement('section'), document.createElement('section')]
    const watch = result.current.watch
    act(() => {
      watch(a, 'a')
      watch(b, 'b')
      watch(c, 'c')
    })
    const observer = FakeObserver.last!
    expect(observer.options.rootMargin).toBe(`${NEAR_MARGIN_PX}px 0px`)
    observer.report([
      { target: a, isIntersecting: true },
      { target: b, isIntersecting: false },
      { target: c, isIntersecting: true },
    ])
    expect(result.current.near).toEqual(new Set(['a', 'c']))
    expect([...observer.targets]).toEqual([b])
    // A part seen near stays near; one observer for every part, and a stable watch.
    observer.report([{ target: b, isIntersecting: true }])
    expect(result.current.near).toEqual(new Set(['a', 'b', 'c']))
    expect(result.current.watch).toBe(watch)
    unmount()
    expect(observer.disconnected).toBe(true)
  })

  it('stops watching a part when its cleanup runs', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const { result } = renderHook(() => useNearViewport())
    const part = document.createElement('section')
    const cleanup = result.current.watch(part, 'p')
    cleanup()
    expect(FakeObserver.last!.targets.size).toBe(0)
    FakeObserver.last!.report([{ target: part, isIntersecting: true }])
    expect(result.current.near).toEqual(new Set())
  })

  it('counts every part as near where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const { result } = renderHook(() => useNearViewport())
    expect(result.current.near).toBeNull()
    expect(() => result.current.watch(document.createElement('section'), 'x')()).not.toThrow()
  })
})
