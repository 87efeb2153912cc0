import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  activeFields,
  effectiveCustomerInputs,
  isCustomerValid,
  isRequiredField,
  isValidEmail,
  validateCustomer,
} from './validation'
import { customerFields } from './types'
import type { CustomerField, CustomerInputs } from './types'

const blank: Record<CustomerField, string> = {
  name: '',
  email: '',
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  extraInfo: '',
}
const on = { active: true, required: true }
const optional = { active: true, required: false }
const off = { active: false, required: false }
const allRequired: CustomerInputs = {
  nameInput: on,
  emailInput: on,
  phoneInput: on,
  addressInput: on,
  extraInfoInput: on,
}

describe('defaults without customerInputs (SPEC §5)', () => {
  it('shows email and phone, optional', () => {
    expect(activeFields(null)).toEqual(['email', 'phone'])
    expect(effectiveCustomerInputs(null).emailInput).toEqual(optional)
    expect(isRequiredField('email', null)).toBe(false)
    expect(validateCustomer(blank, null)).toEqual({})
    expect(isCustomerValid(blank, null)).toBe(true)
  })

  it('still rejects a malformed email that is not required', () => {
    expect(validateCustomer({ ...blank, email: 'anna@' }, null)).toEqual({ email: 'invalidEmail' })
  })
})

describe('validateCustomer', () => {
  it('flags every required blank field (whitespace counts as blank)', () => {
    expect(validateCustomer({ ...blank, name: '   ' }, allRequired)).toEqual({
      name: 'required',
      email: 'required',
      phone: 'required',
      address: 'required',
      postalCode: 'required',
      city: 'required',
      extraInfo: 'required',
    })
  })

  it('passes a filled form and checks the email format', () => {
    const filled = {
      name: 'Anna',
      email: ' anna@example.se ',
      phone: '0701234567',
      address: 'Storgatan 1',
      postalCode: '11122',
      city: 'Stockholm',
      extraInfo: 'Door code 1234',
    }
    expect(validateCustomer(filled, allRequired)).toEqual({})
    expect(validateCustomer({ ...filled, email: 'anna example.se' }, allRequired)).toEqual({ email: 'invalidEmail' })
  })

  it('ignores inactive fields, even with values or required flags', () => {
    const inputs: CustomerInputs = {
      nameInput: { active: false, required: true },
      emailInput: off,
      phoneInput: on,
      addressInput: off,
      extraInfoInput: optional,
    }
    expect(activeFields(inputs)).toEqual(['phone', 'extraInfo'])
    expect(validateCustomer({ ...blank, email: 'not-an-email' }, inputs)).toEqual({ phone: 'required' })
    expect(isRequiredField('name', inputs)).toBe(false)
  })

  it('lets address, postal code and city follow the address input', () => {
    const inputs: CustomerInputs = { ...allRequired, addressInput: on }
    expect(activeFields({ ...inputs, addressInput: off })).not.toContain('city')
    const errors = validateCustomer({ ...blank, name: 'A', email: 'a@b.se', phone: '1', extraInfo: 'x', address: 'Gatan 1' }, inputs)
    expect(errors).toEqual({ postalCode: 'required', city: 'required' })
  })

  it('never reports a field that is not active, and every reported field is a real problem', () => {
    const config = fc.record({ active: fc.boolean(), required: fc.boolean() })
    const inputsArb = fc.record({
      nameInput: config,
      emailInput: config,
      phoneInput: config,
      addressInput: config,
      extraInfoInput: config,
    })
    const valueArb = fc.constantFrom('', ' ', 'x', 'a@b.se', 'a @b.se')
    const valuesArb = fc.record(Object.fromEntries(customerFields.map((f) => [f, valueArb])) as Record<CustomerField, fc.Arbitrary<string>>)
    fc.assert(
      fc.property(fc.option(inputsArb, { nil: null }), valuesArb, (inputs, values) => {
        const errors = validateCustomer(values, inputs)
        const active = activeFields(inputs)
        for (const [field, error] of Object.entries(errors) as [CustomerField, string][]) {
          expect(active).toContain(field)
          if (error === 'required') {
            expect(isRequiredField(field, inputs)).toBe(true)
            expect(values[field].trim()).toBe('')
          } else {
            expect(field).toBe('email')
            expect(isValidEmail(values.email.trim())).toBe(false)
          }
        }
        expect(isCustomerValid(values, inputs)).toBe(Object.keys(errors).length === 0)
      }),
    )
  })
})

describe('isValidEmail', () => {
  it('accepts x@y.z without spaces', () => {
    expect(isValidEmail('a@b.se')).toBe(true)
    expect(isValidEmail('first.last+tag@sub.example.fi')).toBe(true)
    for (const bad of ['', 'a', 'a@b', '@b.se', 'a@.', 'a b@c.se', 'a@b .se', 'a@b.se c', 'a@b.se@c', 'a@@b.se']) {
      expect(isValidEmail(bad)).toBe(false)
    }
  })
})
