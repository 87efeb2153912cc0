import { createContext, useContext, type ElementType, type HTMLAttributes, type Ref } from 'react'
import * as styles from './layout.css'

/** Props of {@link PageContainer}: the element's own attributes and handlers pass through. */
export interface PageContainerProps extends HTMLAttributes<HTMLElement> {
  /** Element to render (default `main`, or `div` inside a {@link MainLandmark}). */
  as?: ElementType
  ref?: Ref<HTMLElement>
}

// True below a page's <main>: a page drawn there (the route error page inside the shop) must not
// open a second main landmark (WCAG 1.3.1; axe landmark-no-duplicate-main).
const InsideMain = createContext(false)

/** The page's `<main>`, whose {@link PageContainer}s render as `div` (one main landmark per page). */
export function MainLandmark({ children, ...props }: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  return (
    <main {...props}>
      <InsideMain value>{children}</InsideMain>
    </main>
  )
}

/** Whether a page's `<main>` is already open above: a page drawn there needs no second one, nor its own level-1 heading. */
export function useInsideMain(): boolean {
  return useContext(InsideMain)
}

/** Centres page content at the content max width, 1000px (SPEC §9); the page's `<main>` unless one is open. */
export function PageContainer({ as, className, ...props }: PageContainerProps) {
  const As = as ?? (useInsideMain() ? 'div' : 'main')
  return <As {...props} className={[styles.page, className].filter(Boolean).join(' ')} />
}
