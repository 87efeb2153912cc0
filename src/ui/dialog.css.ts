import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const dialog = style({
  width: `min(calc(100% - 2 * ${vars.space.md}), ${vars.size.popupMax})`,
  maxHeight: `calc(100% - 2 * ${vars.space.md})`,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  boxShadow: '0 12px 40px rgba(0, 0, 0, 0.3)',
  selectors: {
    '&::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.5)' },
    // Closed, and released right after this paint (dialog.tsx).
    '&[data-closing]': { display: 'none' },
  },
})

// Sticky, so the title and close stay in view; but never more than 40 % of the screen (a long
// title at 200 % text, WCAG 1.4.4 / 1.4.10): past that it scrolls on its own, and the choices and
// Add below stay reachable.
export const header = style({
  position: 'sticky',
  top: 0,
  maxHeight: '40vh',
  overflowY: 'auto',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
})

// min-width 0 lets the title shrink beside the close button; a word wider than the dialog then
// breaks instead of widening it (WCAG 1.4.10).
export const title = style({ fontSize: vars.font.sizeLg, margin: 0, minWidth: 0, overflowWrap: 'break-word' })

export const close = style({
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  background: 'transparent',
  fontSize: '1.5rem',
  lineHeight: 1,
  cursor: 'pointer',
  borderRadius: vars.radius.md,
})

export const body = style({ padding: vars.space.md })
