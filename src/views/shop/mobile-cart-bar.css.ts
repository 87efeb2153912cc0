import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles'

/** Height the layout reserves below its content while the bar is shown. */
export const BAR_SPACE = '88px'

export const bar = style({
  display: 'none',
  '@media': {
    [media.mobile]: {
      display: 'block',
      position: 'fixed',
      insetInline: 0,
      bottom: 0,
      zIndex: 10,
      padding: vars.space.sm,
      paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
      backgroundColor: vars.color.background,
      borderTop: `1px solid ${vars.color.border}`,
      boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.12)',
    },
  },
})

export const action = style({
  display: 'flex',
  // With the reader's own text spacing (WCAG 1.4.12) at 320 px the count goes below, not off the bar.
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '56px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  textDecoration: 'none',
  cursor: 'pointer',
})

export const label = style({ flex: '1 1 auto', textAlign: 'start' })

export const total = style({})

export const count = style({ fontWeight: 400 })
