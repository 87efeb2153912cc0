import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const screen = style({
  minHeight: '60vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.primaryLine,
})

// Over the page, not in its flow: the menu stays where it was under the customer's finger.
// Centred by the margins (fixed, inset 0, its own size), so one element does.
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 20,
  width: 'max-content',
  height: 'max-content',
  margin: 'auto',
  display: 'flex',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.background,
  color: vars.color.primaryLine,
  boxShadow: '0 12px 40px rgba(0, 0, 0, 0.3)',
  pointerEvents: 'none',
})
