import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { parseSearch } from '@/search-params'
import { callbackSearchSchema, downloadSearchSchema, integrationLinkSearchSchema, passwordResetSearchSchema } from './route-owner.schema'

describe('owner route search schemas', () => {
  it('accept absent keys', () => {
    expect(v.parse(callbackSearchSchema, {})).toEqual({})
    expect(v.parse(integrationLinkSearchSchema, {})).toEqual({})
    expect(v.parse(passwordResetSearchSchema, {})).toEqual({})
    expect(v.parse(downloadSearchSchema, {})).toEqual({})
  })

  it('keep query values as the URL has them, drop a repeated key and other keys', () => {
    const search = parseSearch('?code=123&state=eyJ%3D&error=true&error_description=a&error_description=b')
    expect(v.parse(callbackSearchSchema, search)).toEqual({ code: '123', state: 'eyJ=', error: 'true', error_description: undefined })
    expect(v.parse(passwordResetSearchSchema, parseSearch('?oobCode=042&mode=resetPassword'))).toEqual({ oobCode: '042' })
    expect(v.parse(downloadSearchSchema, parseSearch('?url=https%3A%2F%2Fx.example%2Fr.pdf%3Fa%3D1'))).toEqual({ url: 'https://x.example/r.pdf?a=1' })
  })
})
