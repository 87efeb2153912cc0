import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles/theme-contract.css'

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const heading = style({ fontSize: vars.font.sizeLg, margin: 0 })

/** Method choices: stacked full width on a phone, side by side from the desktop breakpoint. */
export const methods = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' } },
})

export const method = style({
  width: '100%',
  minHeight: '52px',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

/** A progress line: spinner beside the text. */
export const progress = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, margin: 0 })

export const phoneForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [media.desktop]: { maxWidth: '360px' } },
})

export const success = style({ color: vars.color.success, fontWeight: 600, margin: 0 })

export const testMode = style({
  alignSelf: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `2px dashed ${vars.color.danger}`,
  color: vars.color.danger,
  fontWeight: 700,
  fontSize: vars.font.sizeSm,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})

export const receiptLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: vars.color.primaryText,
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const cardElement = style({ minHeight: '44px' })
