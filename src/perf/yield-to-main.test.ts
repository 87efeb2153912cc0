import { afterEach, describe, expect, it, vi } from 'vitest'
import { yieldToMain } from './yield-to-main'

describe('yieldToMain (issue 6)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: schedulerYield })
    await yieldToMain()
    expect(schedulerYield).toHaveBeenCalledOnce()
  })

  it('otherwise resolves in a later task, after the microtasks queued before it', async () => {
    const order: string[] = []
    const done = yieldToMain().then(() => order.push('yielded'))
    void Promise.resolve().then(() => order.push('microtask'))
    await done
    expect(order).toEqual(['microtask', 'yielded'])
  })
})
