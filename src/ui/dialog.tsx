import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { afterNextPaint } from './after-next-paint'
import * as styles from './dialog.css'

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is shown; the owner keeps this state. */
  open: boolean
  /** Called once when the user dismisses it: Escape, the close button or a backdrop click. */
  onClose: () => void
  /** Names the dialog (`aria-labelledby`), e.g. the product title (CONTRACT.md "Menu"). */
  title: ReactNode
  children?: ReactNode
}

/**
 * A modal on the native `<dialog>` (max width 500px, SPEC §2 "Product popup"): the browser
 * traps focus, makes the page inert and returns focus to the opener on close. Closing hides it
 * at once and releases the page right after that paint. Where
 * `showModal` is missing (jsdom) it falls back to the `open` attribute. Children render only
 * while open, so closing resets whatever state they hold (SPEC: "Closing resets selections").
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // The latest props, read by native event handlers that outlive a render.
  const openRef = useRef(open)
  const onCloseRef = useRef(onClose)
  openRef.current = open
  onCloseRef.current = onClose
  // Several close paths can fire for one dismissal (keydown, cancel, close); report it once.
  const dismissedRef = useRef(false)

  // Bumped by every opening, so a close still waiting for its paint (see below) is dropped
  // when the dialog opens again first (StrictMode re-runs the effect at once).
  const openingRef = useRef(0)

  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opening = ++openingRef.current
    delete dialog.dataset['closing']
    dismissedRef.current = false
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // The browser gives focus back to the opener when an attached modal closes; an owner that
    // unmounts the dialog (the product popup does) removes it before this cleanup runs, and
    // focus falls to <body>. Then, and without showModal, give it back by hand.
    const returnFocus = () => {
      const active = document.activeElement
      const lost = active === null || active === document.body || !active.isConnected || dialog.contains(active)
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true })
    }
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal()
      return () => {
        // Hidden at once, the visible answer to whatever closed it; `close()` follows that
        // paint. Closing a modal makes the whole page non-inert again, a style recalculation
        // of every element (32 ms at 4× CPU over a 500-article menu), which then no longer
        // delays the frame that answers the tap (issue 6: interaction latency).
        dialog.dataset['closing'] = ''
        afterNextPaint(() => {
          if (openingRef.current !== opening) return
          delete dialog.dataset['closing']
          if (dialog.open) dialog.close()
          returnFocus()
        })
      }
    }
    // Without showModal, do by hand what it does for focus: move it in.
    dialog.setAttribute('open', '')
    dialog.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus()
    return () => {
      dialog.removeAttribute('open')
      returnFocus()
    }
  }, [open])

  function dismiss() {
    if (dismissedRef.current || !openRef.current) return
    dismissedRef.current = true
    onCloseRef.current()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return
    // Keep the browser from closing the element behind React's back; the owner closes it.
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
      // close event is queued: in StrictMode the effect's cleanup closes and its re-run reopens
      // the dialog before the event arrives, so a dialog that is open again was not dismissed.
      onClose={(event) => {
        if (!event.currentTarget.open) dismiss()
      }}
      onClick={handleBackdropClick}
    >
      {open && (
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
