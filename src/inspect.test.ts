import { describe, expect, it, vi } from 'vitest'
import type { InspectionEvent } from 'xstate'

const next = vi.fn()
const createBrowserInspector = vi.fn(() => ({ inspect: { next } }))
vi.mock('@statelyai/inspect', () => ({ createBrowserInspector }))

const { inspectOption, inspectorRequested, setupInspector } = await import('./inspect')

describe('inspector', () => {
  it('is requested by ?inspect unless it says false', () => {
    expect(inspectorRequested('?inspect')).toBe(true)
    expect(inspectorRequested('?table=2&inspect=1')).toBe(true)
    expect(inspectorRequested('?inspect=false')).toBe(false)
    expect(inspectorRequested('?inspect=0')).toBe(false)
    expect(inspectorRequested('?table=2')).toBe(false)
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
