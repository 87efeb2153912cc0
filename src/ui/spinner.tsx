import { useLingui } from '@lingui/react/macro'
import * as styles from './spinner.css'

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Hide from assistive technology when the surrounding element already says it is busy. */
  decorative?: boolean
  /** Accessible name; defaults to the translated "Loading". */
  label?: string
  size?: 'inline' | 'large'
}

/** A rotating busy indicator; `role="status"` named "Loading" unless decorative. */
export function Spinner({ decorative = false, label, size = 'inline' }: SpinnerProps) {
  const { t } = useLingui()
  const className = size === 'large' ? `${styles.spinner} ${styles.large}` : styles.spinner
  if (decorative) return <span className={className} aria-hidden="true" />
  return <span className={className} role="status" aria-label={label ?? t`Loading`} />
}
