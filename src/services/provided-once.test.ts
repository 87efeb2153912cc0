import { describe, expect, it, vi } from 'vitest'
import { providedOnce } from './provided-once'

describe('providedOnce', () => {
  it('builds once per owner and hands back the same value', () => {
    const build = vi.fn((owner: { id: number }) => ({ for: owner.id }))
    const get = providedOnce(build)
    const a = { id: 1 }
    const b = { id: 2 }
    expect(get(a)).toBe(get(a))
    expect(get(b)).toEqual({ for: 2 })
    expect(get(b)).not.toBe(get(a))
    expect(build).toHaveBeenCalledTimes(2)
  })
})
