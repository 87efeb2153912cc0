import { Trans, useLingui } from '@lingui/react/macro'
import { withCatalogPart } from '@/i18n/catalog-parts'
import * as styles from './gate-screens.css'
import { useDocumentTitle } from '@/ui/document-title'

/** Props of {@link ShopClosedView}. */
export interface ShopClosedViewProps {
  /** The shop's opening hours as the merchant wrote them (line breaks kept), or null. */
  openHours: string | null
}

/** Closed shop (SPEC §2 gate step 3, CONTRACT.md): a heading containing 'Closed' and the opening hours. */
function ShopClosedView({ openHours }: ShopClosedViewProps) {
  const { t } = useLingui()
  useDocumentTitle(t`Closed right now`)
  return (
    <section className={styles.screen} aria-labelledby="shop-closed-heading">
      <h2 id="shop-closed-heading" className={styles.heading}>
        <Trans>Closed right now</Trans>
      </h2>
      {openHours !== null && openHours.trim() !== '' ? (
        <>
          <p className={styles.body}>
            <Trans>Welcome back during our opening hours:</Trans>
          </p>
          <p className={styles.hours}>{openHours}</p>
        </>
      ) : (
        <p className={styles.body}>
          <Trans>The shop is not taking orders at the moment.</Trans>
        </p>
      )}
    </section>
  )
}

/** {@link ShopClosedView} once its texts (the `pages` catalog) are here: what the shop layout loads lazily. */
export const ShopClosedScreen = withCatalogPart('pages', ShopClosedView)
