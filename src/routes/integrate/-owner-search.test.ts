import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { callbackSearchSchema, downloadSearchSchema, integrationLinkSearchSchema, passwordResetSearchSchema } from './-owner-search'

describe('owner route search schemas', () => {
  it('accept absent keys', () => {
    expect(v.parse(callbackSearchSchema, {})).toEqual({})
    expect(v.parse(integrationLinkSearchSchema, {})).toEqual({})
    expect(v.parse(passwordResetSearchSchema, {})).toEqual({})
    expect(v.parse(downloadSearchSchema, {})).toEqual({})
  })

  it('turn values the router parsed as JSON back into text, and drop objects', () => {
    expect(v.parse(callbackSearchSchema, { code: 123, state: 'eyJ=', error: true, error_description: { a: 1 } })).toEqual({
      code: '123',
      state: 'eyJ=',
      error: 'true',
      error_description: undefined,
    })
    expect(v.parse(passwordResetSearchSchema, { oobCode: 42, mode: 'resetPassword' })).toEqual({ oobCode: '42' })
  })
})
