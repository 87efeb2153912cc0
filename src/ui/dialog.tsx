import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import * as styles from './dialog.css'

/**
 * Where a dialog is in its cycle, as its owner's machine says: `open` (shown, modal),
 * `closing` (hidden at once, still modal until the owner says `closed`), `closed`.
 * @internal exported for its tests
 */
export type DialogPhase = 'open' | 'closing' | 'closed'

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** The phase to render; the owner's machine keeps it. */
  phase: DialogPhase
  /** Called when the user dismisses it while open: Escape, the close button or a backdrop click. */
  onDismiss: () => void
  /** Names the dialog (`aria-labelledby`), e.g. the product title (CONTRACT.md "Menu"). */
  title: ReactNode
  /**
   * Where focus goes on close when there is no opener to return to: the dialog opened from a
   * link, or its opener left the page meanwhile (a cart line removed by Update). Default none.
   */
  fallbackFocus?: () => HTMLElement | null
  children?: ReactNode
}

/** The element that had focus before the dialog opened, if it is still in the page (the body is none). */
function focusable(element: Element | null): HTMLElement | null {
  return element instanceof HTMLElement && element !== element.ownerDocument.body && element.isConnected ? element : null
}

/**
 * A modal on the native `<dialog>` (max width 500px, SPEC §2 "Product popup"): the browser
 * makes the page inert, Tab wraps round its controls (keepTabWithin), and returns focus to the opener (else `fallbackFocus`) on
 * close. It renders the owner's {@link DialogPhase}: `closing` hides it in the same frame,
 * while the page stays inert until `closed` (releasing a modal restyles the whole page, so the
 * owner does that after the hiding frame has painted). Where `showModal` is missing (jsdom) it
 * falls back to the `open` attribute and moves focus by hand. Children render only while open,
 * so closing resets whatever state they hold (SPEC: "Closing resets selections").
 */
export function Dialog({ phase, onDismiss, title, fallbackFocus, children }: DialogProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Focus goes back here once closed (the browser does it for showModal; by hand otherwise).
  const opener = useRef<HTMLElement | null>(null)
  // Shown since it last closed: only a dialog that was open hands focus back. Mounting or
  // unmounting closed (the customer moved to another page) must not take focus anywhere.
  const shown = useRef(false)
  // The latest fallback, read when the dialog closes (a prop changed since opening counts).
  const fallback = useRef(fallbackFocus)
  fallback.current = fallbackFocus

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (phase === 'open') {
      delete dialog.dataset['closing']
      if (dialog.open) return
      shown.current = true
      opener.current = focusable(document.activeElement)
      if (typeof dialog.showModal === 'function') {
        dialog.showModal()
      } else {
        dialog.setAttribute('open', '')
        dialog.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus()
      }
    } else if (phase === 'closing') {
      dialog.dataset['closing'] = ''
    } else {
      delete dialog.dataset['closing']
      if (!shown.current) return
      shown.current = false
      release(dialog, opener.current, fallback.current)
      opener.current = null
    }
  }, [phase])

  // In the commit that removes the content, before the browser's next style and layout (and
  // before the press's mouse-up handling, which places a caret from a selection it finds).
  useLayoutEffect(() => {
    if (phase !== 'open' && ref.current) dropSelectionWithin(ref.current)
  }, [phase])

  // Unmounted while shown (the route changed): release the page and give focus back. Not when
  // it was closed already: focus is then the new page's, wherever the customer put it.
  useEffect(() => {
    const dialog = ref.current
    return () => {
      if (dialog && shown.current) release(dialog, opener.current, fallback.current)
    }
  }, [])

  function dismiss() {
    if (phase === 'open') onDismiss()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') {
      keepTabWithin(event)
      return
    }
    if (event.key !== 'Escape') return
    // Keep the browser from closing the element behind the owner's back; the owner closes it.
    event.preventDefault()
    dismiss()
  }

  function handleBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    // A click on the <dialog> box itself (not its content) lands on the backdrop area.
    if (event.target === event.currentTarget) dismiss()
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        dismiss()
      }}
      // The browser may still close it (e.g. a repeated Escape without user activation). The
      // close event is queued: a dialog that is open again by then was not dismissed.
      onClose={(event) => {
        if (!event.currentTarget.open) dismiss()
      }}
      onClick={handleBackdropClick}
    >
      {phase === 'open' && (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={dismiss} aria-label={t`Close`}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  )
}

// What Tab can reach inside the dialog (disabled controls and hidden inputs are skipped).
const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Tab from the last control goes to the first, Shift+Tab from the first (or the dialog itself)
 * to the last: a modal `<dialog>` alone lets Tab leave for the browser's own controls, and
 * CONTRACT.md asks dialogs to trap focus.
 */
function keepTabWithin(event: KeyboardEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget
  const items = dialog.querySelectorAll<HTMLElement>(TABBABLE)
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) return
  const active = document.activeElement
  const to = event.shiftKey ? (active === first || active === dialog ? last : null) : active === last ? first : null
  if (!to) return
  event.preventDefault()
  to.focus()
}

/**
 * Removes the page's selection when it is inside `dialog`, whose content has just gone: a caret
 * left there makes Blink search backwards through the page behind (the whole menu) for a caret
 * position in every frame, tens of milliseconds on a large menu.
 */
function dropSelectionWithin(dialog: HTMLDialogElement) {
  const selection = document.getSelection()
  if (selection && selection.rangeCount > 0 && dialog.contains(selection.anchorNode)) selection.removeAllRanges()
}

/**
 * Closes `dialog` (the page is no longer inert) and, when focus was lost with the content
 * (it unmounts while closing), gives it back to `opener`, or to `fallback`'s element when the
 * opener is gone.
 */
function release(dialog: HTMLDialogElement, opener: HTMLElement | null, fallback: (() => HTMLElement | null) | undefined) {
  if (typeof dialog.showModal === 'function') {
    if (dialog.open) dialog.close()
  } else {
    dialog.removeAttribute('open')
  }
  const active = document.activeElement
  const lost = active === null || active === document.body || !active.isConnected || dialog.contains(active)
  if (!lost) return
  const target = opener?.isConnected ? opener : (fallback?.() ?? null)
  target?.focus({ preventScroll: true })
}
