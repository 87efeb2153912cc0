import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { PasswordFormError } from '@machines/password-reset/password-reset.machine'

/** Password reset form errors (SPEC §5, §8 "Password reset"), by the machine's codes. */
export const passwordFormErrors: Record<PasswordFormError, MessageDescriptor> = {
  tooShort: msg`Password must be at least 6 characters`,
  mismatch: msg`Passwords do not match`,
  weakPassword: msg`Your password is not secure enough`,
  unknown: msg`An error occurred`,
}

/**
 * Texts of the bookkeeping callback's `error` query (SPEC §8: integrate.fortnox.errors.{error}),
 * each under its own catalog id: `integrate.{provider}.errors.{code}` for a provider's own
 * codes, `integrate.errors.{code}` for the OAuth 2 / OpenID Connect codes every provider sends.
 * {@link providerErrorText} looks a code up by those ids, so a code's text is its catalog entry;
 * listed here so that `lingui extract` keeps them. `{providerName}` is the provider's brand.
 * @internal exported for its tests
 */
export const providerErrorMessages: readonly MessageDescriptor[] = [
  msg({ id: 'integrate.errors.access_denied', message: 'You did not allow the connection.' }),
  msg({ id: 'integrate.errors.invalid_request', message: 'The connection request was not valid.' }),
  msg({ id: 'integrate.errors.unauthorized_client', message: 'The app is not allowed to connect to this account.' }),
  msg({ id: 'integrate.errors.unsupported_response_type', message: 'The connection request was not valid.' }),
  msg({ id: 'integrate.errors.invalid_scope', message: 'The connection asked for permissions the account cannot give.' }),
  msg({ id: 'integrate.errors.server_error', message: 'The bookkeeping service had a problem. Please try again in a moment.' }),
  msg({ id: 'integrate.errors.temporarily_unavailable', message: 'The bookkeeping service is temporarily unavailable. Please try again in a moment.' }),
  msg({ id: 'integrate.errors.login_required', message: 'You need to sign in to {providerName} to connect. Try again and sign in.' }),
  msg({ id: 'integrate.errors.consent_required', message: 'The connection was not approved in {providerName}. Try again and approve it.' }),
  msg({ id: 'integrate.errors.interaction_required', message: '{providerName} needs you to confirm the connection. Try again and follow the steps there.' }),
  msg({ id: 'integrate.errors.account_selection_required', message: 'Choose the account to connect in {providerName}. Try again and choose one.' }),
  msg({ id: 'integrate.fortnox.errors.error_missing_license', message: 'The account lacks a package for integrations with {providerName}.' }),
]

/**
 * The text of provider error `code` for `provider` in the active catalog: its own entry
 * (`integrate.{provider}.errors.{code}`, else `integrate.errors.{code}`), with `providerName`
 * filled in; null when the catalog has neither (the page then shows the generic connection text).
 */
export function providerErrorText(i18n: I18n, provider: string, code: string, providerName: string): string | null {
  for (const id of [`integrate.${provider}.errors.${code}`, `integrate.errors.${code}`]) {
    if (Object.hasOwn(i18n.messages, id)) return i18n._(id, { providerName })
  }
  return null
}
