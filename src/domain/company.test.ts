import { describe, expect, it } from 'vitest'
import { organisationNumberKind } from './company'

describe('organisationNumberKind (SPEC §3 company.country)', () => {
  it.each([
    ['SE', 'swedish'],
    ['swe', 'swedish'],
    [' fi ', 'finnish'],
    ['FIN', 'finnish'],
  ] as const)('reads %j as a %s number', (country, kind) => {
    expect(organisationNumberKind(country)).toBe(kind)
  })

  it.each([[''], ['NO'], ['Sweden'], ['constructor'], [null], [undefined]])('does not guess for %j', (country) => {
    expect(organisationNumberKind(country)).toBeNull()
  })
})
