import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TestProvider } from '@tests/test-provider'
import { Button } from './button'

describe('Button', () => {
  it('passes aria-pressed through so toggle choices expose their state', () => {
    render(
      <>
        <Button variant="secondary" aria-pressed={true}>
          Swish
        </Button>
        <Button variant="secondary" aria-pressed={false}>
          Card
        </Button>
      </>,
      { wrapper: TestProvider },
    )
    expect(screen.getByRole('button', { name: 'Swish', pressed: true })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Card', pressed: false })).toBeInTheDocument()
  })

  it('keeps its label while loading, is busy and cannot be clicked', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    const { rerender } = render(<Button onClick={onClick}>Pay</Button>, { wrapper: TestProvider })
    const button = screen.getByRole('button', { name: 'Pay' })
    expect(button).not.toHaveAttribute('aria-busy')
    expect(button).toHaveAttribute('type', 'button')

    rerender(
      <Button onClick={onClick} loading>
        Pay
      </Button>,
    )
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled()
    // The spinner is decorative: it must not add a second "Loading" status.
    expect(screen.queryByRole('status')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(onClick).not.toHaveBeenCalled()
  })

  it('submits a form only when asked to', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault())
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button>Plain</Button>
        <Button type="submit">Save</Button>
      </form>,
      { wrapper: TestProvider },
    )
    await user.click(screen.getByRole('button', { name: 'Plain' }))
    expect(onSubmit).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})
