import { useLingui } from '@lingui/react/macro'
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
 * dialog"), limited to [min, max] (SPEC §2 "quantity stepper limited by remaining stock", §9).
 * A button at its bound is `aria-disabled` and ignores presses: it keeps keyboard focus, so a
 * further Enter or Space does nothing instead of reaching the other button (WCAG 2.4.3). The
 * owner decides what a count means.
 */
export function QuantityStepper({ value, onChange, min = 0, max = Number.POSITIVE_INFINITY, disabled = false, label }: QuantityStepperProps) {
  const { t } = useLingui()
  const atMin = disabled || value <= min
  const atMax = disabled || value >= max
  const clamp = (n: number) => Math.min(max, Math.max(min, n))
  return (
    <div className={styles.stepper} role="group" aria-label={label ?? t`Quantity`}>
      <button
        type="button"
        className={styles.step}
        aria-label={t`Decrease quantity`}
        aria-disabled={atMin}
        onClick={() => {
          if (!atMin) onChange(clamp(value - 1))
        }}
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
        aria-disabled={atMax}
        onClick={() => {
          if (!atMax) onChange(clamp(value + 1))
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}
