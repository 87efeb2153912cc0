import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '@/styles'

/** Height of the sticky category bar, so what scrolls into view stops below it. */
const BAR_HEIGHT = '60px'

export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  paddingBottom: vars.space.xl,
})

// The anchors scroll sideways; the cart summary (while stuck) keeps its place at the end.
export const categoryBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInline: `calc(-1 * ${vars.space.md})`,
  paddingInline: vars.space.md,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const categoryList = style({
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  gap: vars.space.xs,
  margin: 0,
  padding: `${vars.space.xs} 0`,
  listStyle: 'none',
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  whiteSpace: 'nowrap',
})

export const categoryLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  color: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { backgroundColor: vars.color.surface, color: vars.color.surfaceText } },
})

export const description = style({ whiteSpace: 'pre-line', color: vars.color.muted, maxWidth: '70ch' })

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  // Off-screen categories skip style and layout until scrolled near: with hundreds of cards,
  // opening the (modal, page-inerting) product dialog otherwise re-lays out the whole menu.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 900px',
  // That containment clips painting at the padding box: room for a card's focus ring (3 px
  // outline, 2 px offset) on the section's edges, given back by the margin (WCAG 2.4.7).
  padding: '6px',
  margin: '-6px',
})

export const categoryHeading = style({ fontSize: vars.font.sizeLg, lineHeight: 1.3 })

// Whatever scrolls into view stops below the menu's sticky bar: anchor jumps to a heading, and
// the card the keyboard focuses going back up (WCAG 2.4.7, 2.4.11). On every page, not only
// while the bar is there: `html:has(bar)` cost /megamenu's Add 32 ms at 4x CPU (its invalidation
// on each change of the menu), and elsewhere the room only keeps what scrolls in off the edge.
globalStyle('html', { scrollPaddingTop: `calc(${BAR_HEIGHT} + ${vars.space.sm})` })

const gridBase = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' })

// Minimum column widths of SPEC §2: 300px for NO_IMAGE, 400px for LARGE_IMAGE; never wider than the screen.
export const grid = styleVariants({
  NO_IMAGE: [gridBase, { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }],
  SMALL_IMAGE: [gridBase, { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 440px), 1fr))' }],
  LARGE_IMAGE: [gridBase, { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 400px), 1fr))' }],
})

export const item = style({ display: 'flex', minWidth: 0 })

const cardBase = style({
  position: 'relative',
  display: 'flex',
  width: '100%',
  padding: vars.space.md,
  gap: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.primaryLine, boxShadow: '0 2px 8px rgba(0, 0, 0, 0.08)' },
  },
})

export const card = styleVariants({
  NO_IMAGE: [cardBase, { flexDirection: 'column' }],
  // Wraps: where the text would get less than its basis (or its longest word) beside the 150 px
  // image, as on screens under ~370 px, it goes below the image instead of breaking its words.
  SMALL_IMAGE: [cardBase, { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start' }],
  LARGE_IMAGE: [cardBase, { flexDirection: 'column', padding: 0, overflow: 'hidden' }],
})

// The title's button or link covers the whole card (a stretched target), so the card is one
// click target while its accessible name stays the title alone.
export const cardAction = style({
  display: 'inline',
  // A button is sized as an inline block: without a cap its longest word could widen it past the card.
  maxWidth: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg, zIndex: 1 },
    // The pressed card is the tap's first visible answer; the popup opens right after.
    '&:active::after': { backgroundColor: 'rgba(0, 0, 0, 0.06)' },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

const smallImageBox = {
  flexShrink: 0,
  width: vars.size.imageSmall,
  height: vars.size.imageSmall,
  // 150 px on every screen (SPEC §9 "images 150px (small)").
  borderRadius: vars.radius.md,
} as const

export const smallImage = style({ ...smallImageBox, objectFit: 'cover' })

export const smallImagePlaceholder = style({ ...smallImageBox, display: 'none' })

// An image not in the page yet (its section is far from the screen): a box of its size, so the
// card's height does not change when the image comes.
export const smallImageLater = style({ ...smallImageBox, backgroundColor: vars.color.surface })

export const largeImage = style({ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover' })

export const largeImagePlaceholder = style({ display: 'block', width: '100%', aspectRatio: '1 / 1', backgroundColor: vars.color.surface })

// No min-width 0: beside an image the body is at least its longest word wide (and wraps below
// the image when that does not fit); only a word wider than the card is broken, by break-word.
export const cardBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxWidth: '100%',
  selectors: {
    [`${card.LARGE_IMAGE} &`]: { padding: vars.space.md },
    [`${card.SMALL_IMAGE} &`]: { flex: '1 1 8.5rem' },
  },
})

// break-word, not anywhere: anywhere lets the title's min-content shrink to one letter, so a
// narrow column breaks ordinary words instead of wrapping between them.
export const cardTitle = style({ margin: 0, fontWeight: 700, fontSize: vars.font.sizeMd, lineHeight: 1.3, overflowWrap: 'break-word' })

export const cardDetails = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const cardPrice = style({ fontWeight: 600 })

export const cardTags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

export const outOfStock = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  // Text colour of the shop, so it stays readable on any shop background.
  border: `2px solid ${vars.color.danger}`,
  color: vars.color.text,
})

// A short description: three lines at most in the card; the popup shows all of it.
export const cardDescription = style({
  margin: 0,
  color: vars.color.muted,
  fontSize: vars.font.sizeSm,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
})
