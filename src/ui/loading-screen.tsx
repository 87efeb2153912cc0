import { useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from './document-title'
import { Spinner } from './spinner'
import * as styles from './loading-screen.css'

/**
 * Full-area loading state (SPEC §2 shop gate step 2): one `role="status"` element named
 * "Loading", so screen readers announce it once and tests can find it by role. It stands in
 * for a whole page, so it names the page too: 'Loading' (after the shop's title inside a
 * shop), not the last page's name or the document's generic one (WCAG 2.4.2).
 */
export function LoadingScreen() {
  const { t } = useLingui()
  const label = t`Loading`
  useDocumentTitle(label)
  return (
    <div className={styles.screen} role="status" aria-label={label}>
      <Spinner decorative size="large" />
    </div>
  )
}
