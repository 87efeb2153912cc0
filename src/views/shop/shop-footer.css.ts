import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles'

export const footer = style({
  marginTop: vars.space.xxl,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
})

export const inner = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  // The company's name, street, e-mail and opening hours are the merchant's words: one longer than
  // a phone is wide breaks rather than widening the page (WCAG 1.4.10 reflow).
  overflowWrap: 'anywhere',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, alignItems: 'flex-start' })

export const company = style({ fontWeight: 700 })

export const address = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', fontStyle: 'normal' })

// Footer links sit in running text but stay 44px tall for touch (STYLE §4 targets).
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: 'inherit',
  textUnderlineOffset: '3px',
  overflowWrap: 'anywhere',
})
