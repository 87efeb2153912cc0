import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const blockHeading = style({ fontSize: vars.font.sizeMd, fontWeight: 700 })

// Merchant texts arrive as plain text with newlines (SPEC §2 "Refund policy").
export const preLine = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
})

export const heading = style({ fontSize: vars.font.sizeXl, lineHeight: 1.2 })

export const muted = style({ color: vars.color.muted })

export const back = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: 'inherit',
  fontWeight: 600,
  textUnderlineOffset: '3px',
})
