import { describe, expect, it } from 'vitest'
import { companyTimeZone, organisationNumberKind } from './company'

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

describe('companyTimeZone (SPEC §1: shops in Sweden and Finland)', () => {
  it('tells the time of a Swedish or Finnish shop in its own zone, and guesses none for another', () => {
    expect(companyTimeZone('SE')).toBe('Europe/Stockholm')
    expect(companyTimeZone('fin')).toBe('Europe/Helsinki')
    expect(companyTimeZone('NO')).toBeUndefined()
    expect(companyTimeZone(null)).toBeUndefined()
    // The zone moves the printed time: 12:00 UTC is 13:00 in Stockholm and 14:00 in Helsinki in winter.
    const at = (zone: string | undefined) => new Intl.DateTimeFormat('sv-SE', { timeStyle: 'short', timeZone: zone }).format(Date.UTC(2026, 0, 15, 12))
    expect([at(companyTimeZone('SE')), at(companyTimeZone('FI'))]).toEqual(['13:00', '14:00'])
  })
})
