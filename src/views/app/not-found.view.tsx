import { Trans, useLingui } from '@lingui/react/macro'
import { PROVIDER_NAME, PROVIDER_URL } from '@/config'
import { withCatalogPart } from '@/i18n/catalog-parts'
import { PageContainer } from '@/ui/page-container'
import { ProviderLogo } from './provider-logo'
import * as styles from './app-pages.css'
import { useDocumentTitle } from '@/ui/document-title'

/**
 * The page for any unknown path (SPEC §2 last row): logo, heading `Page not found!`, a short
 * explanation and a link to the provider's site. Router-independent, so it also renders in tests.
 * @internal exported for its tests
 */
export function NotFoundView() {
  const { t } = useLingui()
  useDocumentTitle(t`Page not found!`)
  return (
    <PageContainer className={styles.page}>
      <ProviderLogo />
      <h1 className={styles.heading}>
        <Trans>Page not found!</Trans>
      </h1>
      <p className={styles.body}>
        <Trans>The page you are looking for does not exist. Check the address, or start again from our website.</Trans>
      </p>
      <a className={styles.link} href={PROVIDER_URL}>
        <Trans>Go to {PROVIDER_NAME}</Trans>
      </a>
    </PageContainer>
  )
}

/** {@link NotFoundView} once its texts (the `pages` catalog) are here: what the router loads lazily. */
export const NotFoundScreen = withCatalogPart('pages', NotFoundView)
