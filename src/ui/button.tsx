import type { ButtonHTMLAttributes, Ref } from 'react'
import { Spinner } from './spinner'
import * as styles from './button.css'

/** Visual weight of a {@link Button}. */
type ButtonVariant = 'primary' | 'secondary' | 'ghost'

/** Props of {@link Button}: every native button attribute (including `aria-pressed`) passes through. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  fullWidth?: boolean
  /**
   * Work in progress: shows a spinner beside the unchanged label, sets `aria-busy` and
   * disables the button so the action cannot be sent twice.
   */
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

/** The app's button. Defaults to `type="button"` so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  fullWidth = false,
  loading = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [styles.base, styles.variant[variant], fullWidth && styles.fullWidth, className]
    .filter(Boolean)
    .join(' ')
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner decorative />}
      {children}
    </button>
  )
}
