import type { ElementType, ReactNode } from 'react'
import * as styles from './layout.css'

/** Props of {@link PageContainer}. */
export interface PageContainerProps {
  /** Element to render (default 'main'). */
  as?: ElementType
  className?: string
  children?: ReactNode
}

/** Centres page content at the content max width, 1000px (SPEC §9). */
export function PageContainer({ as: As = 'main', className, children }: PageContainerProps) {
  return <As className={[styles.page, className].filter(Boolean).join(' ')}>{children}</As>
}
