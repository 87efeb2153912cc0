import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPageSettled, preloadImages } from './browser'

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'))

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove()
})

describe('preloadImages (issue 6: the first screen images before the menu renders)', () => {
  it('adds one high-priority image preload per http(s) URL, resolved against the page', () => {
    preloadImages(['/sandbox/img/a.svg', 'https://cdn.example.com/b.jpg'])
    expect(preloads()).toEqual([new URL('/sandbox/img/a.svg', document.baseURI).href, 'https://cdn.example.com/b.jpg'])
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('fetchpriority')).toBe('high')
  })

  it('adds a URL once, and skips other schemes and unparsable URLs', () => {
    preloadImages(['https://cdn.example.com/b.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://[bad'])
    preloadImages(['https://cdn.example.com/b.jpg'])
    expect(preloads()).toEqual(['https://cdn.example.com/b.jpg'])
  })
})

describe('afterPageSettled (issue 6)', () => {
  it('waits for the load event, then for the browser to be idle', async () => {
    vi.useFakeTimers()
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    try {
      let settled = false
      void afterPageSettled().then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(5000)
      expect(settled).toBe(false)
      window.dispatchEvent(new Event('load'))
      await vi.advanceTimersByTimeAsync(250) // jsdom has no requestIdleCallback: the 200 ms stand-in
      expect(settled).toBe(true)
    } finally {
      readyState.mockRestore()
      vi.useRealTimers()
    }
  })
})
