import { describe, expect, it } from 'vitest'
import { interactionsOf, medianOf, phasesText, worstOf, type EventEntry } from '../../bench/interaction'

/** An Event Timing entry; times in ms. */
function entry(name: string, interactionId: number, startTime: number, processingStart: number, processingEnd: number, duration: number): EventEntry {
  return { name, interactionId, startTime, processingStart, processingEnd, duration }
}

describe('bench: interactions from Event Timing entries', () => {
  it('groups by interaction id in order of start, the latency being the longest entry', () => {
    const list = interactionsOf([
      entry('click', 7, 500, 505, 540, 64),
      entry('pointerdown', 3, 100, 104, 106, 24),
      entry('pointerup', 7, 500, 501, 502, 64),
      entry('mousemove', 0, 90, 91, 92, 40),
      entry('pointerup', 3, 180, 182, 183, 16),
    ])
    expect(list.map((i) => [i.interactionId, i.latencyMs, i.events])).toEqual([
      [3, 24, ['pointerdown', 'pointerup']],
      [7, 64, ['click', 'pointerup']],
    ])
  })

  it('splits the latency into input delay, processing up to the last handler before the paint, and presentation', () => {
    // Mouse up at 500: pointerup handled at 502, its click's handlers end at 540, paint at 564.
    const [add] = interactionsOf([entry('pointerup', 7, 500, 502, 503, 64), entry('click', 7, 500, 503, 540, 64)])
    expect(add?.phases).toEqual({ inputDelayMs: 2, processingMs: 38, presentationMs: 24 })
    expect(add && phasesText(add)).toBe('input delay 2 + processing 38 + presentation 24 ms')
  })

  it('leaves out of the processing a later event painted in a later frame', () => {
    // Mouse down at 100 (painted at 124), the click after mouse up at 400 is its own frame.
    const [open] = interactionsOf([entry('pointerdown', 3, 100, 105, 110, 24), entry('click', 3, 400, 401, 420, 24)])
    expect(open?.latencyMs).toBe(24)
    expect(open?.phases).toEqual({ inputDelayMs: 5, processingMs: 5, presentationMs: 14 })
  })
})

describe('bench: median of rounds', () => {
  it('takes the middle value, the lower one for an even count, ignoring missing values', () => {
    expect(medianOf([96, 40, 48])).toBe(48)
    expect(medianOf([56, 40, 72, 48])).toBe(48)
    expect(medianOf([null, 64, Number.NaN])).toBe(64)
    expect(medianOf([])).toBeNull()
    expect(medianOf([null])).toBeNull()
  })
})

describe('bench: worst of rounds', () => {
  it('takes the largest value, ignoring missing values', () => {
    expect(worstOf([48, 120, 56])).toBe(120)
    expect(worstOf([null, 64, Number.NaN])).toBe(64)
    expect(worstOf([])).toBeNull()
    expect(worstOf([null])).toBeNull()
  })
})
