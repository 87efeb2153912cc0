import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TestProvider } from '@tests/test-provider'
import { Dialog } from './dialog'

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Latte"
        onClose={() => {
          onClose()
          setOpen(false)
        }}
      >
        <p>Hot milk</p>
      </Dialog>
    </>
  )
}

/** An owner that mounts the dialog only while open, as the product popup does. */
function UnmountingHarness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog open title="Latte" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            Add
          </button>
        </Dialog>
      )}
    </>
  )
}

describe('Dialog', () => {
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

  it('is named by its title and closes on Escape', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />, { wrapper: TestProvider })
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = screen.getByRole('dialog', { name: 'Latte' })
    expect(dialog).toHaveTextContent('Hot milk')

    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus()
  })

  it('closes from its close button, and not from a click inside', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByText('Hot milk'))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
