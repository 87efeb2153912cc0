/**
 * Which country's organisation number a company's `organizationnumber` is (SPEC §1: shops in
 * Sweden and Finland): a Swedish organisationsnummer or a Finnish business ID (Y-tunnus).
 */
export type OrganisationNumberKind = 'swedish' | 'finnish'

/** ISO 3166 codes (alpha-2 and alpha-3) of the two countries the platform serves. */
const kinds: Record<string, OrganisationNumberKind> = { SE: 'swedish', SWE: 'swedish', FI: 'finnish', FIN: 'finnish' }

/**
 * The kind of organisation number a company of `country` (SPEC §3 "Shop response" →
 * company.country, an ISO 3166 code such as `SE` or `FI`, any case) has; null when the
 * country is not one of the two or is blank, so the page does not guess.
 */
export function organisationNumberKind(country: string | null | undefined): OrganisationNumberKind | null {
  const code = (country ?? '').trim().toUpperCase()
  return Object.hasOwn(kinds, code) ? (kinds[code] ?? null) : null
}

const timeZones: Record<OrganisationNumberKind, string> = { swedish: 'Europe/Stockholm', finnish: 'Europe/Helsinki' }

/**
 * The IANA time zone of a company of `country` (SPEC §1: shops in Sweden and Finland), in which
 * its receipts' times are told, as its cash register told them; undefined when the country is
 * neither (the browser's own zone is then all there is).
 */
export function companyTimeZone(country: string | null | undefined): string | undefined {
  const kind = organisationNumberKind(country)
  return kind ? timeZones[kind] : undefined
}
