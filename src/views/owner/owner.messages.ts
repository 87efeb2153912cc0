import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PasswordFormError } from '@machines/password-reset/password-reset.machine'

/** Password reset form errors (SPEC §5, §8 "Password reset"), by the machine's codes. */
export const passwordFormErrors: Record<PasswordFormError, MessageDescriptor> = {
  tooShort: msg`Password must be at least 6 characters`,
  mismatch: msg`Passwords do not match`,
  weakPassword: msg`Your password is not secure enough`,
  unknown: msg`An unknown error has occurred`,
}

/**
 * Bookkeeping provider errors of the callback's `error` query (SPEC §8:
 * integrate.fortnox.errors.{error}): the OAuth 2 error codes plus the providers' own
 * `error_missing_license`. Unknown codes fall back to the generic connection text.
 */
export const providerErrors: Record<string, MessageDescriptor> = {
  access_denied: msg`You did not allow the connection.`,
  invalid_request: msg`The connection request was not valid.`,
  unauthorized_client: msg`The app is not allowed to connect to this account.`,
  unsupported_response_type: msg`The connection request was not valid.`,
  invalid_scope: msg`The connection asked for permissions the account cannot give.`,
  server_error: msg`The bookkeeping service had a problem. Please try again in a moment.`,
  temporarily_unavailable: msg`The bookkeeping service is temporarily unavailable. Please try again in a moment.`,
}
