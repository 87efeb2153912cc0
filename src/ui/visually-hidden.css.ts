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
