import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InspectionEvent } from 'xstate'

const next = vi.fn()
const createBrowserInspector = vi.fn(() => ({ inspect: { next } }))
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector }))

const { inspectOption, inspectorRequested, setupInspector } = await import('./inspect')

describe('inspector', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('is requested by ?inspect unless it says false, in the dev server or a build that allows the flag', () => {
    for (const [dev, flag] of [[true, ''], [false, 'url']] as const) {
      vi.stubEnv('DEV', dev)
      vi.stubEnv('VITE_INSPECT', flag)
      expect(inspectorRequested('?inspect')).toBe(true)
      expect(inspectorRequested('?table=2&inspect=1')).toBe(true)
      expect(inspectorRequested('?inspect=false')).toBe(false)
      expect(inspectorRequested('?inspect=0')).toBe(false)
      expect(inspectorRequested('?table=2')).toBe(false)
    }
  })

  it("ignores ?inspect in a deployed shop's build: a link must not send customer data to stately.ai", () => {
    vi.stubEnv('DEV', false)
    vi.stubEnv('VITE_INSPECT', '')
    expect(inspectorRequested('?inspect')).toBe(false)
    vi.stubEnv('VITE_INSPECT', 'false')
    expect(inspectorRequested('?inspect=1')).toBe(false)
    // Built with it on, it is on for every page.
    vi.stubEnv('VITE_INSPECT', 'true')
    expect(inspectorRequested('')).toBe(true)
  })

  it('loads nothing without the flag, then forwards events once set up', async () => {
    await setupInspector('?table=2')
    expect(createBrowserInspector).not.toHaveBeenCalled()
    expect(inspectOption()).toEqual({})

    await setupInspector('?inspect')
    await setupInspector('?inspect')
    expect(createBrowserInspector).toHaveBeenCalledTimes(1)
    const { inspect } = inspectOption()
    const event = { type: '@xstate.event' } as InspectionEvent
    inspect?.(event)
    expect(next).toHaveBeenCalledWith(event)
  })
})
