import { describe, expect, it } from 'vitest'
import { callbackSearchSchema, downloadSearchSchema, integrationLinkSearchSchema, passwordResetSearchSchema } from './-owner-search'

describe('owner route search schemas', () => {
  it('accept absent keys', () => {
    expect(callbackSearchSchema.parse({})).toEqual({})
    expect(integrationLinkSearchSchema.parse({})).toEqual({})
    expect(passwordResetSearchSchema.parse({})).toEqual({})
    expect(downloadSearchSchema.parse({})).toEqual({})
  })

  it('turn values the router parsed as JSON back into text, and drop objects', () => {
    expect(callbackSearchSchema.parse({ code: 123, state: 'eyJ=', error: true, error_description: { a: 1 } })).toEqual({
      code: '123',
      state: 'eyJ=',
      error: 'true',
      error_description: undefined,
    })
    expect(passwordResetSearchSchema.parse({ oobCode: 42, mode: 'resetPassword' })).toEqual({ oobCode: '42' })
  })
})
