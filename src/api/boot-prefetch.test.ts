import { describe, expect, it, vi } from 'vitest'
import { createBootPrefetch } from './boot-prefetch'

describe('createBootPrefetch (issue 6: shop requests started before the first render)', () => {
  it('hands a started request to the first taker only', async () => {
    const prefetch = createBootPrefetch()
    const request = vi.fn(() => Promise.resolve('shop'))
    prefetch.start('shop cafe', request)
    const taken = prefetch.take<string>('shop cafe')
    expect(taken).toBeDefined()
    await expect(taken).resolves.toBe('shop')
    expect(prefetch.take('shop cafe')).toBeUndefined()
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('never sends, nor hands to a later call, a request started after its key was asked for', () => {
    // The boot script is an async module: under load it can run after the app's first session
    // GET went to the network, and its (older) answer must not reach the next poll.
    const prefetch = createBootPrefetch()
    expect(prefetch.take('session cafe')).toBeUndefined()
    const request = vi.fn(() => Promise.resolve('empty cart'))
    prefetch.start('session cafe', request)
    expect(request).not.toHaveBeenCalled()
    expect(prefetch.take('session cafe')).toBeUndefined()
  })

  it('does not start the same key twice while one waits', () => {
    const prefetch = createBootPrefetch()
    const request = vi.fn(() => Promise.resolve(1))
    prefetch.start('k', request)
    prefetch.start('k', request)
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('answers nothing for another key', () => {
    const prefetch = createBootPrefetch()
    prefetch.start('shop cafe', () => Promise.resolve(1))
    expect(prefetch.take('shop deli')).toBeUndefined()
  })

  it('forgets a request older than maxAgeMs', () => {
    let now = 1000
    const prefetch = createBootPrefetch({ maxAgeMs: 500, now: () => now })
    prefetch.start('k', () => Promise.resolve(1))
    now = 1501
    expect(prefetch.take('k')).toBeUndefined()
  })

  it('passes a failure to the taker, and an untaken failure raises no unhandled rejection', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const prefetch = createBootPrefetch()
      prefetch.start('failing', () => Promise.reject(new Error('500')))
      prefetch.start('thrown', () => {
        throw new Error('sync')
      })
      prefetch.start('untaken', () => Promise.reject(new Error('never taken')))
      await expect(prefetch.take('failing')).rejects.toThrow('500')
      await expect(prefetch.take('thrown')).rejects.toThrow('sync')
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
