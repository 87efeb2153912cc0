import { style } from '@vanilla-extract/css'
import { media, vars } from '@/styles/theme-contract.css'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const heading = style({ fontSize: vars.font.sizeLg, margin: 0 })

/** One column on a phone; two from the desktop breakpoint (postal code beside city). */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr' } },
})

export const wide = style({ '@media': { [media.desktop]: { gridColumn: '1 / -1' } } })

export const requiredMark = style({ color: vars.color.danger, marginInlineStart: vars.space.xs })

