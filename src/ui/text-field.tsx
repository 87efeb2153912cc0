import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import * as styles from './field.css'

/**
 * Props of {@link TextField}: native input attributes (placeholder, type, inputMode,
 * autoComplete, value, onChange, onBlur, ...) plus a visible label and an error text.
 */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> {
  label: ReactNode
  /** Shown below the input and linked to it; a non-empty value marks the input invalid. */
  error?: string | null
  ref?: Ref<HTMLInputElement>
}

/** A labelled single-line input whose error is announced with it (`aria-invalid`, `aria-describedby`). */
export function TextField({ label, error, id, className, ...rest }: TextFieldProps) {
  const ownId = useId()
  const inputId = id ?? ownId
  const errorId = `${inputId}-error`
  const invalid = Boolean(error)
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        type="text"
        {...rest}
        id={inputId}
        className={styles.control}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      {invalid && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
