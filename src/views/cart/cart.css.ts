import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles/theme-contract.css'

/** The page column: content width at most 1000px, room for the fixed bottom bar on phones. */
/** The cart's edits and Your info, locked as one while a card is charged (a bare fieldset). */
export const edits = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
})

/** Why the cart is locked while a card is charged: an info note, in the look of Alert's info tone. */
export const heldNote = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `4px solid ${vars.color.focus}`,
  backgroundColor: vars.color.surface,
  color: vars.color.surfaceText,
  fontWeight: 600,
})

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
})

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const heading = style({ fontSize: vars.font.sizeLg, margin: 0 })

export const instruction = style({ margin: 0, color: vars.color.muted })

export const lines = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' })

/**
 * One line: text on top and controls below on a phone; text, stepper and total in a row from
 * the desktop breakpoint.
 */
export const line = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gridTemplateAreas: '"info total" "controls controls"',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: '1fr auto auto',
      gridTemplateAreas: '"info controls total"',
      gap: vars.space.md,
    },
  },
})

export const info = style({ gridArea: 'info', display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })

// break-word: words wrap whole; only one wider than the column (min-width 0 on info) breaks.
export const title = style({ fontWeight: 600, overflowWrap: 'break-word' })

// Deviation names wrap whole; only one wider than the column (min-width 0 on info) breaks.
export const details = style({ margin: 0, padding: 0, listStyle: 'none', color: vars.color.muted, fontSize: vars.font.sizeSm, overflowWrap: 'break-word' })

export const note = style({ margin: 0, fontSize: vars.font.sizeSm, fontStyle: 'italic', overflowWrap: 'anywhere' })

export const controls = style({ gridArea: 'controls', display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' })

export const total = style({ gridArea: 'total', fontWeight: 600, textAlign: 'end', whiteSpace: 'nowrap' })

export const stockError = style({ margin: 0, color: vars.color.danger, fontSize: vars.font.sizeSm, fontWeight: 600 })

export const outOfStock = style({
  alignSelf: 'flex-start',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
})

export const empty = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'flex-start' })

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: vars.color.primaryText,
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const totalRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.md,
  margin: 0,
  paddingBlock: vars.space.md,
  borderTop: `2px solid ${vars.color.text}`,
  fontSize: vars.font.sizeLg,
  fontWeight: 700,
})

/** 'Removed from cart: …' under the heading, once a line is counted down to 0. */
export const removedNote = style({ margin: 0 })
