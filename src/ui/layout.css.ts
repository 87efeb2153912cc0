import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const page = style({
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  paddingInline: vars.space.md,
})
