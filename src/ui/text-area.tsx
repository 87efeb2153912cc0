import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'
import * as styles from './field.css'

/** Props of {@link TextArea}: native textarea attributes plus a visible label and an error text. */
export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-invalid' | 'aria-describedby'> {
  label: ReactNode
  /** Shown below the textarea and linked to it; a non-empty value marks it invalid. */
  error?: string | null
  ref?: Ref<HTMLTextAreaElement>
}

/** A labelled multi-line input (notes, allergies, additional info). */
export function TextArea({ label, error, id, className, ...rest }: TextAreaProps) {
  const ownId = useId()
  const inputId = id ?? ownId
  const errorId = `${inputId}-error`
  const invalid = Boolean(error)
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <textarea
        {...rest}
        id={inputId}
        className={`${styles.control} ${styles.textarea}`}
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
