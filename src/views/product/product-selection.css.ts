import { style, styleVariants } from '@vanilla-extract/css'
import { media, vars } from '@/styles/theme-contract.css'

/** The popup stacks everything; the page puts image and details side by side on desktop. */
export const root = styleVariants({
  popup: { display: 'flex', flexDirection: 'column', gap: vars.space.md },
  page: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    gap: vars.space.lg,
    '@media': {
      [media.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', alignItems: 'start' },
    },
  },
})

export const imageFrame = styleVariants({
  popup: { display: 'flex', justifyContent: 'center' },
  page: { display: 'flex', justifyContent: 'center' },
})

const imageBase = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
})

/** SPEC §9: the popup image is 300px. */
export const image = styleVariants({
  popup: [imageBase, { maxWidth: vars.size.imagePopup }],
  page: [imageBase, { maxWidth: '480px' }],
})

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 })

export const info = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

// break-word: words wrap whole; only one wider than the column (min-width 0 on details) breaks.
export const title = style({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.2, overflowWrap: 'break-word' })

// `anywhere`: in the page's flex column a long word would otherwise set its width (703 px at 320).
export const category = style({ margin: 0, color: vars.color.muted, fontSize: vars.font.sizeSm, textTransform: 'uppercase', letterSpacing: '0.04em', overflowWrap: 'anywhere' })

export const priceRow = style({ margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })

export const price = style({ fontSize: vars.font.sizeLg, fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

export const outOfStock = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
})

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' })

export const description = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const group = style({
  margin: 0,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

/** A group outside its bounds (SPEC §5 "a group is highlighted when outside bounds"). */
export const groupInvalid = style({ borderColor: vars.color.danger, borderWidth: '2px' })

// A legend sizes to its text: a group name of one long word breaks rather than widening the page (WCAG 1.4.10).
export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 700, maxWidth: '100%', overflowWrap: 'anywhere' })

export const hint = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeSm, color: vars.color.muted })

export const hintInvalid = style({ color: vars.color.danger, fontWeight: 600 })

export const options = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' })

/**
 * The whole row is the label, so the touch target is the full width and ≥ 44px tall. It wraps
 * so the price goes below a name whose longest word leaves it no room (WCAG 1.4.10).
 */
export const option = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  cursor: 'pointer',
})

export const optionInput = style({
  width: '20px',
  height: '20px',
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.primaryLine,
  cursor: 'pointer',
})

// At least its longest word wide (no min-width 0), but never pushed off the box's line: only
// a word wider than the row beside the box breaks, by break-word.
export const optionName = style({ flex: '1 1 0', maxWidth: `calc(100% - 20px - ${vars.space.sm})`, overflowWrap: 'break-word' })

// On a line of its own the price keeps to the end, where it stands beside a name.
export const optionPrice = style({ marginInlineStart: 'auto', color: vars.color.muted, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })

export const quantityRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md })

export const stockNote = style({ margin: 0, color: vars.color.danger, fontSize: vars.font.sizeSm, fontWeight: 600 })

export const total = style({
  margin: 0,
  display: 'flex',
  // A long amount in a narrow popup (320 px, WCAG 1.4.10, 1.4.12) goes below 'Total' rather than past the edge.
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.md,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: vars.font.sizeLg,
  fontVariantNumeric: 'tabular-nums',
})

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const unmet = style({ margin: 0, color: vars.color.danger, fontWeight: 600 })
