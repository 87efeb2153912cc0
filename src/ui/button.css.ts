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
  transition: 'filter 120ms ease',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
    '&:hover:not(:disabled)': { filter: 'brightness(0.93)' },
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
