import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBrowserHistory } from '@tanstack/history'
import { keyHistoryEntry } from './history-key'

describe('keyHistoryEntry (issue 6: the router is built without a replaceState)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    window.history.replaceState(null, '')
  })

  it('writes the state TanStack writes itself for an entry without one, so the router leaves the entry alone', () => {
    window.history.replaceState(null, '')
    const own = createBrowserHistory()
    const tanstackState = window.history.state as Record<string, unknown>
    own.destroy()

    window.history.replaceState(null, '')
    keyHistoryEntry()
    const bootState = window.history.state as Record<string, unknown>
    expect(Object.keys(bootState).sort()).toEqual(Object.keys(tanstackState).sort())
    expect(bootState['__TSR_index']).toBe(tanstackState['__TSR_index'])
    expect(bootState['key']).toBe(bootState['__TSR_key'])
    expect(String(bootState['key'])).toMatch(/^[0-9a-z]+$/)

    const replaceState = vi.spyOn(window.history, 'replaceState')
    const router = createBrowserHistory()
    expect(replaceState).not.toHaveBeenCalled()
    expect(router.location.state.__TSR_key).toBe(bootState['__TSR_key'])
    router.destroy()
  })

  it('leaves an entry that has a key alone (a reload keeps it)', () => {
    const kept = { __TSR_index: 3, key: 'abc', __TSR_key: 'abc' }
    window.history.replaceState(kept, '')
    const replaceState = vi.spyOn(window.history, 'replaceState')
    keyHistoryEntry()
    expect(replaceState).not.toHaveBeenCalled()
    expect(window.history.state).toEqual(kept)
  })
})
