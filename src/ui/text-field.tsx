import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { Field } from './field'
import * as styles from './field.css'

/**
 * Props of {@link TextField}: native input attributes (placeholder, type, inputMode,
 * autoComplete, value, onChange, onBlur, ...) plus a visible label and an error text.
 */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> {
  label: ReactNode
  /** Shown below the input and linked to it; a non-empty value marks the input invalid. */
  error?: string | null
  /** Announce the error as it appears (role `alert`). */
  announce?: boolean
  ref?: Ref<HTMLInputElement>
}

/** A labelled single-line input whose error is announced with it (`aria-invalid`, `aria-describedby`). */
export function TextField({ label, error, announce, id, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} announce={announce} id={id} className={className}>
      {(control) => <input type="text" {...rest} {...control} className={styles.control} />}
    </Field>
  )
}
