import { useLingui } from '@lingui/react/macro'
import { Spinner } from './spinner'
import * as styles from './loading-screen.css'

/**
 * Full-area loading state (SPEC §2 shop gate step 2): one `role="status"` element named
 * "Loading", so screen readers announce it once and tests can find it by role.
 */
export function LoadingScreen() {
  const { t } = useLingui()
  return (
    <div className={styles.screen} role="status" aria-label={t`Loading`}>
      <Spinner decorative size="large" />
    </div>
  )
}
