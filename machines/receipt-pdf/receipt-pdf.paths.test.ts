import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { describePaths, expectAllStatesReachable, replayPaths, type PathSuiteOptions } from '@tests/harness/paths'
import { receiptPdfMachine } from './receipt-pdf.machine'
import { receiptPdfSamples } from './receipt-pdf.samples'

type Snapshot = SnapshotFrom<typeof receiptPdfMachine>

const options: PathSuiteOptions<typeof receiptPdfMachine> = {
  input: { companyId: 'cafe', receiptId: 'r1' },
  events: receiptPdfSamples,
  contextKeys: ['serverMessage'],
  invariants: {
    loading: (s: Snapshot) => expect(s.hasTag('busy')).toBe(true),
    ready: (s: Snapshot) => expect(s.context.url).toBeTruthy(),
    failed: (s: Snapshot) => expect(s.context.url).toBeNull(),
  },
}

describe('receiptPdf paths (SPEC §2 PDF receipt page, §8)', () => {
  const paths = expectAllStatesReachable(receiptPdfMachine, options)

  it('loads, then shows the PDF, the server message of a 400, or the generic error', () => {
    expect(describePaths(paths)).toEqual([
      'failed <- xstate.error.actor.fetchReceiptPdf',
      'failed <- xstate.error.actor.fetchReceiptPdf',
      'loading <- (initial)',
      'ready <- xstate.done.actor.fetchReceiptPdf',
    ])
    expect(paths.map((p) => (p.state as Snapshot).context.serverMessage).filter(Boolean)).toEqual(['Receipt is not ready yet'])
  })

  it('replays every path on a live actor', () => {
    replayPaths(receiptPdfMachine, paths, options)
  })
})

describe('receiptPdf behaviour', () => {
  it('holds the PDF URL while the page shows it and lets it go with the page', async () => {
    const released: string[] = []
    const actor = createActor(
      receiptPdfMachine.provide({
        actors: {
          fetchReceiptPdf: fromPromise(async ({ input }) => `blob:${input.companyId}/${input.receiptId}`),
          holdReceiptUrl: fromCallback<{ type: string }, { url: string }>(({ input }) => () => void released.push(input.url)),
        },
      }),
      { input: { companyId: 'cafe', receiptId: 'r1' } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.url).toBe('blob:cafe/r1')
    expect(released).toEqual([])
    actor.stop()
    expect(released).toEqual(['blob:cafe/r1'])
  })
})

describe('receiptPdf failures (SPEC §8 "PDF download")', () => {
  it('a 400 without a body shows the generic error, not the HTTP layer\'s English', async () => {
    const bare = Object.assign(new Error('Platform call failed with HTTP 400'), { kind: 'badRequest', status: 400, serverMessage: null })
    const actor = createActor(receiptPdfMachine.provide({ actors: { fetchReceiptPdf: fromPromise(() => Promise.reject(bare)) } }), {
      input: { companyId: 'cafe', receiptId: 'r1' },
    }).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.serverMessage).toBeNull()
  })
})
