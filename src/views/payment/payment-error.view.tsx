import { Trans, useLingui } from '@lingui/react/macro'
import type { PaymentError } from '@machines/shared/payment-types'
import { textValue } from '@/ui/text-value'

/** Props of {@link PaymentErrorText}. */
export interface PaymentErrorTextProps {
  error: PaymentError
}

/**
 * The text of a payment failure (SPEC §8 "Payments", CONTRACT.md "Payment"): the provider's or
 * server's message after 'An error occurred, please try again:' (SPEC §4: a network error is an
 * ERROR too, so 'Could not reach the server' takes the message's place), the unknown-error text
 * when there is none, and 'Articles are out of stock' after an OUT_OF_STOCK answer. Text only:
 * the caller puts it in a `role="alert"`.
 */
export function PaymentErrorText({ error }: PaymentErrorTextProps) {
  const { t } = useLingui()
  const message = error.code === 'network' ? t`Could not reach the server` : error.message ? textValue(error.message) : null
  switch (error.code) {
    case 'outOfStock':
      return <Trans>Articles are out of stock</Trans>
    case 'unknownProviderError':
      return <Trans>An unknown error occurred, please try again</Trans>
    case 'network':
    case 'startFailed':
    case 'paymentError':
    case 'providerError':
      return message ? (
        <Trans>An error occurred, please try again: {message}</Trans>
      ) : (
        <Trans>An unknown error occurred, please try again</Trans>
      )
  }
}
