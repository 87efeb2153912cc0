import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadImages, whenIdle } from './browser'

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'))

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove()
})

describe('preloadImages (issue 6: the first screen images before the menu renders)', () => {
  it('adds one image preload per http(s) URL, resolved against the page; only the first (the LCP candidate) at high priority', () => {
    preloadImages(['/sandbox/img/a.svg', 'https://cdn.example.com/b.jpg'])
    expect(preloads()).toEqual([new URL('/sandbox/img/a.svg', document.baseURI).href, 'https://cdn.example.com/b.jpg'])
    const priorities = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('fetchpriority'))
    expect(priorities).toEqual(['high', null])
  })

  it('adds a URL once, and skips other schemes and unparsable URLs', () => {
    preloadImages(['https://cdn.example.com/b.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://[bad'])
    preloadImages(['https://cdn.example.com/b.jpg'])
    expect(preloads()).toEqual(['https://cdn.example.com/b.jpg'])
  })
})

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
