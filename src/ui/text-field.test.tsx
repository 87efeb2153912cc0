import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TestProvider } from '@tests/test-provider'
import { TextField } from './text-field'
import { TextArea } from './text-area'

describe('TextField', () => {
  it('is labelled and valid without an error', () => {
    render(<TextField label="Email" type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" />, { wrapper: TestProvider })
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAttribute('type', 'email')
    expect(input).toHaveAttribute('inputmode', 'email')
    expect(input).toHaveAttribute('autocomplete', 'email')
    expect(input).toHaveAttribute('placeholder', 'you@example.com')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
  })

  it('links the error text to the input and marks it invalid', () => {
    render(<TextField label="Name" error="The field is required" />, { wrapper: TestProvider })
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('The field is required')
  })

  it('reports changes and blur', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const onBlur = vi.fn()
    render(<TextField label="Phone" onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />, { wrapper: TestProvider })
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '07')
    await user.tab()
    expect(onChange).toHaveBeenLastCalledWith('07')
    expect(onBlur).toHaveBeenCalledTimes(1)
  })

  it('TextArea wires its error the same way', () => {
    render(<TextArea label="Allergies or requests" error="Too long" />, { wrapper: TestProvider })
    const area = screen.getByRole('textbox', { name: 'Allergies or requests' })
    expect(area.tagName).toBe('TEXTAREA')
    expect(area).toHaveAttribute('aria-invalid', 'true')
    expect(area).toHaveAccessibleDescription('Too long')
  })
})
