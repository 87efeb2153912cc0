import type { ReactNode } from 'react'
import * as styles from './alert.css'

/** Meaning of an {@link Alert}, shown by its accent colour. */
type AlertTone = 'error' | 'info' | 'success'

/** Props of {@link Alert}. */
export interface AlertProps {
  tone?: AlertTone
  children: ReactNode
  className?: string
}

/**
 * A message announced as soon as it appears (`role="alert"`): payment errors, stock
 * problems, receipt e-mail outcome (CONTRACT.md "Payment": errors appear in an alert).
 */
export function Alert({ tone = 'error', children, className }: AlertProps) {
  return (
    <div role="alert" className={[styles.base, styles.tone[tone], className].filter(Boolean).join(' ')}>
      {children}
    </div>
  )
}
