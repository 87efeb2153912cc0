/** Sample events for path tests of the PDF receipt page (SPEC §8 "PDF download"). */
export const receiptPdfSamples = {
  'xstate.done.actor.fetchReceiptPdf': [{ type: 'xstate.done.actor.fetchReceiptPdf', output: 'blob:http://127.0.0.1/receipt' }],
  'xstate.error.actor.fetchReceiptPdf': [
    { type: 'xstate.error.actor.fetchReceiptPdf', error: { kind: 'badRequest', status: 400, serverMessage: 'Receipt is not ready yet' } },
    { type: 'xstate.error.actor.fetchReceiptPdf', error: { kind: 'notFound', status: 404, serverMessage: 'Not found' } },
  ],
}
