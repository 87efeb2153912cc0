import { globalStyle, style } from '@vanilla-extract/css'
import { media, vars } from '@/styles'
import { BAR_SPACE, bar } from './mobile-cart-bar.css'

// The shop's theme variables are set inline on this element; it paints the page in them.
export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
})

// While the fixed bottom bar is on the page, the footer must still scroll clear of it.
globalStyle(`${shell}:has(${bar})`, {
  '@media': { [media.mobile]: { paddingBottom: BAR_SPACE } },
})

// ... and whatever the keyboard focuses is scrolled clear of it too (WCAG 2.4.7, 2.4.11).
globalStyle(`html:has(${bar})`, {
  '@media': { [media.mobile]: { scrollPaddingBottom: BAR_SPACE } },
})

export const content = style({ flex: '1 0 auto', selectors: { '&:focus': { outline: 'none' } } })

export const notices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  selectors: { '&:has(> :not(:empty))': { paddingBlock: vars.space.sm } },
})

export const connection = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.surfaceText,
  borderInlineStart: `4px solid ${vars.color.primary}`,
})

export const empty = style({})
