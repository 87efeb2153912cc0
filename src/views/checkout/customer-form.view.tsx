import type { HTMLAttributes, ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { CheckoutActor } from '@machines/checkout/checkout.machine'
import { fieldErrors, sameEntries } from '@machines/checkout/checkout.selectors'
import type { CustomerField } from '@/domain/types'
import { activeFields, isRequiredField, type FieldError } from '@/domain/validation'
import { TextArea } from '@/ui/text-area'
import { TextField } from '@/ui/text-field'
import * as styles from './checkout.css'

/** How each field is labelled and what the browser may fill in (autocomplete, keyboard). */
interface FieldSpec {
  label: MessageDescriptor
  type: 'text' | 'email' | 'tel'
  autoComplete: string
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode']
  wide: boolean
}

const fieldSpecs: Record<CustomerField, FieldSpec> = {
  name: { label: msg`Name`, type: 'text', autoComplete: 'name', inputMode: 'text', wide: true },
  email: { label: msg`Email`, type: 'email', autoComplete: 'email', inputMode: 'email', wide: false },
  phone: { label: msg`Phone`, type: 'tel', autoComplete: 'tel', inputMode: 'tel', wide: false },
  address: { label: msg`Address`, type: 'text', autoComplete: 'street-address', inputMode: 'text', wide: true },
  postalCode: { label: msg`Postal code`, type: 'text', autoComplete: 'postal-code', inputMode: 'numeric', wide: false },
  city: { label: msg`City`, type: 'text', autoComplete: 'address-level2', inputMode: 'text', wide: false },
  extraInfo: { label: msg`Additional info`, type: 'text', autoComplete: 'off', inputMode: 'text', wide: true },
}

const errorTexts: Record<FieldError, MessageDescriptor> = {
  required: msg`The field is required`,
  invalidEmail: msg`Enter a valid email`,
}

/** Props of {@link CustomerFormView}. */
export interface CustomerFormViewProps {
  /** The checkout actor, which owns the values, touched fields and customer-input config. */
  checkout: CheckoutActor
}

/**
 * The 'Your info' form of the cart page (SPEC §2, §5): the fields the shop's customerInputs
 * make active, in form order, with their labels, autocomplete hints and keyboards, and the
 * errors the checkout shows (its `fieldErrors`: a field's error once the field has been left).
 * Typing sends `customer.changed`, leaving a field `customer.blurred`.
 */
export function CustomerFormView({ checkout }: CustomerFormViewProps) {
  const { i18n } = useLingui()
  const values = useSelector(checkout, (s) => s.context.values)
  const inputs = useSelector(checkout, (s) => s.context.customerInputs)
  // Compared entry by entry: the form re-renders when what it shows changes, not on every poll.
  const errors = useSelector(checkout, fieldErrors, sameEntries)
  const fields = activeFields(inputs)
  if (fields.length === 0) return null

  return (
    <section className={styles.form} aria-labelledby="customer-info-heading">
      <h2 id="customer-info-heading" className={styles.heading}>
        <Trans>Your info</Trans>
      </h2>
      <div className={styles.fields}>
        {fields.map((field) => {
          const spec = fieldSpecs[field]
          const required = isRequiredField(field, inputs)
          const code = errors[field]
          const label: ReactNode = (
            <>
              {i18n._(spec.label)}
              {required && (
                <span className={styles.requiredMark} aria-hidden="true">
                  *
                </span>
              )}
            </>
          )
          const common = {
            name: field,
            value: values[field],
            error: code ? i18n._(errorTexts[code]) : null,
            'aria-required': required || undefined,
            className: spec.wide ? styles.wide : undefined,
            onBlur: () => checkout.send({ type: 'customer.blurred', field }),
          }
          return field === 'extraInfo' ? (
            <TextArea
              key={field}
              label={label}
              rows={3}
              {...common}
              onChange={(event) => checkout.send({ type: 'customer.changed', field, value: event.target.value })}
            />
          ) : (
            <TextField
              key={field}
              label={label}
              type={spec.type}
              autoComplete={spec.autoComplete}
              inputMode={spec.inputMode}
              {...common}
              onChange={(event) => checkout.send({ type: 'customer.changed', field, value: event.target.value })}
            />
          )
        })}
      </div>
    </section>
  )
}
