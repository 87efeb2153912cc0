import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react'
import { Field } from './field'
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
  return (
    <Field label={label} error={error} id={id} className={className}>
      {(control) => <textarea {...rest} {...control} className={`${styles.control} ${styles.textarea}`} />}
    </Field>
  )
}
