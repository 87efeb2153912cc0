import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: '2px solid transparent',
  fontWeight: 600,
  lineHeight: 1.2,
  cursor: 'pointer',
  textDecoration: 'none',
  // Hover eases; a state change (aria-pressed) swaps background and text colour at once: with
  // the background eased, the pressed button's light text sat on a still-pale background for
  // 120 ms (an axe color-contrast violation caught mid-change in the a11y browser test).
  transition: 'border-color 120ms ease',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
    // Hover draws the border in the text's own colour: a darker fill took black text on a shop
    // colour near the black/white crossover under 4.5:1 (#e91e63: 4.83 → 4.27).
    '&:hover:not(:disabled)': { borderColor: 'currentColor' },
  },
})

export const variant = styleVariants({
  primary: { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
  secondary: {
    backgroundColor: 'transparent',
    color: 'inherit',
    borderColor: vars.color.primaryLine,
    selectors: {
      // The selected choice of a toggle group reads as filled, in a fill that stands out 3:1
      // from the background (WCAG 1.4.11), so the selection shows in any shop colours.
      '&[aria-pressed="true"]': { backgroundColor: vars.color.primaryLine, color: vars.color.onPrimaryLine },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: 'inherit',
    selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.primaryLine } },
  },
})

export const fullWidth = style({ width: '100%' })
