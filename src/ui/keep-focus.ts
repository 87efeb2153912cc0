import { useEffect, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react'

/** Controls that take keyboard focus (enabled and shown ones only: not a hidden username field for password managers). */
const FOCUSABLE = 'button:not(:disabled), input:not(:disabled):not([hidden]), textarea:not(:disabled), select:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])'

/** The first enabled control inside `container`, or null. */
export function firstFocusable(container: HTMLElement | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>(FOCUSABLE) ?? null
}

/** What {@link useKeepFocusWithin} gives its container: the ref and the focus handlers. */
export interface KeepFocusWithin<T extends HTMLElement> {
  ref: RefObject<T | null>
  onFocus: () => void
  onBlur: (event: FocusEvent<T>) => void
}

/**
 * Keeps keyboard focus inside a container whose content the owner re-renders (WCAG 2.4.3): when
 * the control that had focus is removed or disabled by a render (a cart line counted down to 0,
 * a form replaced by its progress, Save disabled while it checks), focus goes to `target(container)` or,
 * without one, the container's first enabled control, instead of falling to the page body. Focus the
 * customer moves away on purpose (Tab out, a click elsewhere) is left alone. Spread the result
 * on the container; call it in the component whose render replaces the content.
 */
export function useKeepFocusWithin<T extends HTMLElement>(target?: (container: T) => HTMLElement | null): KeepFocusWithin<T> {
  const ref = useRef<T | null>(null)
  const inside = useRef(false)

  useEffect(() => {
    // A press outside the container moves focus (or drops it) on purpose.
    const pointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) inside.current = false
    }
    document.addEventListener('pointerdown', pointerDown, true)
    return () => document.removeEventListener('pointerdown', pointerDown, true)
  }, [])

  // After every render of the owner: the render may just have removed or disabled the focused control.
  useLayoutEffect(() => {
    const container = ref.current
    if (!inside.current || !container) return
    const active = document.activeElement
    const lost = active === null || active === document.body || (container.contains(active) && active.matches(':disabled'))
    if (!lost) return
    const next = target ? target(container) : firstFocusable(container)
    next?.focus()
  })

  return {
    ref,
    onFocus: () => {
      inside.current = true
    },
    onBlur: (event) => {
      // Focus moved to another element outside: on purpose. With no element it was removed or disabled.
      if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget as Node)) inside.current = false
    },
  }
}
