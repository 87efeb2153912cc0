import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const utilityBar = style({
  display: 'flex',
  justifyContent: 'flex-end',
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  padding: `${vars.space.xs} ${vars.space.md}`,
})
