import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.4,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  // A merchant's one-word tag wider than a phone breaks inside the pill (WCAG 1.4.10 reflow).
  maxWidth: '100%',
  overflowWrap: 'anywhere',
})
