import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const label = style({ fontWeight: 600 })

export const control = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.controlBorder}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&::placeholder': { color: vars.color.muted, opacity: 1 },
  },
})

export const textarea = style({ minHeight: '5.5em', resize: 'vertical' })

export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSm })
