import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: vars.space.lg,
})

export const added = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.success}`,
  backgroundColor: vars.color.surface,
  color: vars.color.surfaceText,
})

export const title = style({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.2, overflowWrap: 'break-word' })

export const addedTitle = style({ margin: 0, fontWeight: 700 })

export const addedActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md })

/** Links styled as touch-friendly text links (≥ 44px tall). */
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  // Inherit the text colour: a shop's primary colour may lack contrast on its background.
  color: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
})

export const notFound = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.md, paddingBlock: vars.space.xl })

export const notFoundTitle = style({ margin: 0, fontSize: vars.font.sizeXl })

export const notFoundBody = style({ margin: 0 })
