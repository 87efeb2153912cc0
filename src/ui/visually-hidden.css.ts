import { style } from '@vanilla-extract/css'

/**
 * Text for assistive technology only: kept in the accessibility tree (a table caption, the
 * commas of 'Cart, 2 items, 90,00 kr'), not drawn. The usual clip pattern (WCAG technique C7).
 */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

/** {@link visuallyHiddenRules} as a class. */
export const visuallyHidden = style(visuallyHiddenRules)

/**
 * A status line (`role="status"`) that stays in the page while it has nothing to say, so each
 * text later put into it is announced (WCAG 4.1.3; one inserted together with its text may not
 * be): empty, it is out of the flow (no gap in its column) but not out of the accessibility tree.
 */
export const statusLine = style({ selectors: { '&:empty': visuallyHiddenRules } })
