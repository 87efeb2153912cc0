import { useLingui } from '@lingui/react/macro'
import { useKeepFocusWithin } from './keep-focus'
import * as styles from './quantity-stepper.css'

/** Props of {@link QuantityStepper}. */
export interface QuantityStepperProps {
  value: number
  /** Called with the next count, always within [min, max]. */
  onChange: (next: number) => void
  /** Lowest count (default 0, SPEC §9). */
  min?: number
  /** Highest count, e.g. the remaining stock (default unbounded). */
  max?: number
  disabled?: boolean
  /** Accessible name of the group (default "Quantity"). */
  label?: string
}

/**
 * A count between `Decrease quantity` / `Increase quantity` buttons (CONTRACT.md "Product
 * dialog"). Each button is disabled at its bound, and focus moves to the other one when the
 * focused button reaches it. The owner decides what a count means.
 */
export function QuantityStepper({ value, onChange, min = 0, max = Number.POSITIVE_INFINITY, disabled = false, label }: QuantityStepperProps) {
  const { t } = useLingui()
  const clamp = (n: number) => Math.min(max, Math.max(min, n))
  const keepFocus = useKeepFocusWithin<HTMLDivElement>()
  return (
    <div {...keepFocus} className={styles.stepper} role="group" aria-label={label ?? t`Quantity`}>
      <button
        type="button"
        className={styles.step}
        aria-label={t`Decrease quantity`}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className={styles.count} aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={styles.step}
        aria-label={t`Increase quantity`}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}
