import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const screen = style({
  minHeight: '60vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.primaryLine,
})
