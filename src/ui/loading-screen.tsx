import { useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from './document-title'
import { PageContainer, useInsideMain } from './page-container'
import { visuallyHidden } from './visually-hidden.css'
import { Spinner } from './spinner'
import * as styles from './loading-screen.css'

/**
 * Full-area loading state (SPEC §2 shop gate step 2): one `role="status"` element named
 * "Loading", so screen readers announce it once and tests can find it by role. It stands in
 * for a whole page, so it names the page too: 'Loading' (after the shop's title inside a
 * shop), not the last page's name or the document's generic one (WCAG 2.4.2). Standing alone
 * it is the page's `<main>` with a level-1 heading for screen readers (axe landmark-one-main,
 * page-has-heading-one); inside the shop's main, below the shop's heading, a plain `div`.
 */
export function LoadingScreen() {
  const { t } = useLingui()
  const label = t`Loading`
  useDocumentTitle(label)
  const standalone = !useInsideMain()
  return (
    <PageContainer>
      {standalone && <h1 className={visuallyHidden}>{label}</h1>}
      <div className={styles.screen} role="status" aria-label={label}>
        <Spinner decorative size="large" />
      </div>
    </PageContainer>
  )
}

/**
 * A loading state over the page, for a part that opens on top of it (the product popup, SPEC §2)
 * while its code or texts are still on their way: one `role="status"` named "Loading". The page
 * underneath stays as it is and can still be used.
 */
export function LoadingOverlay() {
  return (
    <div className={styles.overlay}>
      <Spinner size="large" />
    </div>
  )
}
