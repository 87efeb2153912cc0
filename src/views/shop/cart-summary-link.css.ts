import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles'

export const cart = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  // A ring in the text's colour, not a darker fill: the text keeps its contrast (src/ui/button.css.ts).
  selectors: { '&:hover': { boxShadow: 'inset 0 0 0 2px currentColor' } },
  // Below 768px the fixed bottom bar shows the cart instead (SPEC §2).
  '@media': { [media.mobile]: { display: 'none' } },
})

export const cartLabel = style({})

export const cartCount = style({ fontWeight: 400 })

export const cartTotal = style({})
