import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PaymentMethodType } from '@/domain/types'
import { byId } from '@/domain/ids'

/**
 * The payment methods' names as the customer reads them (SPEC §2 "Payment method sections",
 * "Receipt page"; CONTRACT.md: `Swish`, `Card`, `Viva Wallet`): one catalog entry each, shared
 * by the cart's method buttons and the receipt's payment rows.
 */
export const methodNames: Record<PaymentMethodType, MessageDescriptor> = {
  SWISH_TRADE: msg`Swish`,
  STRIPE: msg`Card`,
  VIVA_WALLET_WEB: msg`Viva Wallet`,
}

// The receipt names its payments by the register's own types (SPEC §3 "Receipt").
const receiptTypes: Record<string, PaymentMethodType> = {
  SWISH: 'SWISH_TRADE',
  SWISH_TRADE: 'SWISH_TRADE',
  CARD: 'STRIPE',
  STRIPE: 'STRIPE',
  VIVA: 'VIVA_WALLET_WEB',
  VIVA_WALLET: 'VIVA_WALLET_WEB',
  VIVA_WALLET_WEB: 'VIVA_WALLET_WEB',
}

// Paid at the register rather than here: only a receipt names them.
const registerOnlyNames: Record<string, MessageDescriptor> = {
  CASH: msg`Cash`,
}

/**
 * The name of a receipt's payment type (`SWISH`, `CARD`, `VIVA_WALLET`, `CASH`, or the shop's
 * method types, any case) as {@link methodNames} has it; null for a type the app has no name
 * for (the page then shows the type as it came).
 */
export function receiptMethodName(type: string): MessageDescriptor | null {
  const upper = type.toUpperCase()
  const method = receiptTypes[upper]
  return method === undefined ? (byId(registerOnlyNames, upper) ?? null) : methodNames[method]
}
