import type { HTMLAttributes } from 'react'
import { statusLine } from './visually-hidden.css'

/**
 * A `role="status"` line that is in the page before it has something to say: empty, it takes no
 * room ({@link statusLine}) but stays in the accessibility tree, so each text later put into it
 * is announced (WCAG 4.1.3; one inserted together with its text may not be).
 */
export function StatusLine({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p role="status" {...props} className={[statusLine, className].filter(Boolean).join(' ')} />
}
