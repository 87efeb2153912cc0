import { Trans, useLingui } from '@lingui/react/macro'
import { withCatalogPart } from '@/i18n/catalog-parts'
import { PageContainer } from '@/ui/page-container'
import * as styles from './gate-screens.css'
import { useDocumentTitle } from '@/ui/document-title'

/**
 * Shop not found (SPEC §2 gate step 1, CONTRACT.md): heading 'Are you sure you entered the
 * correct address?' and one explaining line. Rendered without the shop's header and footer.
 */
function ShopNotFoundView() {
  const { t } = useLingui()
  useDocumentTitle(t`Are you sure you entered the correct address?`)
  return (
    <PageContainer className={styles.screen}>
      <h1 className={styles.heading}>
        <Trans>Are you sure you entered the correct address?</Trans>
      </h1>
      <p className={styles.body}>
        <Trans>We could not find a shop at this address. Check the link you followed, or ask the shop for a new one.</Trans>
      </p>
    </PageContainer>
  )
}

/** {@link ShopNotFoundView} once its texts (the `pages` catalog) are here: what the shop layout loads lazily. */
export const ShopNotFoundScreen = withCatalogPart('pages', ShopNotFoundView)
