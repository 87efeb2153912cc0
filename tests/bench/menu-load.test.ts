import { describe, expect, it } from 'vitest'
import { scriptsAround } from '../../bench/network'

describe('scriptsAround (issue 6 bench: JS fetched before the menu showed)', () => {
  it('counts the scripts whose request started before the menu showed, by the page clock, and lists those of the second after', () => {
    const fetches = [
      { path: 'assets/checkout.machine-c.js', startMs: 900 },
      { path: 'assets/index-a.js', startMs: 60 },
      { path: 'assets/messages-b.js', startMs: 75 },
      { path: 'assets/footer-d.js', startMs: 1700 },
      { path: 'assets/late-e.js', startMs: 2100 },
    ]
    expect(scriptsAround(fetches, 800)).toEqual({
      scriptsBeforeReady: ['assets/index-a.js', 'assets/messages-b.js'],
      scriptsAfterReady: ['assets/checkout.machine-c.js', 'assets/footer-d.js'],
    })
    // A chunk asked for in the very frame the menu showed is not counted as needed for it.
    expect(scriptsAround([{ path: 'assets/x.js', startMs: 800 }], 800).scriptsBeforeReady).toEqual([])
  })
})
