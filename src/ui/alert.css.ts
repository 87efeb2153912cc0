import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const base = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: '4px solid',
  backgroundColor: vars.color.surface,
  color: vars.color.surfaceText,
})

export const tone = styleVariants({
  error: { borderLeftColor: vars.color.danger },
  info: { borderLeftColor: vars.color.focus },
  success: { borderLeftColor: vars.color.success },
})
