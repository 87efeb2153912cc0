import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xxl,
})

export const logo = style({ width: vars.size.logoW, height: vars.size.logoH, objectFit: 'contain' })

export const heading = style({ fontSize: vars.font.sizeXl, lineHeight: 1.2 })

export const body = style({ maxWidth: '40ch', color: vars.color.muted })

export const link = style({ color: vars.color.primaryText, fontWeight: 600 })
