import type { ElementType, ReactNode } from 'react'
import * as styles from './layout.css'

/** Spacing step of the theme (`vars.space`). */
export type Space = keyof typeof styles.gap

/** Props of {@link Stack}. */
export interface StackProps {
  direction?: 'column' | 'row'
  gap?: Space
  align?: keyof typeof styles.align
  justify?: keyof typeof styles.justify
  /** Element to render, e.g. 'ul' or 'section' (default 'div'). */
  as?: ElementType
  className?: string
  children?: ReactNode
}

/** Flex layout with a gap from the theme's space scale; rows wrap. */
export function Stack({ direction = 'column', gap = 'md', align = 'stretch', justify = 'start', as: As = 'div', className, children }: StackProps) {
  const classes = [styles.stack, styles.direction[direction], styles.gap[gap], styles.align[align], styles.justify[justify], className]
    .filter(Boolean)
    .join(' ')
  return <As className={classes}>{children}</As>
}
