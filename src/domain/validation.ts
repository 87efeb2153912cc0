/** Customer-form validation (SPEC §5 "Validation rules"). */
import type { CustomerField, CustomerInputConfig, CustomerInputKey, CustomerInputs } from './types'
import { customerFields } from './types'

/** Error code of one customer field; views map it to text (SPEC §5). */
export type FieldError = 'required' | 'invalidEmail'

const inactive: CustomerInputConfig = { active: false, required: false }
const optional: CustomerInputConfig = { active: true, required: false }

/** Which shop input configures each field: address, postal code and city share one (SPEC §5). */
const inputOf: Record<CustomerField, CustomerInputKey> = {
  name: 'nameInput',
  email: 'emailInput',
  phone: 'phoneInput',
  address: 'addressInput',
  postalCode: 'addressInput',
  city: 'addressInput',
  extraInfo: 'extraInfoInput',
}

/**
 * The customer-input configuration in force: the shop's own, or, when it sends none, email and
 * phone active but optional and everything else hidden (SPEC §5).
 * @internal exported for its unit tests (knip --production)
 */
export function effectiveCustomerInputs(inputs: CustomerInputs | null): CustomerInputs {
  if (inputs !== null) return inputs
  return {
    nameInput: inactive,
    emailInput: optional,
    phoneInput: optional,
    addressInput: inactive,
    extraInfoInput: inactive,
  }
}

/**
 * A simple `x@y.z` check with no whitespace anywhere, as the platform's own form does (SPEC §5).
 * @internal exported for its unit tests (knip --production)
 */
export function isValidEmail(s: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s)
}

/** Fields shown in the "your info" form, in form order (SPEC §2, §5: shown only if active). */
export function activeFields(inputs: CustomerInputs | null): CustomerField[] {
  const config = effectiveCustomerInputs(inputs)
  return customerFields.filter((f) => config[inputOf[f]].active)
}

/** Whether a field is shown and must be filled in (SPEC §5). */
export function isRequiredField(field: CustomerField, inputs: CustomerInputs | null): boolean {
  const c = effectiveCustomerInputs(inputs)[inputOf[field]]
  return c.active && c.required
}

/**
 * Errors of the "your info" form, by field (absent = valid). Only active fields are checked.
 * A required field that is blank after trimming → 'required'. Email, when non-blank, must also
 * look like an address → 'invalidEmail', even when not required. Views show an error only once
 * its field is touched (SPEC §5).
 */
export function validateCustomer(
  values: Record<CustomerField, string>,
  inputs: CustomerInputs | null,
): Partial<Record<CustomerField, FieldError>> {
  const errors: Partial<Record<CustomerField, FieldError>> = {}
  for (const field of activeFields(inputs)) {
    const value = values[field].trim()
    if (value === '') {
      if (isRequiredField(field, inputs)) errors[field] = 'required'
    } else if (field === 'email' && !isValidEmail(value)) {
      errors[field] = 'invalidEmail'
    }
  }
  return errors
}

/** Whether the form is valid, which gates the payment methods (SPEC §5). */
export function isCustomerValid(values: Record<CustomerField, string>, inputs: CustomerInputs | null): boolean {
  return Object.keys(validateCustomer(values, inputs)).length === 0
}
