import { assign, setup, type ActorRefFrom } from 'xstate'
import { failureOf } from '../shared/errors'
import { callbackNotProvided, promiseNotProvided } from '../shared/not-provided'

/** Input: the route's path parameters. */
export interface ReceiptPdfInput {
  companyId: string
  receiptId: string
}

export interface ReceiptPdfContext extends ReceiptPdfInput {
  /** A URL the browser can open the PDF at (an object URL of its bytes) while `ready`. */
  url: string | null
  /** The server's message of a 400 answer (SPEC §8 "PDF download"); null shows error.anErrorOccurred. */
  serverMessage: string | null
}

/**
 * The PDF receipt download page (SPEC §2 `/receipt/{companyId}/{receiptId}`, §7, §8 "PDF
 * download"): `loading` the PDF → `ready` with a URL of it, which the page offers and frames
 * and which `holdReceiptUrl` keeps for as long as the page shows it; or `failed`, with the
 * server's message when the platform answered 400.
 *
 * Actors: `fetchReceiptPdf` ({companyId, receiptId} → URL of the PDF; rejects with ApiError),
 * `holdReceiptUrl` ({url}; releases the URL when stopped). Tags: `busy` while loading.
 */
export const receiptPdfMachine = setup({
  types: {
    context: {} as ReceiptPdfContext,
    input: {} as ReceiptPdfInput,
  },
  actors: {
    fetchReceiptPdf: promiseNotProvided<string, ReceiptPdfInput>('fetchReceiptPdf'),
    holdReceiptUrl: callbackNotProvided<{ url: string }>('holdReceiptUrl'),
  },
}).createMachine({
  id: 'receiptPdf',
  context: ({ input }) => ({ ...input, url: null, serverMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchReceiptPdf',
        src: 'fetchReceiptPdf',
        input: ({ context }) => ({ companyId: context.companyId, receiptId: context.receiptId }),
        onDone: { target: 'ready', actions: assign({ url: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            serverMessage: ({ event }) => {
              const info = failureOf(event.error)
              return info.status === 400 ? info.message : null
            },
          }),
        },
      },
    },
    ready: {
      invoke: { id: 'holdReceiptUrl', src: 'holdReceiptUrl', input: ({ context }) => ({ url: context.url ?? '' }) },
    },
    failed: { type: 'final' },
  },
})

/** A running PDF receipt page, as its view takes it. */
export type ReceiptPdfActor = ActorRefFrom<typeof receiptPdfMachine>
