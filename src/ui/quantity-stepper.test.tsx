import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TestProvider } from '@tests/test-provider'
import { QuantityStepper } from './quantity-stepper'

function Controlled({ initial, min, max }: { initial: number; min?: number; max?: number }) {
  const [value, setValue] = useState(initial)
  return <QuantityStepper value={value} onChange={setValue} min={min} max={max} />
}

describe('QuantityStepper', () => {
  it('keeps focus on a button at its bound and ignores further presses (WCAG 2.4.3)', async () => {
    const user = userEvent.setup()
    render(<Controlled initial={2} min={0} max={3} />, { wrapper: TestProvider })
    const inc = screen.getByRole('button', { name: 'Increase quantity' })
    inc.focus()
    for (let i = 0; i < 3; i++) await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(inc).toHaveFocus()
    expect(inc).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('3')

    const dec = screen.getByRole('button', { name: 'Decrease quantity' })
    dec.focus()
    for (let i = 0; i < 4; i++) await user.keyboard('{Enter}')
    expect(dec).toHaveFocus()
    expect(dec).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('0')
  })

  it('steps within [min, max] and marks each button aria-disabled at its bound', async () => {
    const user = userEvent.setup()
    render(<Controlled initial={1} min={0} max={3} />, { wrapper: TestProvider })
    const dec = screen.getByRole('button', { name: 'Decrease quantity' })
    const inc = screen.getByRole('button', { name: 'Increase quantity' })
    const count = screen.getByRole('status')
    expect(count).toHaveTextContent('1')

    await user.click(inc)
    await user.click(inc)
    await user.click(inc)
    expect(count).toHaveTextContent('3')
    expect(inc).toHaveAttribute('aria-disabled', 'true')
    expect(dec).toHaveAttribute('aria-disabled', 'false')

    await user.click(dec)
    await user.click(dec)
    await user.click(dec)
    await user.click(dec)
    expect(count).toHaveTextContent('0')
    expect(dec).toHaveAttribute('aria-disabled', 'true')
    expect(inc).toHaveAttribute('aria-disabled', 'false')
  })

  it('reports the next value and nothing at a bound', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<QuantityStepper value={2} onChange={onChange} min={2} max={5} />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    expect(onChange).toHaveBeenLastCalledWith(3)
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }))
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('marks both buttons aria-disabled when max is 0 (out of stock) or when disabled, and reports nothing', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const { rerender } = render(<QuantityStepper value={0} onChange={onChange} max={0} />, { wrapper: TestProvider })
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toHaveAttribute('aria-disabled', 'true')
    rerender(<QuantityStepper value={2} onChange={onChange} disabled />)
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }))
    expect(onChange).not.toHaveBeenCalled()
  })
})
