import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const switcher = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.sizeSm,
})

export const select = style({
  minHeight: '32px',
  padding: `2px ${vars.space.sm}`,
  border: `1px solid ${vars.color.controlBorder}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.text,
})
