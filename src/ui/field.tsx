import { useId, type ReactNode } from 'react'
import * as styles from './field.css'

/** The ids and ARIA attributes that tie a field's control to its label and its error text. */
interface FieldControl {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** Props of {@link Field}. */
export interface FieldProps {
  label: ReactNode
  /** Shown below the control and linked to it; a non-empty value marks the control invalid. */
  error?: string | null | undefined
  /** The error is also announced as it appears (role `alert`), as a payment section's are (CONTRACT.md). */
  announce?: boolean | undefined
  /** The control's id; a generated one when absent. */
  id?: string | undefined
  className?: string | undefined
  /** Renders the control (`<input>`, `<textarea>`) with the given id and ARIA attributes. */
  children: (control: FieldControl) => ReactNode
}

/**
 * A labelled form control with its error announced along with it (`aria-invalid`,
 * `aria-describedby`): the frame {@link TextField} and {@link TextArea} share.
 */
export function Field({ label, error, announce, id, className, children }: FieldProps) {
  const ownId = useId()
  const inputId = id ?? ownId
  const errorId = `${inputId}-error`
  const invalid = Boolean(error)
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined })}
      {invalid && (
        <p id={errorId} className={styles.error} role={announce ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  )
}
