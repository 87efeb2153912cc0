import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '@/styles/theme-contract.css'

export const stack = style({ display: 'flex' })

export const direction = styleVariants({
  column: { flexDirection: 'column' },
  row: { flexDirection: 'row', flexWrap: 'wrap' },
})

export const gap = styleVariants(vars.space, (space) => ({ gap: space }))

export const align = styleVariants({
  stretch: { alignItems: 'stretch' },
  start: { alignItems: 'flex-start' },
  center: { alignItems: 'center' },
  end: { alignItems: 'flex-end' },
})

export const justify = styleVariants({
  start: { justifyContent: 'flex-start' },
  center: { justifyContent: 'center' },
  end: { justifyContent: 'flex-end' },
  between: { justifyContent: 'space-between' },
})

export const page = style({
  width: '100%',
  maxWidth: vars.size.contentMax,
  marginInline: 'auto',
  paddingInline: vars.space.md,
})
