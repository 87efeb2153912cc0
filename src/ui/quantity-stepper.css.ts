import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm })

export const step = style({
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.primaryLine}`,
  backgroundColor: 'transparent',
  color: 'inherit',
  fontSize: vars.font.sizeLg,
  lineHeight: 1,
  cursor: 'pointer',
  // aria-disabled, not disabled: a button at its bound keeps focus (quantity-stepper.tsx).
  selectors: { '&[aria-disabled="true"]': { opacity: 0.4, cursor: 'not-allowed' } },
})

export const count = style({ minWidth: '2ch', textAlign: 'center', fontWeight: 600, fontVariantNumeric: 'tabular-nums' })
