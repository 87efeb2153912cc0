import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CustomerInputs } from '@/domain/types'
import { shopData } from '@tests/fixtures/shop'
import { renderInCheckout, startCheckoutShop } from '../payment/checkout-view.samples'
import { CustomerFormView } from './customer-form.view'

function shopWith(customerInputs: CustomerInputs | null) {
  const data = shopData()
  data.shop.customerInputs = customerInputs
  return data
}

const allRequired: CustomerInputs = {
  nameInput: { active: true, required: true },
  emailInput: { active: true, required: true },
  phoneInput: { active: true, required: true },
  addressInput: { active: true, required: true },
  extraInfoInput: { active: true, required: false },
}

async function setup(customerInputs: CustomerInputs | null) {
  const started = await startCheckoutShop({ shopData: shopWith(customerInputs) })
  await renderInCheckout(<CustomerFormView checkout={started.checkout} />)
  return { ...started, user: userEvent.setup() }
}

const textboxNames = () => screen.getAllByRole('textbox').map((el) => el.getAttribute('name'))

describe('CustomerFormView (SPEC §2 "your info", §5)', () => {
  it('shows every active field with its label, in form order', async () => {
    await setup(allRequired)
    expect(screen.getByRole('heading', { level: 2, name: 'Your info' })).toBeInTheDocument()
    for (const name of ['Name', 'Email', 'Phone', 'Address', 'Postal code', 'City', 'Additional info']) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument()
    }
    expect(textboxNames()).toEqual(['name', 'email', 'phone', 'address', 'postalCode', 'city', 'extraInfo'])
  })

  it('without a configuration shows only Email and Phone (SPEC §5 defaults)', async () => {
    await setup(null)
    expect(textboxNames()).toEqual(['email', 'phone'])
  })

  it('gives the browser autocomplete and keyboard hints', async () => {
    await setup(allRequired)
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email')
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel')
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveAttribute('autocomplete', 'postal-code')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-required', 'true')
    expect(screen.getByRole('textbox', { name: 'Additional info' })).not.toHaveAttribute('aria-required')
  })

  it('shows an error only once the field has been left', async () => {
    const { user } = await setup(allRequired)
    const email = screen.getByRole('textbox', { name: 'Email' })
    await user.type(email, 'anna@')
    expect(screen.queryByText('Enter a valid email')).toBeNull()
    expect(screen.queryByText('The field is required')).toBeNull()
    await user.tab()
    expect(email).toHaveAccessibleDescription('Enter a valid email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    // Name is required but untouched: still no error.
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid')
  })

  it('a required field left blank says The field is required, and typing fixes it', async () => {
    const { user } = await setup(allRequired)
    const city = screen.getByRole('textbox', { name: 'City' })
    await user.click(city)
    await user.tab()
    expect(city).toHaveAccessibleDescription('The field is required')
    await user.type(city, 'Umeå')
    expect(city).not.toHaveAttribute('aria-invalid')
  })

  it('sends what is typed to the checkout', async () => {
    const { user, checkout } = await setup(allRequired)
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Anna')
    await user.type(screen.getByRole('textbox', { name: 'Additional info' }), 'Ring twice')
    expect(checkout.getSnapshot().context.values).toMatchObject({ name: 'Anna', extraInfo: 'Ring twice' })
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Anna')
  })
})
