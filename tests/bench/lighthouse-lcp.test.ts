import { describe, expect, it } from 'vitest'
import { eachRunNote, lcpDetails, lcpNote, type LighthouseRun } from '../../bench/lighthouse'

describe('bench: the LCP element and phases from a Lighthouse 12 result', () => {
  const details = {
    type: 'list',
    items: [
      { type: 'table', items: [{ node: { type: 'node', nodeLabel: 'Espresso', snippet: '<img alt="Espresso" width="150">' } }] },
      {
        type: 'table',
        items: [
          { phase: 'TTFB', timing: 480 },
          { phase: 'Load Delay', timing: 980 },
          { phase: 'Load Time', timing: 240 },
          { phase: 'Render Delay', timing: 690 },
        ],
      },
    ],
  }

  it('names the element and lists the phases in milliseconds', () => {
    const read = lcpDetails(details)
    expect(read.lcpElement).toBe('Espresso <img alt="Espresso" width="150">')
    expect(read.lcpPhases.map((p) => p.ms)).toEqual([480, 980, 240, 690])
    expect(lcpNote(read)).toMatch(/^element Espresso <img.*; TTFB 0\.48 s, Load Delay 0\.98 s, Load Time 0\.24 s, Render Delay 0\.69 s$/)
  })

  it('answers nothing for a missing or unexpected shape', () => {
    for (const shape of [undefined, null, 'text', { items: 'no' }, { items: [{ items: [{ phase: 1 }] }] }]) {
      expect(lcpDetails(shape)).toEqual({ lcpElement: null, lcpPhases: [] })
    }
    expect(lcpNote({ lcpElement: null, lcpPhases: [] })).toBeUndefined()
  })
})

describe('eachRunNote', () => {
  const run = (lcpMs: number | null, tbtMs: number | null): LighthouseRun => ({
    score: 98,
    lcpMs,
    tbtMs,
    cls: 0,
    fcpMs: 1700,
    lcpElement: null,
    lcpPhases: [],
    runtimeError: null,
    benchmarkIndex: 2500,
  })

  it("lists each run's figure in run order, in the figure's unit", () => {
    const runs = [run(1921, 97), run(2094, 124.4), run(null, null)]
    expect(eachRunNote(runs, 'lcpMs')).toBe('each run 1.92 s, 2.09 s, n/a')
    expect(eachRunNote(runs, 'tbtMs')).toBe('each run 97 ms, 124 ms, n/a')
  })

  it('says nothing for a single run', () => {
    expect(eachRunNote([run(1921, 97)], 'lcpMs')).toBeUndefined()
  })
})
