import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles'

export const header = style({
  borderBottom: `1px solid ${vars.color.border}`,
})

// Wraps: when the title's longest word does not fit beside the logo (phones), the title goes
// below the logo instead of breaking its words (WCAG 1.4.10).
export const inner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
})

export const home = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minWidth: '44px',
  minHeight: '44px',
  maxWidth: vars.size.logoW,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
})

// The logo keeps its proportions inside the 200×100 box (SPEC §9); smaller on phones. The box
// has a fixed size, so the header does not grow when the image arrives (no layout shift);
// `scale-down` never enlarges a small logo, it only shrinks a big one to fit.
export const logo = style({
  display: 'block',
  width: vars.size.logoW,
  height: vars.size.logoH,
  objectFit: 'scale-down',
  objectPosition: 'left center',
  '@media': { [media.mobile]: { width: '120px', height: '60px' } },
})

export const homeText = style({
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
})

// Basis 0 and no min-width 0: the title is at least its longest word wide, so the line wraps
// before a word would break; break-word then breaks only a word wider than the header.
export const title = style({
  flex: '1 1 0',
  maxWidth: '100%',
  fontSize: vars.font.sizeXl,
  lineHeight: 1.2,
  overflowWrap: 'break-word',
  '@media': { [media.mobile]: { fontSize: vars.font.sizeLg } },
})
