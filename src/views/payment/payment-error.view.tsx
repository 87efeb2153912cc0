import { Trans } from '@lingui/react/macro'
import type { PaymentError } from '@machines/shared/payment-types'
import { textValue } from '@/ui/text-value'

/** Props of {@link PaymentErrorText}. */
export interface PaymentErrorTextProps {
  error: PaymentError
}

/**
 * The text of a payment failure (SPEC §8 "Payments", CONTRACT.md "Payment"): the provider's or
 * server's message after 'An error occurred, please try again:', the unknown-error text when
 * there is none, the network text when the server was not reached, and 'Articles are out of
 * stock' after an OUT_OF_STOCK answer. Text only: the caller puts it in a `role="alert"`.
 */
export function PaymentErrorText({ error }: PaymentErrorTextProps) {
  const message = error.message ? textValue(error.message) : null
  switch (error.code) {
    case 'network':
      return <Trans>Could not reach the server. Check your connection and try again.</Trans>
    case 'outOfStock':
      return <Trans>Articles are out of stock</Trans>
    case 'unknownProviderError':
      return <Trans>An unknown error occurred, please try again</Trans>
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
