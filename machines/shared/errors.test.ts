import { describe, expect, it } from 'vitest'
import { failureOf } from './errors'

describe('failureOf (SPEC §8)', () => {
  it("takes the server's name, else its text, as the message", () => {
    expect(failureOf({ kind: 'badRequest', status: 400, serverName: 'Card expired', serverMessage: '{"name":"Card expired"}' }).message).toBe('Card expired')
    expect(failureOf({ kind: 'server', status: 500, serverMessage: 'Swish is down' }).message).toBe('Swish is down')
  })

  it("reads a markup page (a proxy's HTML error page) as no words for the customer", () => {
    const failure = failureOf({ kind: 'badRequest', status: 400, serverMessage: '  <html><body><h1>400 Bad Request</h1></body></html>' })
    expect(failure).toMatchObject({ message: null, serverMessage: null, status: 400 })
  })

  it('never throws on what was thrown', () => {
    for (const thrown of [null, undefined, 'boom', 7, new Error('x'), { kind: 3 }]) expect(failureOf(thrown)).toMatchObject({ kind: expect.any(String) })
  })
})
