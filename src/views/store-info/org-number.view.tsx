import { Trans } from '@lingui/react/macro'
import { organisationNumberKind } from '@/domain/company'
import { textValue } from '@/ui/text-value'

/** Props of {@link OrgNumberText}. */
export interface OrgNumberTextProps {
  /** The company's country (SPEC §3 company.country, e.g. `SE`, `FI`); null when unknown. */
  country: string | null
  /** The organisation number as the platform sends it. */
  orgNumber: string
}

/**
 * The organisation number with the name of its kind (SPEC §2 "Shop layout" footer, "Receipt
 * page" seller): a Finnish company's is a business ID (Y-tunnus), a Swedish one's an
 * organisation number (Org.nr), each named in the page's language. Without a known country
 * the page's language picks the name, as a visitor of that country would expect.
 */
export function OrgNumberText({ country, orgNumber: number }: OrgNumberTextProps) {
  const orgNumber = textValue(number)
  switch (organisationNumberKind(country)) {
    case 'finnish':
      return <Trans context="Finnish business ID (Y-tunnus)">Business ID {orgNumber}</Trans>
    case 'swedish':
      return <Trans context="Swedish organisation number (organisationsnummer)">Org. no. {orgNumber}</Trans>
    case null:
      return <Trans>Org. no. {orgNumber}</Trans>
  }
}
