import { globalStyle, style } from '@vanilla-extract/css'
import { APP_COLORS } from '@/domain/theme'
import { media, vars } from '@/styles'
import { visuallyHiddenRules } from '@/ui/visually-hidden.css'

/** Receipt page (SPEC §2 "Receipt page"): mobile first, printable on one sheet. */

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: vars.space.lg,
  '@media': {
    [media.desktop]: { paddingBlock: vars.space.xl },
    print: { padding: 0, gap: vars.space.sm },
  },
})

export const title = style({ fontSize: vars.font.sizeXl, lineHeight: 1.2, margin: 0 })

export const receipt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  backgroundColor: vars.color.surface,
  color: vars.color.surfaceText,
  // The card is light grey in every shop: its secondary text is the light-background grey,
  // not the shop's (which is light on a dark shop background).
  vars: { [vars.color.muted]: APP_COLORS.mutedOnLight },
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': {
    [media.desktop]: { padding: vars.space.xl },
    // Paper gets no card: plain black on white, no border or fill.
    print: { padding: 0, border: 'none', backgroundColor: 'transparent', color: '#000' },
  },
})

export const subtitle = style({ fontSize: vars.font.sizeLg, margin: 0 })

export const muted = style({ color: vars.color.muted, margin: 0, '@media': { print: { color: '#000' } } })

export const seller = style({ fontStyle: 'normal', display: 'flex', flexDirection: 'column', gap: '2px' })

export const table = style({ position: 'relative', width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' })

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  paddingBlock: vars.space.sm,
  paddingInlineEnd: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
})

// A title word wider than its column breaks rather than pushing the amounts out of the card.
globalStyle(`${table} tbody th`, { overflowWrap: 'anywhere' })

globalStyle(`${table} thead th`, { fontSize: vars.font.sizeSm, color: vars.color.muted, fontWeight: 600 })

export const numeric = style({ textAlign: 'end' })
globalStyle(`${table} ${numeric}`, { textAlign: 'end', paddingInlineStart: vars.space.sm })
globalStyle(`${table} ${numeric}:last-child`, { paddingInlineEnd: 0 })

/**
 * The 'count × price' column on phones: two nowrap amounts beside a title leave the title no
 * room at 320 px, so the column is read by screen readers only and {@link unitLine} shows it.
 */
export const quantityColumn = style({ '@media': { [media.mobile]: visuallyHiddenRules } })

/** 'count × price' under the title, drawn on phones only (the column holds it elsewhere). */
export const unitLine = style({
  display: 'none',
  fontSize: vars.font.sizeSm,
  fontWeight: 'normal',
  '@media': { [media.mobile]: { display: 'block' } },
})

/** Amounts never break inside; `count × price` may wrap before the price on narrow phones. */
export const nowrap = style({ whiteSpace: 'nowrap' })

// Under the title, a price wider than what the line total leaves (the reader's text spacing at
// 320 px) breaks like a title word rather than pushing the total out of the card (WCAG 1.4.12).
globalStyle(`${unitLine} ${nowrap}`, { whiteSpace: 'normal' })

export const lineExtras = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 'normal',
  color: vars.color.muted,
  '@media': { print: { color: '#000' } },
})

export const totals = style({
  display: 'grid',
  // The labels give way (they wrap) so the amounts, which do not break, stay inside the card at
  // 320 px with the reader's own text spacing (WCAG 1.4.10, 1.4.12).
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  rowGap: vars.space.xs,
  columnGap: vars.space.md,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
})
globalStyle(`${totals} dt`, { overflowWrap: 'anywhere' })
globalStyle(`${totals} dd`, { margin: 0, textAlign: 'end' })

export const grandTotal = style({ fontWeight: 700, fontSize: vars.font.sizeLg })

export const details = style([totals, { fontSize: vars.font.sizeSm }])
globalStyle(`${details} dd`, { overflowWrap: 'anywhere' })

export const payments = style({ listStyle: 'none', margin: 0, padding: 0 })

export const paymentRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md })

/** Interactive parts (e-mail form, download, navigation) are left off paper. */
export const noPrint = style({ '@media': { print: { display: 'none' } } })

export const emailForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [media.desktop]: { flexDirection: 'row', alignItems: 'flex-end' } },
})

export const emailField = style({ flex: 1 })

export const status = style({ minHeight: '1.5em', margin: 0 })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })

export const actionLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.primaryLine}`,
  color: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    // As a button's: the text keeps its contrast (src/ui/button.css.ts).
    '&:hover': { borderColor: 'currentColor' },
  },
})

export const textLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: vars.color.primaryText,
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const notFound = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xxl,
})
