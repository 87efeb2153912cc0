import type { ElementType, HTMLAttributes, Ref } from 'react'
import * as styles from './layout.css'

/** Props of {@link PageContainer}: the element's own attributes and handlers pass through. */
export interface PageContainerProps extends HTMLAttributes<HTMLElement> {
  /** Element to render (default 'main'). */
  as?: ElementType
  ref?: Ref<HTMLElement>
}

/** Centres page content at the content max width, 1000px (SPEC §9). */
export function PageContainer({ as: As = 'main', className, ...props }: PageContainerProps) {
  return <As {...props} className={[styles.page, className].filter(Boolean).join(' ')} />
}
