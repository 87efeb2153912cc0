import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

/** One narrow column, centred: the owner pages show one task each (SPEC §2 "Other pages"). */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: vars.space.xl,
  maxWidth: '32rem',
})

export const heading = style({ fontSize: vars.font.sizeXl, lineHeight: 1.2, margin: 0 })

export const body = style({ margin: 0, lineHeight: 1.5 })

export const muted = style({ margin: 0, color: vars.color.muted, lineHeight: 1.5 })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: 'flex-start',
  minHeight: '44px',
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const amount = style({ fontSize: vars.font.sizeXl, fontWeight: 700, margin: 0 })

export const amountLabel = style({ margin: 0, color: vars.color.muted })

export const testMode = style({
  alignSelf: 'flex-start',
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderRadius: vars.radius.pill,
  border: `1px dashed ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
})

export const cardSlot = style({ minHeight: '120px' })

export const pdfFrame = style({
  width: '100%',
  height: '70vh',
  minHeight: '400px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const wide = style({ maxWidth: vars.size.contentMax })
