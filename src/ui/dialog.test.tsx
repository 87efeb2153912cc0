import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TestProvider } from '@tests/test-provider'
import { Dialog, type DialogPhase } from './dialog'

/**
 * An owner as the product popup's machine drives it: a dismissal moves to `closing`, and the
 * test says when `closed` follows (the machine does after the next paint).
 */
function Harness({ onDismiss }: { onDismiss: () => void }) {
  const [phase, setPhase] = useState<DialogPhase>('closed')
  return (
    <>
      <button type="button" onClick={() => setPhase('open')}>
        Open
      </button>
      <button type="button" data-testid="release" onClick={() => setPhase('closed')}>
        Release
      </button>
      <Dialog
        phase={phase}
        title="Latte"
        onDismiss={() => {
          onDismiss()
          setPhase('closing')
        }}
      >
        <p>Hot milk</p>
        <button type="button" onClick={() => setPhase('closing')}>
          Add
        </button>
      </Dialog>
    </>
  )
}

/** An owner that mounts the dialog only while open. */
function UnmountingHarness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog phase="open" title="Latte" onDismiss={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Add
          </button>
        </Dialog>
      )}
    </>
  )
}

/** Ends a closing as the owner's machine does once the hiding frame has painted. */
function release() {
  act(() => screen.getByTestId('release').click())
}

describe('Dialog', () => {
  it('is named by its title; Escape asks the owner once, hides at once and gives focus back once closed', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    render(<Harness onDismiss={onDismiss} />, { wrapper: TestProvider })
    expect(screen.queryByRole('dialog')).toBeNull()

    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Latte' })
    expect(dialog).toHaveTextContent('Hot milk')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    await user.keyboard('{Escape}')
    expect(onDismiss).toHaveBeenCalledTimes(1)
    // Closing: hidden, its content gone, still modal until the owner closes it.
    expect(dialog).toHaveAttribute('data-closing')
    expect(dialog).not.toHaveTextContent('Hot milk')
    await user.keyboard('{Escape}')
    expect(onDismiss).toHaveBeenCalledTimes(1)

    release()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(dialog).not.toHaveAttribute('data-closing')
    expect(opener).toHaveFocus()
  })

  it('closes from its close button, and not from a click inside', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    render(<Harness onDismiss={onDismiss} />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByText('Hot milk'))
    expect(onDismiss).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
    release()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes on a click on its backdrop', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    render(<Harness onDismiss={onDismiss} />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByRole('dialog', { name: 'Latte' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
  })

  it('opens again from closing without closing in between', async () => {
    const user = userEvent.setup()
    render(<Harness onDismiss={() => {}} />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveAttribute('data-closing')
    // The page is inert behind a real modal; jsdom's fallback lets the test press Open here.
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(dialog).not.toHaveAttribute('data-closing')
    expect(screen.getByRole('dialog', { name: 'Latte' })).toHaveTextContent('Hot milk')
  })

  it('drops a selection inside it as it closes, and keeps one in the page', () => {
    render(<Harness onDismiss={() => {}} />, { wrapper: TestProvider })
    const selection = document.getSelection()
    if (!selection) throw new Error('jsdom has no selection')
    // The DOM's own click(): user-event would move the selection to the pressed control.
    const press = (name: string) => act(() => screen.getByRole('button', { name }).click())

    press('Open')
    selection.collapse(screen.getByText('Hot milk').firstChild, 2)
    press('Add')
    expect(selection.rangeCount).toBe(0)
    release()

    press('Open')
    const outside = screen.getByTestId('release').firstChild
    selection.collapse(outside, 1)
    press('Add')
    release()
    expect(selection.anchorNode).toBe(outside)
    expect(selection.anchorOffset).toBe(1)
  })

  it('gives focus back to the opener when its owner unmounts it', async () => {
    const user = userEvent.setup()
    render(<UnmountingHarness />, { wrapper: TestProvider })
    const opener = screen.getByRole('button', { name: 'Open' })
    await user.click(opener)
    expect(screen.getByRole('dialog', { name: 'Latte' })).toContainElement(document.activeElement as HTMLElement)
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('takes no focus when it mounts or unmounts closed (the customer moved to another page)', () => {
    const fallback = vi.fn(() => document.body.appendChild(Object.assign(document.createElement('main'), { tabIndex: -1 })))
    ;(document.activeElement as HTMLElement | null)?.blur()
    const { unmount } = render(
      <Dialog phase="closed" title="Latte" onDismiss={() => {}} fallbackFocus={fallback}>
        <p>Hot milk</p>
      </Dialog>,
      { wrapper: TestProvider },
    )
    expect(fallback).not.toHaveBeenCalled()
    unmount()
    expect(fallback).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(document.body)
  })
})
