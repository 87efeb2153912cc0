import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const screen = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.md,
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
})

export const heading = style({ fontSize: vars.font.sizeXl, lineHeight: 1.2 })

export const body = style({ maxWidth: '45ch', color: vars.color.muted })

export const hours = style({ whiteSpace: 'pre-line', fontWeight: 600 })

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '320px',
  textAlign: 'start',
})
