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
  it('moves focus to the other button when the focused one reaches its bound (WCAG 2.4.3)', async () => {
    const user = userEvent.setup()
    render(<Controlled initial={2} min={0} max={3} />, { wrapper: TestProvider })
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toHaveFocus()
    for (let i = 0; i < 3; i++) await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toHaveFocus()
  })

  it('steps within [min, max] and disables each button at its bound', async () => {
    const user = userEvent.setup()
    render(<Controlled initial={1} min={0} max={3} />, { wrapper: TestProvider })
    const dec = screen.getByRole('button', { name: 'Decrease quantity' })
    const inc = screen.getByRole('button', { name: 'Increase quantity' })
    const count = screen.getByRole('status')
    expect(count).toHaveTextContent('1')

    await user.click(inc)
    await user.click(inc)
    expect(count).toHaveTextContent('3')
    expect(inc).toBeDisabled()
    expect(dec).toBeEnabled()

    await user.click(dec)
    await user.click(dec)
    await user.click(dec)
    expect(count).toHaveTextContent('0')
    expect(dec).toBeDisabled()
    expect(inc).toBeEnabled()
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

  it('disables both buttons when max is 0 (out of stock) or when disabled', () => {
    const { rerender } = render(<QuantityStepper value={0} onChange={() => {}} max={0} />, { wrapper: TestProvider })
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    rerender(<QuantityStepper value={2} onChange={() => {}} disabled />)
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled()
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeInTheDocument()
  })
})
