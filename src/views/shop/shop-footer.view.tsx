import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { PROVIDER_NAME, PROVIDER_URL } from '@/config'
import type { Company } from '@/domain/types'
import { OpeningHoursView, hasText } from '@/views/store-info/opening-hours.view'
import { OrgNumberText } from '@/views/store-info/org-number.view'
import * as styles from './shop-footer.css'
import { withCatalogPart } from '@/i18n/catalog-parts'

/** Props of {@link ShopFooterView}. */
export interface ShopFooterViewProps {
  shopId: string
  company: Company
  /** The shop's opening hours, or null for no block. */
  openHours: string | null
}

/** `tel:` target of a phone number as written ('08-123 45 67' → 'tel:081234567'). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/**
 * The shop footer (SPEC §2 "Shop layout"): company name, organisation number (named for the
 * company's country, see `OrgNumberText`), street, postal code and city, phone (tel: link) and
 * e-mail (mailto: link), the refund policy link, opening hours when set, and the 'Hosted by'
 * block linking to the platform provider.
 */
function ShopFooterView({ shopId, company, openHours }: ShopFooterViewProps) {
  const { t } = useLingui()
  const orgNumber = company.organizationnumber
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.column} aria-label={t`Contact details`}>
          <p className={styles.company}>{company.name}</p>
          {hasText(orgNumber) && (
            <p>
              <OrgNumberText country={company.country} orgNumber={orgNumber} />
            </p>
          )}
          <address className={styles.address}>
            {hasText(company.street) && <span>{company.street}</span>}
            {(hasText(company.postalCode) || hasText(company.city)) && (
              <span>{[company.postalCode, company.city].filter(hasText).join(' ')}</span>
            )}
            {hasText(company.phone) && (
              <a className={styles.link} href={telHref(company.phone)}>
                {company.phone}
              </a>
            )}
            {hasText(company.email) && (
              <a className={styles.link} href={`mailto:${company.email}`}>
                {company.email}
              </a>
            )}
          </address>
          <Link to="/$shopId/refundPolicy" params={{ shopId }} className={styles.link}>
            <Trans>Refund policy</Trans>
          </Link>
        </section>
        {hasText(openHours) && <OpeningHoursView className={styles.column} text={openHours} />}
        <section className={styles.column} aria-label={t`Platform`}>
          <a className={styles.link} href={PROVIDER_URL} rel="noopener">
            <Trans>Hosted by {PROVIDER_NAME}</Trans>
          </a>
        </section>
      </div>
    </footer>
  )
}

/** {@link ShopFooterView} once its texts (the `pages` catalog) are here: what the shop layout loads lazily. */
export const ShopFooter = withCatalogPart('pages', ShopFooterView)
