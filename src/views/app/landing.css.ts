import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const landing = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  paddingBlock: vars.space.xxl,
  textAlign: 'center',
})

export const brand = style({ fontSize: vars.font.sizeXl, color: vars.color.primaryText })

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '360px',
  textAlign: 'start',
})
